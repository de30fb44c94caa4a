import { useEffect } from 'react'
import { PERSONAL_CACHE_PREFIX } from '../../lib/offline-policy.ts'
import { useOnline } from '../../lib/online.ts'
import { useViewer } from '../../lib/viewer.ts'
import './offline.css'

// Installing and offline use (docs/decisions/0033-offline-and-install.md): the service worker's registration, the
// notice shown without a connection, and the line an error page adds then.

/** Whose pages the service worker's personal cache holds (shared by the tabs). */
const OFFLINE_OWNER_KEY = 'soko:offline-owner'

/**
 * Shown on every page while the browser has no connection. Meanwhile a link opens its page whole, as a first visit
 * would: the service worker answers that with the copy it kept (or its offline page), where a navigation inside
 * the app would ask the network for the page's data and fail.
 */
export function OfflineNotice() {
  const isOnline = useOnline()
  useEffect(() => {
    if (isOnline || !navigator.serviceWorker?.controller) return
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null
      if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) return
      const url = new URL(link.href)
      if (url.origin !== window.location.origin || (url.pathname === window.location.pathname && url.hash)) return
      // Before the router's own listener (it listens on the document).
      event.preventDefault()
      event.stopImmediatePropagation()
      window.location.assign(url.href)
    }
    window.addEventListener('click', onClick, true)
    return () => window.removeEventListener('click', onClick, true)
  }, [isOnline])
  return (
    <div className="offline-notice" role="status" hidden={isOnline}>
      {isOnline ? null : 'You are offline. Showing what was saved on this phone.'}
    </div>
  )
}

/** On an error page without a connection: why, and what still opens. */
export function OfflineHint() {
  const isOnline = useOnline()
  if (isOnline) return null
  return (
    <p>
      This page was not saved on this phone. Your cart and the pages you viewed recently still open; connect to see the
      rest.
    </p>
  )
}

/**
 * Registers the service worker (production builds only: the development server compiles on request) and empties
 * its personal cache when the account on this browser changes, so that a shared phone never shows one shopper's
 * orders to the next. A new version is left to wait: it takes over on the next visit, never mid-checkout.
 */
export function ServiceWorker() {
  const owner = useViewer()?.id ?? null
  const isOnline = useOnline()

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
      console.warn('Could not set up offline use', error)
    })
  }, [])

  useEffect(() => {
    // Offline pages may be a visitor's shell page: only a page from the network says who is signed in.
    if (!isOnline || !('caches' in window)) return
    const current = owner === null ? '' : String(owner)
    let previous: string | null = null
    try {
      previous = window.localStorage.getItem(OFFLINE_OWNER_KEY)
      window.localStorage.setItem(OFFLINE_OWNER_KEY, current)
    } catch {
      // Without storage nothing is compared; signing out still empties the cache (the worker sees it).
    }
    if (previous === null || previous === current) return
    void window.caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith(PERSONAL_CACHE_PREFIX)).map((name) => caches.delete(name))),
      )
  }, [owner, isOnline])

  return null
}
