import { ForgotPasswordForm } from '../features/auth/forgot-password-form.tsx'

export function meta() {
  return [{ title: 'Forgot Password | Soko' }]
}

export default function ForgotPassword() {
  return <ForgotPasswordForm />
}
