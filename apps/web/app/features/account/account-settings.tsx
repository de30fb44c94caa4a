import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { AddressesPanel } from './addresses-panel.tsx'
import { OrdersPanel } from './orders-panel.tsx'
import { PaymentPanel } from './payment-panel.tsx'
import { ProfilePanel } from './profile-panel.tsx'
import { SecurityPanel } from './security-panel.tsx'
import { SettingsPanel } from './settings-panel.tsx'
import './account.css'

/** The account tabs (specification section 4), addressable as /account-settings?tab=<id> so a reload keeps them. */
export const ACCOUNT_TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'orders', label: 'Orders' },
  { id: 'addresses', label: 'Addresses' },
  { id: 'payment', label: 'Payment Methods' },
  { id: 'security', label: 'Security' },
  { id: 'settings', label: 'Settings' },
] as const
export type AccountTab = (typeof ACCOUNT_TABS)[number]['id']

export function parseTab(value: string | null): AccountTab {
  return ACCOUNT_TABS.find((tab) => tab.id === value)?.id ?? 'profile'
}

export interface AccountSettingsProps {
  tab: AccountTab
  /** Composed by the route: the change-password form and the logout button belong to other parts of the app. */
  changePassword: ReactNode
  logout: ReactNode
}

/** Account settings (specification section 2): the 'My Account' sidebar and the chosen tab. */
export function AccountSettings({ tab, changePassword, logout }: AccountSettingsProps) {
  return (
    <div className="account">
      <aside className="card account__sidebar">
        <h1 className="account__sidebar-title">My Account</h1>
        <nav aria-label="My Account">
          <ul>
            {ACCOUNT_TABS.map((item) => (
              <li key={item.id}>
                <Link
                  to={`/account-settings?tab=${item.id}`}
                  aria-current={item.id === tab ? 'page' : undefined}
                  preventScrollReset
                  replace
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account__logout">{logout}</div>
      </aside>
      <div className="account__main">
        {tab === 'profile' && <ProfilePanel />}
        {tab === 'orders' && <OrdersPanel />}
        {tab === 'addresses' && <AddressesPanel />}
        {tab === 'payment' && <PaymentPanel />}
        {tab === 'security' && <SecurityPanel changePassword={changePassword} />}
        {tab === 'settings' && <SettingsPanel />}
      </div>
    </div>
  )
}
