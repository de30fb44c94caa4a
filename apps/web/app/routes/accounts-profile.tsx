import { ProfilePanel } from '../features/account/profile-panel.tsx'
import '../features/account/account.css'

export function meta() {
  return [{ title: 'My Profile | Soko' }, { name: 'robots', content: 'noindex' }]
}

export default function AccountsProfile() {
  return <ProfilePanel headingLevel={1} />
}
