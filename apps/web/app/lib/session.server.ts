import type { SessionUser } from '@soko/contract/auth'
import { type AppLoadContext, redirect } from 'react-router'
import { ApiError, call } from './api-client.ts'
import { loginUrl } from './safe-next.ts'

/** The signed-in user of this request (its session cookie, forwarded in-process), or null for a visitor. */
export async function getSessionUser(context: AppLoadContext): Promise<SessionUser | null> {
  try {
    return await call('GET /api/auth/me/', {}, { context })
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

/** The path (and query) the shopper asked for, as the sign-in page should return to it. */
function originPath(request: Request): string {
  const url = new URL(request.url)
  // A client-side navigation asks for `<path>.data`; the shopper's location is the path without it.
  const pathname = url.pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/') || '/'
  url.searchParams.delete('_routes')
  const search = url.searchParams.toString()
  return `${pathname}${search ? `?${search}` : ''}`
}

/** The signed-in guard (specification section 2): a visitor goes to /login, which brings them back here. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(context)
  if (!user) throw redirect(loginUrl(originPath(request)))
  return user
}

/** The admin-only guard: a visitor goes to /login, a signed-in user who is not a superuser to the home page. */
export async function requireSuperuser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context)
  if (user.role !== 'superuser') throw redirect('/')
  return user
}
