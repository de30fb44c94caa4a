import type { FastifyInstance, FastifyRequest } from 'fastify'
import { cookieValue, sessionCookieName } from './auth.ts'
import type { Config } from './config.ts'

/** What a shared cache (a CDN, a proxy) must never keep, nor the browser write to disk. */
export const PRIVATE_NO_STORE = 'private, no-store'

/**
 * Pages that show or take one person's data, with everything under them: the account area, the vendor portal, the
 * admin area, the cart and checkout (and their copies under /products/), the guest's order page, and the sign-in,
 * sign-up and password pages (their forms carry what the shopper typed, and their answers set session cookies).
 * A new page of this kind goes under one of these, or gets its own entry here.
 */
export const PERSONAL_PAGE_PREFIXES = [
  '/accounts',
  '/account-settings',
  '/vendor-portal',
  '/sell',
  '/admin',
  '/cart',
  '/checkout',
  '/payment',
  '/order-summary',
  '/orders',
  '/products/cart',
  '/products/checkout',
  '/products/payment',
  '/products/shipping',
  '/products/order-summary',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/logout',
] as const

/**
 * API calls that answer one person's data or tokens: their profile, orders, addresses, payment methods and
 * wishlist, their cart, sign-in and sessions, a vendor's shop, an admin's views, orders and payments. The
 * catalogue (/api/marketplace/) is the same for everyone and keeps its public caching.
 */
export const PERSONAL_API_PREFIXES = [
  '/api/user',
  '/api/vendor',
  '/api/admin',
  '/api/cart',
  '/api/auth',
  '/api/checkout',
  '/api/payments',
  '/api/dev',
] as const

/**
 * The path as the router matches it: no query, percent-decoded, lower case (React Router matches pages without
 * regard to case), repeated and trailing slashes dropped, and a client-side navigation's data request
 * (`/cart.data`, `/_root.data` for the home page) as the page it loads.
 */
export function routedPath(url: string): string {
  let path = url.split(/[?#]/, 1)[0] ?? '/'
  try {
    path = decodeURIComponent(path)
  } catch {
    // Left encoded: the router refuses such a path too.
  }
  path = path.toLowerCase().replace(/\/{2,}/g, '/')
  if (path.endsWith('.data')) path = path.slice(0, -'.data'.length)
  if (path === '/_root') return '/'
  return path.replace(/\/+$/, '') || '/'
}

const isUnder = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`)

/** Whether the page or API call at `url` answers one person's data (see the lists above). */
export function isPersonalPath(url: string): boolean {
  const path = routedPath(url)
  const prefixes: readonly string[] =
    path === '/api' || path.startsWith('/api/') ? PERSONAL_API_PREFIXES : PERSONAL_PAGE_PREFIXES
  return prefixes.some((prefix) => isUnder(path, prefix))
}

function isPage(request: FastifyRequest, contentType: string): boolean {
  const path = request.url.split('?', 1)[0] ?? ''
  return contentType.startsWith('text/html') || path.endsWith('.data')
}

/**
 * Marks every answer that carries one person's data `private, no-store`, in this one place, whatever its route
 * set: the personal pages and API calls above, signed in or not (a sign-in form, a redirect to it), and any
 * response that sets a cookie. Any other page rendered for a signed-in shopper names them in its navigation bar:
 * it is `private` too, so that only their own browser may keep it.
 */
export function registerPersonalCaching(app: FastifyInstance, config: Config): void {
  const cookieName = sessionCookieName(config)
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPersonalPath(request.url) || reply.hasHeader('set-cookie')) {
      reply.header('cache-control', PRIVATE_NO_STORE)
      return payload
    }
    const signedIn =
      request.headers.authorization !== undefined || cookieValue(request.headers.cookie, cookieName) !== undefined
    if (signedIn && isPage(request, String(reply.getHeader('content-type') ?? ''))) {
      reply.header('cache-control', 'private, no-cache')
    }
    return payload
  })
}
