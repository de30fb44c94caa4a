import { SignupForm } from '../features/auth/signup-form.tsx'
import { isGoogleAvailable } from '../lib/providers.server.ts'
import type { Route } from './+types/signup'

export function meta() {
  return [{ title: 'Sign Up | Soko' }]
}

export async function loader({ context }: Route.LoaderArgs) {
  return { isGoogleAvailable: await isGoogleAvailable(context) }
}

export default function Signup({ loaderData }: Route.ComponentProps) {
  return <SignupForm isGoogleAvailable={loaderData.isGoogleAvailable} />
}
