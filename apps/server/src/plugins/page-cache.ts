import { randomBytes } from 'node:crypto'
import { asksToSaveData } from '@soko/domain/data-saver'
import { LoadingCache, TtlCache } from './cache.ts'

// Storefront pages as anonymous visitors see them, rendered once and served from memory
// (docs/decisions/0028-page-cache.md). A page is the same for every visitor but for its CSP nonce, so it is
// rendered with a placeholder nonce that each response replaces with its own. The catalogue's change
// announcements (soko_catalog) empty the cache in every process; a short lifetime bounds what they do not announce
// (a flash sale's countdown, a banner's schedule).

/** How long a page is served from memory at most (catalogue changes drop it at once). */
export const PAGE_TTL_MS = 10_000
/** At most this many pages are kept (a query string makes a page of its own); the oldest go first. */
export const PAGE_CACHE_MAX = 500

/** The paths of the storefront's public pages: the same HTML for every visitor who is not signed in. */
const PUBLIC_PAGE = /^\/(?:|home|products|categories|search|vendors|category\/[^/]+|vendor\/[^/]+|product\/[^/]+)$/

/** A rendered page: its status, headers and body, the nonce placeholder in it. */
export interface RenderedPage {
  status: number
  headers: [string, string][]
  body: string
  placeholder: string
  /** False for a page that must not be served to anyone else (it set a cookie, or it is not a 200). */
  cacheable: boolean
}

/**
 * The cache key of a request served from the cache, or null: a GET of a public page (with its query, within a
 * bounded length) by a visitor who sends no cookie and no Authorization header. A visitor's cart and theme live in
 * the browser, so a visitor has no cookie; whoever has one (a session, a test's fault scope) gets a page of their own.
 */
export function pageKey(request: {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
}): string | null {
  if (request.method !== 'GET' || request.url.length > 512) return null
  const path = request.url.split('?', 1)[0] ?? ''
  if (!PUBLIC_PAGE.test(path)) return null
  if (request.headers.authorization !== undefined || (request.headers.cookie ?? '') !== '') return null
  // Save-Data changes what a page loads (the web app renders by the same rule): one copy each way.
  const header = request.headers['save-data']
  const saveData = asksToSaveData(Array.isArray(header) ? header.join(',') : header) ? ' save-data' : ''
  return `${request.url}${saveData}`
}

/** A nonce that stands in for each response's own in a cached page (long and random: it cannot occur by chance). */
export function placeholderNonce(): string {
  return randomBytes(18).toString('base64')
}

/** The page's body with this response's nonce in place of the placeholder. */
export function withNonce(page: RenderedPage, nonce: string): string {
  return page.body.replaceAll(page.placeholder, nonce)
}

/** Pages by key, with a burst of requests for a page not yet kept rendering it once. */
export class PageCache {
  private readonly pages = new LoadingCache(
    new TtlCache<RenderedPage>(PAGE_TTL_MS, PAGE_CACHE_MAX),
    (page) => page.cacheable,
  )

  /** The page, and whether it came from memory (`hit`: kept, or rendered for another request of the burst). */
  async get(key: string, render: () => Promise<RenderedPage>): Promise<{ page: RenderedPage; hit: boolean }> {
    let rendered = false
    const page = await this.pages.get(key, () => {
      rendered = true
      return render()
    })
    return { page, hit: !rendered }
  }

  /** Every page goes: the catalogue changed. */
  clear(): void {
    this.pages.clear()
  }

  get size(): number {
    return this.pages.cache.size
  }
}
