import { ResetPasswordForm } from '../features/auth/reset-password-form.tsx'
import type { Route } from './+types/reset-password'

export function meta() {
  // The link carries a secret: no index, and no referrer leaves this page.
  return [
    { title: 'Reset Your Password | Soko' },
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ]
}

export default function ResetPassword({ params }: Route.ComponentProps) {
  return <ResetPasswordForm uid={params.uid} token={params.token} />
}
