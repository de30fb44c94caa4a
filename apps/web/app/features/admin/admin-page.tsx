import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import { site } from '../../lib/site.ts'
import './admin.css'

export const ADMIN_SECTIONS = [
  { path: '/admin/dashboard', label: 'Dashboard', about: 'Orders, revenue, shoppers and products at a glance.' },
  { path: '/admin/products', label: 'Products', about: 'Review, approve and take down products across vendors.' },
  { path: '/admin/orders', label: 'Orders', about: 'Every order and its vendor orders, payments and refunds.' },
  { path: '/admin/users', label: 'Users', about: 'Shoppers, vendors and administrators, and their access.' },
] as const

/**
 * The admin area for superusers (specification section 2, DESIGN S4/S5): titled '{name} Admin' with 'Welcome,
 * Admin'. The tools are not built yet, so the page says so instead of showing sample figures, and links only to
 * screens that exist.
 */
export function AdminPage({ section, children }: { section: (typeof ADMIN_SECTIONS)[number]; children?: ReactNode }) {
  return (
    <div className="admin">
      <header className="admin__header">
        <p className="admin__brand">{site.name} Admin</p>
        <h1>Welcome, Admin</h1>
      </header>
      <div className="admin__layout">
        <nav className="admin__nav" aria-label="Admin">
          <ul>
            {ADMIN_SECTIONS.map((item) => (
              <li key={item.path}>
                <NavLink to={item.path}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className="admin__content" aria-labelledby="admin-section-title">
          <h2 id="admin-section-title">{section.label}</h2>
          <p>{section.about}</p>
          <p className="admin__coming" role="note">
            The admin tools for this section are coming soon. Nothing here is sample data: when they arrive they will
            show the marketplace's real figures.
          </p>
          {children}
        </section>
      </div>
    </div>
  )
}
