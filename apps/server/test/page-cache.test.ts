// Public pages served from memory to visitors (docs/decisions/0028-page-cache.md), by the real server from the built
// web app: the same page with a fresh nonce per response, a catalogue change shown at once, and signed-in shoppers
// and anyone with a cookie given a page of their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RELAXED_LIMITS } from './support/accounts.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'
import { categories, newVendor, productBody } from './support/vendor.ts'

describe('the page cache', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer('pglite', { web: 'production', env: RELAXED_LIMITS })
  })
  afterAll(() => server?.close())

  const visit = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, { headers })
    return {
      status: response.status,
      cache: response.headers.get('x-page-cache'),
      vary: response.headers.get('vary') ?? '',
      csp: response.headers.get('content-security-policy') ?? '',
      body: await response.text(),
    }
  }
  const nonces = (body: string) => new Set([...body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))

  it('renders a public page once, and gives every response its own nonce, the one its policy names', async () => {
    const first = await visit('/')
    const second = await visit('/')
    expect([first.status, second.status]).toEqual([200, 200])
    expect(first.cache).toBe('miss')
    expect(second.cache).toBe('hit')
    const [one] = [...nonces(first.body)]
    const [two] = [...nonces(second.body)]
    expect(nonces(first.body).size).toBe(1)
    expect(nonces(second.body).size).toBe(1)
    expect(one).not.toBe(two)
    expect(first.csp).toContain(`'nonce-${one}'`)
    expect(second.csp).toContain(`'nonce-${two}'`)
    expect(second.body.replaceAll(two ?? '', one ?? '')).toBe(first.body)
  })

  it('shows a catalogue change at once: a shop’s new product is on its category page', async () => {
    const { leaf } = await categories(server)
    const vendor = await newVendor(server)
    const path = `/vendor/${vendor.shop.slug}`
    expect((await visit(path)).body).not.toContain('Echidna Beaded Bracelet')
    expect((await visit(path)).cache).toBe('hit')
    const created = await vendor.client.post(
      '/api/vendor/products/',
      productBody(leaf, { name: 'Echidna Beaded Bracelet' }),
    )
    expect(created.status).toBe(201)
    const after = await visit(path)
    expect(after.cache).toBe('miss')
    expect(after.body).toContain('Echidna Beaded Bracelet')
  })

  it('gives a signed-in shopper, or anyone with a cookie, a page of their own', async () => {
    const vendor = await newVendor(server)
    const signedIn = await visit('/', { cookie: vendor.client.cookieHeader })
    expect(signedIn.status).toBe(200)
    expect(signedIn.cache).toBeNull()
    expect(signedIn.body).toContain('Vendor Portal')
    const anonymous = await visit('/')
    expect(anonymous.body).not.toContain('Vendor Portal')
    expect((await visit('/', { cookie: 'soko_fault_scope=x' })).cache).toBeNull()
    expect((await visit('/cart')).cache).toBeNull()
  })
  it('keeps data saver pages (Save-Data: on) apart: neither is ever served the other', async () => {
    // A search of its own: nothing else in this file has put it in the cache.
    const path = '/search?q=sufuria'
    const plain = await visit(path)
    const saver = await visit(path, { 'save-data': 'on' })
    expect([plain.status, saver.status]).toEqual([200, 200])
    expect([plain.cache, saver.cache]).toEqual(['miss', 'miss'])
    for (const page of [plain, saver]) expect(page.vary.toLowerCase()).toContain('save-data')
    // The plain page has the pictures; the data saver page asks for a tap instead, and says so in its footer.
    expect(plain.body).toContain('class="product-card__image"')
    expect(plain.body).not.toContain('Show image')
    expect(saver.body).not.toContain('class="product-card__image"')
    expect(saver.body).toContain('Show image')
    expect(saver.body).toContain('Data saver is on')
    // Each is served from memory to its own kind of request only.
    const plainAgain = await visit(path)
    const saverAgain = await visit(path, { 'save-data': 'on' })
    expect([plainAgain.cache, saverAgain.cache]).toEqual(['hit', 'hit'])
    expect(plainAgain.body).not.toContain('Show image')
    expect(saverAgain.body).toContain('Show image')
    // The footer's switch is a cookie: that shopper's page is rendered for them.
    const switched = await visit(path, { cookie: 'save_data=1' })
    expect(switched.cache).toBeNull()
    expect(switched.body).toContain('Show image')
  })
})
