import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import { AnnouncerProvider } from '../../components/ui/announcer.tsx'
import { site } from '../../lib/site.ts'
import './admin.css'

/** The admin area's sections, in the sidebar's order (each a real screen: DESIGN S5). */
export const ADMIN_SECTIONS: readonly { path: string; label: string; isDemoOnly?: boolean }[] = [
  { path: '/admin/dashboard', label: 'Dashboard' },
  { path: '/admin/products', label: 'Products' },
  { path: '/admin/orders', label: 'Orders' },
  { path: '/admin/refunds', label: 'Refunds' },
  { path: '/admin/reconciliation', label: 'Reconciliation' },
  { path: '/admin/disputes', label: 'Disputes' },
  { path: '/admin/users', label: 'Users' },
  { path: '/admin/vendors', label: 'Vendors' },
  { path: '/admin/payouts', label: 'Payouts' },
  { path: '/admin/ledger', label: 'Ledger' },
  { path: '/admin/categories', label: 'Categories' },
  { path: '/admin/banners', label: 'Banners' },
  { path: '/admin/flash-sales', label: 'Flash sales' },
  { path: '/admin/vouchers', label: 'Vouchers' },
  { path: '/admin/delivery', label: 'Delivery' },
  { path: '/admin/search-synonyms', label: 'Search synonyms' },
  { path: '/admin/messages', label: 'Messages' },
  // A demo's mail, kept because no mail server is set up; a real marketplace's mail is private.
  { path: '/admin/outbox', label: 'Outbox', isDemoOnly: true },
]

/** The section a path belongs to (`/admin/orders/12` is Orders). */
export function sectionOf(pathname: string) {
  return ADMIN_SECTIONS.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))
}

/** The page title of an admin screen: the dashboard is '{name} Admin' (specification section 2). */
export function adminTitle(screen?: string): string {
  return screen ? `${screen} | ${site.name} Admin` : `${site.name} Admin`
}

/**
 * The admin area's frame (specification section 2): '{name} Admin' with 'Welcome, Admin', and a sidebar of the
 * sections. On a phone the sidebar collapses into one row of tabs above the screen that scrolls sideways, so every
 * section stays one tap away without a menu to open (and works before the page's scripts have run).
 */
export function AdminShell({ isDemo, children }: { isDemo: boolean; children: ReactNode }) {
  return (
    <div className="admin">
      <header className="admin__header">
        <p className="admin__brand">{site.name} Admin</p>
        <h1>Welcome, Admin</h1>
      </header>
      <div className="admin__layout">
        <nav className="admin__nav" aria-label="Admin">
          <ul className="admin__sections">
            {ADMIN_SECTIONS.filter((item) => isDemo || !item.isDemoOnly).map((item) => (
              <li key={item.path}>
                <NavLink to={item.path}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="card admin__content">
          <AnnouncerProvider placement="top">{children}</AnnouncerProvider>
        </div>
      </div>
    </div>
  )
}
