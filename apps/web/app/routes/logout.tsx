import type { ApiKey } from '@soko/contract/api'
import { splitKey } from '@soko/contract/endpoint'
import { redirect } from 'react-router'
import type { Route } from './+types/logout'

// Logout (specification section 4): ends the session on the server, clears its cookie and goes to /login. A form
// post, so it works before the page's scripts have loaded too.
export async function action({ context }: Route.ActionArgs) {
  // The raw answer, not `call`: its Set-Cookie headers (the cleared session) go on to the browser with the redirect.
  const { method, path } = splitKey('POST /api/auth/logout/' satisfies ApiKey)
  const response = await context.fetchApi(path, { method })
  const headers = new Headers()
  for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie)
  return redirect('/login', { headers })
}

// Nothing to show at GET /logout: signing out takes a POST (a link or prefetch must not sign anyone out).
export function loader() {
  return redirect('/')
}

export default function Logout() {
  return null
}
