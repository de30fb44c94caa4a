import type { AppLoadContext } from 'react-router'
import { call } from './api-client.ts'

/** Whether Google sign-in works here: Google, or in a demo the built-in stand-in (false when the API cannot say). */
export async function isGoogleAvailable(context: AppLoadContext): Promise<boolean> {
  try {
    return (await call('GET /api/auth/providers/', {}, { context })).google
  } catch {
    return false
  }
}
