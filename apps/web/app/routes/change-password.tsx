import { Link } from 'react-router'
import { ChangePasswordForm } from '../features/auth/change-password-form.tsx'
import '../features/auth/auth.css'

export function meta() {
  return [{ title: 'Change Password | Soko' }]
}

// /accounts/changepassword: the specification reuses the reset screen; a signed-in user also proves the current
// password, so this is the reset form with that field.
export default function ChangePassword() {
  return (
    <div className="card card--raised auth">
      <ChangePasswordForm />
      <p className="auth__switch">
        <Link to="/account-settings?tab=security">Back to account security</Link>
      </p>
    </div>
  )
}
