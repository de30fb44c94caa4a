/// <reference lib="webworker" />
// The service worker (docs/decisions/0033-offline-and-install.md), bundled into /sw.js by scripts/build.mjs with
// the list of files to precache and the build's version. It never calls skipWaiting: a new version waits until
// every tab of the old one is closed, so nobody is switched over in the middle of a checkout.

import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { clientsClaim } from 'workbox-core'
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import {
  cacheFor,
  OFFLINE_LIMITS,
  OFFLINE_PAGE,
  type OfflineRule,
  offlineCaches,
  offlineRule,
  PERSONAL_CACHE_PREFIX,
  SHELL_PAGES,
} from '../lib/offline-policy.ts'

declare const self: ServiceWorkerGlobalScope
/** Set by the build: the shell's scripts and style sheets, the offline page and the icons. */
declare const __SOKO_PRECACHE__: PrecacheEntry[]
/** Set by the build: a digest of the precached files. */
declare const __SOKO_VERSION__: string

const caches_ = offlineCaches(__SOKO_VERSION__)
/** How long a page waits for the network before a kept copy is shown instead (a slow connection). */
const NETWORK_TIMEOUT_MS = 6000

const expirations = {
  pages: new CacheExpiration(caches_.pages, { maxEntries: OFFLINE_LIMITS.pages }),
  personal: new CacheExpiration(caches_.personal, { maxEntries: OFFLINE_LIMITS.personal }),
}

const ruleOf = (request: Request): OfflineRule => offlineRule(request, self.location.origin)

// Signing out empties the shopper's own caches before the request goes on to the network as usual. Registered
// before Workbox's listener; it answers nothing itself.
self.addEventListener('fetch', (event) => {
  if (ruleOf(event.request) === 'sign-out') event.waitUntil(clearPersonal())
})

// The first version takes the open page at once (no older one is serving it); later ones wait, see above.
clientsClaim()
cleanupOutdatedCaches()
precacheAndRoute(__SOKO_PRECACHE__)

self.addEventListener('install', (event) => {
  event.waitUntil(keepShellPages())
})

self.addEventListener('activate', (event) => {
  event.waitUntil(dropOtherVersions())
})

// Fingerprinted scripts and styles not in the precache (pages of an older visit, the admin area's): the name
// changes with the content, so a kept copy is always right.
registerRoute(
  ({ request }) => ruleOf(request) === 'asset',
  new CacheFirst({
    cacheName: 'soko-assets',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 150 })],
  }),
)

registerRoute(
  ({ request }) => ruleOf(request) === 'image',
  new CacheFirst({
    cacheName: caches_.images,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: OFFLINE_LIMITS.images,
        maxAgeSeconds: OFFLINE_LIMITS.imageMaxAgeSeconds,
        purgeOnQuotaError: true,
      }),
    ],
  }),
)

registerRoute(
  ({ request }) => {
    const rule = ruleOf(request)
    return rule === 'page' || rule === 'personal'
  },
  ({ request, event }) => networkFirst(request, ruleOf(request) === 'personal' ? 'personal' : 'page', event),
)

/**
 * The network's answer, kept for later (in the shopper's own cache when it is theirs); without a connection, or
 * after a few seconds of a slow one, the copy kept last; for a page never kept, the offline page.
 */
async function networkFirst(request: Request, rule: 'page' | 'personal', event: ExtendableEvent): Promise<Response> {
  const network = fetch(request).then((response) => {
    if (response.status === 200 && response.type === 'basic' && !response.redirected) {
      const kind = cacheFor(rule, response.headers.get('cache-control'))
      event.waitUntil(keep(kind, request.url, response.clone()))
    }
    return response
  })
  const kept = await keptCopy(request)
  if (kept === undefined) {
    return network.catch(async (error: unknown) => (await offlineFallback(request)) ?? Promise.reject(error))
  }
  const timeout = new Promise<Response>((resolve) => setTimeout(() => resolve(kept), NETWORK_TIMEOUT_MS))
  return Promise.race([network.catch(() => kept), timeout])
}

async function keep(kind: 'pages' | 'personal', url: string, response: Response): Promise<void> {
  try {
    const cache = await caches.open(caches_[kind])
    await cache.put(url, response)
    await expirations[kind].updateTimestamp(url)
    await expirations[kind].expireEntries()
  } catch (error) {
    // A full disk: the page is simply not kept.
    console.warn('Could not keep a page for offline use', error)
  }
}

/** The copy kept of this address: the shopper's own first, then the public one, then the visitor's shell page. */
async function keptCopy(request: Request): Promise<Response | undefined> {
  for (const name of [caches_.personal, caches_.pages, caches_.shell]) {
    const cache = await caches.open(name)
    const match = await cache.match(request.url, { ignoreVary: true })
    if (match) return match
  }
  return undefined
}

/** A navigation to a page never kept gets the offline page; data and reads get nothing. */
async function offlineFallback(request: Request): Promise<Response | undefined> {
  if (request.mode !== 'navigate') return undefined
  return matchPrecache(OFFLINE_PAGE)
}

/** The home, cart and checkout pages as a visitor sees them (no cookies sent), so that they open offline. */
async function keepShellPages(): Promise<void> {
  const cache = await caches.open(caches_.shell)
  await Promise.all(
    SHELL_PAGES.map(async (path) => {
      try {
        const response = await fetch(path, { credentials: 'omit', cache: 'no-store' })
        if (response.status === 200 && !response.redirected)
          await cache.put(new URL(path, self.location.origin).href, response)
      } catch {
        // Offline at install: the page is kept the next time it is visited.
      }
    }),
  )
}

/** Pages and shells of older versions point at scripts that are gone: this version starts its own. */
async function dropOtherVersions(): Promise<void> {
  const current: string[] = Object.values(caches_)
  for (const name of await caches.keys()) {
    const versioned = /^soko-(pages|personal|shell)-/.test(name)
    if (versioned && !current.includes(name)) {
      await caches.delete(name)
      await new CacheExpiration(name, { maxEntries: 1 }).delete()
    }
  }
}

async function clearPersonal(): Promise<void> {
  for (const name of await caches.keys()) {
    if (name.startsWith(PERSONAL_CACHE_PREFIX)) await caches.delete(name)
  }
}
