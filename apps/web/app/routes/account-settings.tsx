import { useSearchParams } from 'react-router'
import { LogoutButton } from '../components/site/logout-button.tsx'
import { AccountSettings, parseTab } from '../features/account/account-settings.tsx'
import { ChangePasswordForm } from '../features/auth/change-password-form.tsx'

export function meta() {
  return [{ title: 'My Account | Soko' }, { name: 'robots', content: 'noindex' }]
}

export default function AccountSettingsRoute() {
  const [searchParams] = useSearchParams()
  return (
    <AccountSettings
      tab={parseTab(searchParams.get('tab'))}
      changePassword={<ChangePasswordForm headingLevel={2} />}
      logout={<LogoutButton className="button button--ghost" />}
    />
  )
}
