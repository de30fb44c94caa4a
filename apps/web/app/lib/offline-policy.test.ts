import { describe, expect, it } from 'vitest'
import {
  cacheFor,
  type OfflineRule,
  offlineCaches,
  offlineRule,
  PERSONAL_CACHE_PREFIX,
  pagePath,
} from './offline-policy.ts'

const ORIGIN = 'https://soko.example'

const rule = (path: string, method = 'GET', destination = 'document'): OfflineRule =>
  offlineRule({ method, url: `${ORIGIN}${path}`, destination }, ORIGIN)

describe('pagePath', () => {
  it.each([
    ['/', '/'],
    ['/_root.data', '/'],
    ['/cart.data', '/cart'],
    ['/Product/Kiondo-Basket/', '/product/kiondo-basket'],
    ['/accounts/orders/_.data', '/accounts/orders'],
    ['//checkout', '/checkout'],
    ['/%E0%A4%A', '/%e0%a4%a'],
  ])('%s is the page %s', (path, page) => {
    expect(pagePath(path)).toBe(page)
  })
})

describe('offlineRule', () => {
  it.each<[string, string, string, OfflineRule]>([
    // The shell's files and pictures.
    ['/assets/root-CyE19qm9.js', 'GET', 'script', 'asset'],
    ['/assets/root-DQ1KOUmD.css', 'GET', 'style', 'asset'],
    ['/media/product-images/12/400.webp', 'GET', 'image', 'image'],
    ['/media/banners/3/1200.webp', 'GET', 'image', 'image'],
    ['/placeholder-product.svg', 'GET', 'image', 'image'],
    // Public pages and their navigation data, catalogue reads.
    ['/', 'GET', 'document', 'page'],
    ['/_root.data', 'GET', '', 'page'],
    ['/product/kiondo-basket', 'GET', 'document', 'page'],
    ['/product/kiondo-basket.data?_routes=routes%2Fproduct', 'GET', '', 'page'],
    ['/category/home-living', 'GET', 'document', 'page'],
    ['/search?q=basket', 'GET', 'document', 'page'],
    ['/api/marketplace/products/kiondo-basket/', 'GET', '', 'page'],
    // One shopper's: the cart, checkout and their orders.
    ['/cart', 'GET', 'document', 'personal'],
    ['/products/cart', 'GET', 'document', 'personal'],
    ['/checkout', 'GET', 'document', 'personal'],
    ['/checkout.data', 'GET', '', 'personal'],
    ['/accounts/orders', 'GET', 'document', 'personal'],
    ['/accounts/orders/SK-20260101-ABCD', 'GET', 'document', 'personal'],
    ['/api/user/orders', 'GET', '', 'personal'],
    ['/api/user/orders/SK-20260101-ABCD', 'GET', '', 'personal'],
    // Never kept: sign-in and account screens, the portals, guest order pages, other API calls, any write.
    ['/login', 'GET', 'document', 'network'],
    ['/signup', 'GET', 'document', 'network'],
    ['/reset-password/3/abc', 'GET', 'document', 'network'],
    ['/accounts/profile', 'GET', 'document', 'network'],
    ['/accounts/dashboard.data', 'GET', '', 'network'],
    ['/account-settings', 'GET', 'document', 'network'],
    ['/vendor-portal/orders', 'GET', 'document', 'network'],
    ['/admin/payouts', 'GET', 'document', 'network'],
    ['/orders/SK-20260101-ABCD', 'GET', 'document', 'network'],
    ['/payment', 'GET', 'document', 'network'],
    ['/api/auth/me/', 'GET', '', 'network'],
    ['/api/user/profile', 'GET', '', 'network'],
    ['/api/cart/', 'GET', '', 'network'],
    ['/api/vendor/products/', 'GET', '', 'network'],
    ['/api/admin/orders/', 'GET', '', 'network'],
    ['/api/checkout/quote/', 'POST', '', 'network'],
    ['/api/checkout/orders/', 'POST', '', 'network'],
    ['/cart', 'PUT', '', 'network'],
    ['/media/return-photos/4/abc.webp', 'GET', 'image', 'network'],
    // The worker and the manifest are the browser's to check.
    ['/sw.js', 'GET', 'serviceworker', 'network'],
    ['/manifest.webmanifest', 'GET', 'manifest', 'network'],
    // Signing out empties the personal cache.
    ['/logout', 'POST', 'document', 'sign-out'],
    ['/logout.data', 'POST', '', 'sign-out'],
    ['/api/auth/logout/', 'POST', '', 'sign-out'],
  ])('%s %s (%s) is %s', (path, method, destination, expected) => {
    expect(rule(path, method, destination)).toBe(expected)
  })

  it('leaves other sites alone', () => {
    expect(offlineRule({ method: 'GET', url: 'https://cdn.example/a.png', destination: 'image' }, ORIGIN)).toBe(
      'network',
    )
  })
})

describe('cacheFor', () => {
  it('keeps a public page in the shared cache, and anything private or personal in the shopper’s own', () => {
    expect(cacheFor('page', 'public, max-age=60')).toBe('pages')
    expect(cacheFor('page', null)).toBe('pages')
    expect(cacheFor('page', 'private, no-cache')).toBe('personal')
    expect(cacheFor('page', 'no-cache,private')).toBe('personal')
    expect(cacheFor('personal', 'private, no-store')).toBe('personal')
    expect(cacheFor('personal', null)).toBe('personal')
  })

  it('names the personal cache so that signing out finds it, whatever the version', () => {
    expect(offlineCaches('abc').personal.startsWith(PERSONAL_CACHE_PREFIX)).toBe(true)
    expect(offlineCaches('abc').pages).not.toBe(offlineCaches('def').pages)
    expect(offlineCaches('abc').images).toBe(offlineCaches('def').images)
  })
})
