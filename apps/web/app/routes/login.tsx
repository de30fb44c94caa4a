import { GOOGLE_SIGN_IN_ERRORS } from '@soko/contract/auth'
import { safeNextPath } from '@soko/domain/safe-next'
import { LoginForm } from '../features/auth/login-form.tsx'
import { isGoogleAvailable } from '../lib/providers.server.ts'
import type { Route } from './+types/login'

export function meta() {
  return [{ title: 'Login | Soko' }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const code = url.searchParams.get('error')
  const googleError =
    code && Object.hasOwn(GOOGLE_SIGN_IN_ERRORS, code)
      ? GOOGLE_SIGN_IN_ERRORS[code as keyof typeof GOOGLE_SIGN_IN_ERRORS]
      : undefined
  return {
    next: safeNextPath(url.searchParams.get('next')),
    isGoogleAvailable: await isGoogleAvailable(context),
    googleError,
  }
}

export default function Login({ loaderData }: Route.ComponentProps) {
  return (
    <LoginForm
      next={loaderData.next}
      isGoogleAvailable={loaderData.isGoogleAvailable}
      initialError={loaderData.googleError}
    />
  )
}
