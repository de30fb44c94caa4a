import { Link, useRouteLoaderData } from 'react-router'
import '../features/account/account.css'
import type { Viewer } from '../lib/viewer.ts'

export function meta() {
  return [{ title: 'My Dashboard | Soko' }, { name: 'robots', content: 'noindex' }]
}

// The user dashboard (specification section 2), linking to the registered /accounts/ paths (DESIGN S5).
const LINKS = [
  { to: '/accounts/orders', title: 'My Orders', about: 'Track and review your orders.' },
  { to: '/accounts/wishlist', title: 'My Wishlist', about: 'Products you saved for later.' },
  { to: '/accounts/profile', title: 'My Profile', about: 'Your name, email and phone number.' },
  { to: '/accounts/changepassword', title: 'Change Password', about: 'Keep your account secure.' },
  { to: '/account-settings', title: 'Account Settings', about: 'Addresses, payment methods, sessions and theme.' },
] as const

export default function AccountsDashboard() {
  const data = useRouteLoaderData('routes/signed-in') as { user: Viewer } | undefined
  return (
    <section className="account__main" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Welcome, {data?.user.name ?? 'there'}</h1>
      <ul className="account__dashboard">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="card">
              <strong>{link.title}</strong>
              <span className="account__muted">{link.about}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
