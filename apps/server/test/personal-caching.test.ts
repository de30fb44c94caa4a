import { DEMO_ACCOUNTS } from '@soko/db/seed/demo-accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Client, newCustomer, RELAXED_LIMITS, signIn } from './support/accounts.ts'
import { sellableProducts } from './support/checkout.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'
import { newVendor } from './support/vendor.ts'

// Pages and API calls that carry one person's data are never kept by a shared cache (a CDN, a proxy): they answer
// `private, no-store` whoever asks, signed in or not, while the catalogue's pages and API keep their caching. Over
// real HTTP against the production build (`npm run build`), which is what a cache in front of Soko sees.

const PERSONAL_PAGES = [
  '/accounts/dashboard',
  '/accounts/orders',
  '/accounts/profile',
  '/accounts/wishlist',
  '/account-settings',
  '/vendor-portal',
  '/vendor-portal/products',
  '/admin',
  '/admin/dashboard',
  '/admin/orders',
  '/checkout',
  '/cart',
  '/products/cart',
  '/products/checkout',
  '/payment',
  '/orders',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password/MQ/set-5f2a',
  '/sell',
  // A client-side navigation's data request for a personal page.
  '/accounts/orders.data',
  '/cart.data',
]

const PERSONAL_API = [
  '/api/user/profile',
  '/api/user/orders',
  '/api/user/payment-methods',
  '/api/user/wishlist/',
  '/api/cart/',
  '/api/auth/me/',
  '/api/auth/sessions/',
  '/api/vendor/shop/',
  '/api/vendor/orders/',
  '/api/admin/dashboard/',
  '/api/checkout/orders/SK-NOSUCH/',
]

describe('caching of personal pages and API calls', () => {
  let server: TestServer
  let who: { name: string; client: Client | null }[]
  let productSlug: string

  beforeAll(async () => {
    server = await startTestServer('pglite', { web: 'production', env: RELAXED_LIMITS })
    const [product] = await sellableProducts(server, 1)
    if (!product) throw new Error('fixture')
    productSlug = product.slug
    who = [
      { name: 'a visitor', client: null },
      { name: 'a customer', client: (await newCustomer(server)).client },
      { name: 'a vendor', client: (await newVendor(server)).client },
      { name: 'an admin', client: (await signIn(server, DEMO_ACCOUNTS.admin)).client },
    ]
  })
  afterAll(() => server?.close())

  const get = (client: Client | null, path: string) =>
    fetch(`${server.url}${path}`, { redirect: 'manual', headers: client ? { cookie: client.cookieHeader } : {} })

  it('answers every personal page private, no-store, signed in or not, redirects and errors included', async () => {
    for (const { name, client } of who) {
      for (const path of PERSONAL_PAGES) {
        const response = await get(client, path)
        await response.arrayBuffer()
        expect(response.status, `${path} for ${name}`).toBeLessThan(500)
        expect(response.headers.get('cache-control'), `${path} for ${name}`).toBe('private, no-store')
      }
    }
    // The router matches pages whatever their case and trailing slash: so does the rule.
    for (const path of ['/Accounts/Dashboard', '/cart/', '//checkout']) {
      expect((await get(null, path)).headers.get('cache-control'), path).toBe('private, no-store')
    }
  })

  it('answers every personal API call private, no-store, signed in or not', async () => {
    for (const { name, client } of who) {
      for (const path of PERSONAL_API) {
        const response = await get(client, path)
        await response.arrayBuffer()
        expect(response.status, `${path} for ${name}`).toBeLessThan(500)
        expect(response.headers.get('cache-control'), `${path} for ${name}`).toBe('private, no-store')
      }
    }
    const login = await fetch(`${server.url}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(DEMO_ACCOUNTS.customer),
    })
    expect(login.status).toBe(200)
    expect(login.headers.getSetCookie()).not.toEqual([])
    expect(login.headers.get('cache-control')).toBe('private, no-store')
  })

  it('keeps public pages and the catalogue API out of no-store; pages for a signed-in shopper are private', async () => {
    const publicPages = ['/', '/home', `/product/${productSlug}`, '/products', '/product-category', '/about']
    for (const path of publicPages) {
      const visitor = await get(null, path)
      const html = await visitor.text()
      expect(visitor.status, path).toBe(200)
      expect(html).toContain('<html')
      expect(visitor.headers.get('cache-control') ?? '', path).not.toContain('no-store')
      expect(visitor.headers.get('cache-control') ?? '', path).not.toContain('private')
    }
    for (const { name, client } of who.slice(1)) {
      for (const path of publicPages) {
        const response = await get(client, path)
        await response.arrayBuffer()
        // Its navigation bar names the shopper: their browser may keep it, no shared cache may.
        expect(response.headers.get('cache-control'), `${path} for ${name}`).toBe('private, no-cache')
      }
    }
    for (const path of [
      '/api/marketplace/home/',
      '/api/marketplace/categories/',
      `/api/marketplace/api/products/${productSlug}/`,
    ]) {
      for (const { client } of who.slice(0, 2)) {
        const response = await get(client, path)
        await response.arrayBuffer()
        expect(response.headers.get('cache-control'), path).toBe('public, no-cache')
      }
    }
    // The page's scripts stay cacheable for ever, whoever fetches them.
    const html = await (await get(null, '/')).text()
    const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    if (!script) throw new Error('no script on the home page')
    const asset = await get(who[1]?.client ?? null, script)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })
})
