// What the service worker keeps for a shopper without a connection (docs/decisions/0033-offline-and-install.md):
// a pure decision on the request alone, so that it can be tested without a browser. The worker itself
// (apps/web/app/service-worker/sw.ts) applies it.

/**
 * The caches the worker keeps besides its precache. Pages, their data and the shell pages are built for one version
 * of the scripts (their fingerprinted names): they are named by it, and a new version starts them afresh. Pictures
 * do not depend on it. Personal ones are emptied on sign-out.
 */
export function offlineCaches(version: string) {
  return {
    /** Public pages and their navigation data (home, products, categories, shops, search) and catalogue reads. */
    pages: `soko-pages-${version}`,
    /** One shopper's pages and reads: the cart and checkout pages, their orders, any page rendered signed in. */
    personal: `${PERSONAL_CACHE_PREFIX}${version}`,
    /** The home, cart and checkout pages as a visitor sees them, fetched when this version installs. */
    shell: `soko-shell-${version}`,
    /** Product, category and banner pictures. */
    images: 'soko-images',
  } as const
}

/** Every personal cache's name starts so (emptied on sign-out, whatever its version). */
export const PERSONAL_CACHE_PREFIX = 'soko-personal-'

/** Pages kept for a visitor when the worker installs: they open offline even if never visited. */
export const SHELL_PAGES = ['/', '/cart', '/checkout'] as const

/** The page shown for an address that was never kept, precached with the scripts. */
export const OFFLINE_PAGE = '/offline.html'

/** How many entries each cache keeps (the oldest used go first), and how long a picture is kept. */
export const OFFLINE_LIMITS = {
  pages: 50,
  personal: 30,
  images: 200,
  imageMaxAgeSeconds: 7 * 24 * 60 * 60,
} as const

/**
 * What the worker does with a request: `asset` a built script or style sheet (fingerprinted: the copy kept is
 * always right); `image` a picture; `page` a public page, its navigation data or a catalogue read; `personal` the
 * cart, checkout and a signed-in shopper's orders (pages, data and reads); `sign-out` a request that ends a
 * session (the personal cache is emptied); `network` anything else, never kept.
 */
export type OfflineRule = 'asset' | 'image' | 'page' | 'personal' | 'sign-out' | 'network'

/** The parts of a Request the decision reads. */
export interface OfflineRequest {
  method: string
  /** The absolute URL. */
  url: string
  /** Request.destination: 'document' for a navigation, 'image' for a picture, '' for fetch(). */
  destination: string
}

/** Pages kept for one shopper: the cart, checkout (it shows that it needs a connection) and their orders. */
const PERSONAL_PAGES = ['/cart', '/products/cart', '/checkout', '/products/checkout', '/accounts/orders'] as const

/**
 * Pages never kept: another person's account screens, the vendor portal, the admin area, sign-in and sign-up forms,
 * guest order pages (opened with a token), and the checkout's step addresses (they only redirect).
 */
const NEVER_PAGES = [
  '/accounts',
  '/account-settings',
  '/vendor-portal',
  '/sell',
  '/admin',
  '/payment',
  '/order-summary',
  '/orders',
  '/products/payment',
  '/products/shipping',
  '/products/order-summary',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/logout',
] as const

/** API reads kept for one shopper: their orders. */
const PERSONAL_API = ['/api/user/orders'] as const

/** Public API reads kept: the catalogue, the same for everyone. */
const PUBLIC_API = ['/api/marketplace'] as const

/** Requests that end a session: the sign-out page's form (and its navigation data) and the API call. */
const SIGN_OUT = ['/logout', '/api/auth/logout'] as const

/** Files the worker never answers from a cache: itself and the manifest (the browser checks them for updates). */
const NEVER_FILES = ['/sw.js', '/manifest.webmanifest'] as const

const isUnder = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`)
const under = (path: string, prefixes: readonly string[]): boolean => prefixes.some((prefix) => isUnder(path, prefix))

/**
 * A request's path as the router matches it: lower case, slashes tidied, and a navigation's data request
 * (`/cart.data`, `/_root.data` for the home page, `/a/_.data` for `/a/`) as the page it loads.
 */
export function pagePath(pathname: string): string {
  let path = pathname
  try {
    path = decodeURIComponent(path)
  } catch {
    // Left encoded: the router refuses such a path too.
  }
  path = path.toLowerCase().replace(/\/{2,}/g, '/')
  if (path.endsWith('/_.data')) path = path.slice(0, -'/_.data'.length)
  else if (path.endsWith('.data')) path = path.slice(0, -'.data'.length)
  if (path === '/_root') return '/'
  return path.replace(/\/+$/, '') || '/'
}

/** What the service worker does with this request, on this origin (see OfflineRule). */
export function offlineRule(request: OfflineRequest, origin: string): OfflineRule {
  const url = new URL(request.url)
  if (url.origin !== origin) return 'network'
  const path = pagePath(url.pathname)
  if (request.method !== 'GET') {
    return request.method === 'POST' && under(path, SIGN_OUT) ? 'sign-out' : 'network'
  }
  if (under(path, NEVER_FILES)) return 'network'
  if (url.pathname.startsWith('/assets/')) return 'asset'
  if (path === '/api' || path.startsWith('/api/')) {
    if (under(path, PERSONAL_API)) return 'personal'
    return under(path, PUBLIC_API) ? 'page' : 'network'
  }
  // Return photos are shown at signed addresses, to the order's buyer and vendor only.
  if (path.startsWith('/media/')) return path.startsWith('/media/return-photos/') ? 'network' : 'image'
  if (request.destination === 'image') return 'image'
  if (request.destination !== 'document' && request.destination !== '' && request.destination !== 'empty') {
    return 'network'
  }
  if (under(path, PERSONAL_PAGES)) return 'personal'
  if (under(path, NEVER_PAGES)) return 'network'
  return 'page'
}

/**
 * Which cache a kept answer goes in: one marked `private` (a page rendered for a signed-in shopper names them) is
 * that shopper's, whatever its rule.
 */
export function cacheFor(rule: 'page' | 'personal', cacheControl: string | null): 'pages' | 'personal' {
  return rule === 'personal' || /(^|[\s,])private([\s,=]|$)/i.test(cacheControl ?? '') ? 'personal' : 'pages'
}
