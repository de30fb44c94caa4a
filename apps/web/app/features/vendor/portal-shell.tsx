import type { Shop } from '@soko/contract/vendor'
import { type ReactNode, useEffect, useRef } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { AnnouncerProvider } from '../../components/ui/announcer.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import './vendor.css'

/** The portal's screens, in the navigation's order. */
export const PORTAL_SECTIONS = [
  { path: '/vendor-portal', label: 'Dashboard', end: true },
  { path: '/vendor-portal/products', label: 'Products', end: false },
  { path: '/vendor-portal/orders', label: 'Orders', end: false },
  { path: '/vendor-portal/payouts', label: 'Payouts', end: false },
  { path: '/vendor-portal/statement', label: 'Statement', end: false },
  { path: '/vendor-portal/vouchers', label: 'Vouchers', end: false },
  { path: '/vendor-portal/shop', label: 'Shop profile', end: false },
] as const

/** A portal screen's page title: 'Products | Vendor Portal | Soko'. */
export function portalTitle(screen: string): string {
  return `${screen} | Vendor Portal | Soko`
}

/** 'Verified Seller' or 'Not verified yet', and 'Suspended' while an admin has the shop suspended. */
export function ShopState({ shop }: { shop: Shop }) {
  return (
    <span className="vendor-shop-state">
      {shop.isVerified ? <Tag tone="good">Verified Seller</Tag> : <Tag tone="warn">Not verified yet</Tag>}
      {shop.isSuspended && <Tag tone="bad">Suspended</Tag>}
    </span>
  )
}

/**
 * The vendor portal's frame: the shop's name and state, and the sections as one row of tabs that scrolls sideways
 * on a phone (every section one tap away, no menu to open, working before the page's scripts run).
 */
export function PortalShell({ shop, children }: { shop: Shop; children: ReactNode }) {
  const nav = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  // On a phone the row of tabs may start scrolled away from the current one: bring it into view (sideways only).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of screen
  useEffect(() => {
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]')
    if (nav.current && current) nav.current.scrollLeft = Math.max(0, current.offsetLeft - 16)
  }, [pathname])
  return (
    <div className="vendor-portal">
      <header className="vendor-portal__header">
        <div>
          <p className="vendor-portal__eyebrow">Vendor Portal</p>
          <p className="vendor-portal__shop">{shop.name}</p>
        </div>
        <div className="vendor-portal__meta">
          <ShopState shop={shop} />
          <Link to={`/vendor/${shop.slug}`} className="vendor-portal__store-link">
            View my shop
          </Link>
        </div>
      </header>
      <nav ref={nav} className="vendor-portal__nav" aria-label="Vendor Portal">
        <ul>
          {PORTAL_SECTIONS.map((section) => (
            <li key={section.path}>
              <NavLink to={section.path} end={section.end}>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="vendor-portal__content">
        <AnnouncerProvider placement="toast">{children}</AnnouncerProvider>
      </div>
    </div>
  )
}
