import { existsSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webBuildDir } from '../src/plugins/web.ts'
import { Client, newCustomer, RELAXED_LIMITS, registerUser, signIn, uniqueEmail } from './support/accounts.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'
import { newVendor } from './support/vendor.ts'

// The causes of 500s that hostile input used to meet, each with the answer it gets now. fuzz.test.ts sends such
// input to every route; this file pins the wording.

const NUL_DETAIL = 'Text may not contain NUL characters.'

interface ErrorAnswer {
  detail: string
  code: string
  errors?: Record<string, string[]>
}

/** Sends bytes as they are (no client would send them) and returns the raw response head and body. */
function rawRequest(server: TestServer, request: string): Promise<string> {
  const { hostname, port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request))
    let received = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      received += chunk
    })
    socket.on('error', reject)
    socket.on('close', () => resolve(received))
  })
}

describe.each(engines)('bad input is refused with a 4xx that says why (%s)', (engine) => {
  let server: TestServer
  const visitor = () => new Client(server)

  beforeAll(async () => {
    server = await startTestServer(engine, { env: RELAXED_LIMITS })
  })
  afterAll(() => server?.close())

  it('refuses a NUL character in any query, path or body value, once for every route', async () => {
    for (const path of [
      '/api/marketplace/search/?q=a%00b',
      '/api/marketplace/search/suggestions/?q=%00',
      '/api/marketplace/home/?unknown=%00',
      '/api/marketplace/api/products/a%00b/',
    ]) {
      const answer = await visitor().get<ErrorAnswer>(path)
      expect(answer.status, path).toBe(400)
      expect(answer.body, path).toMatchObject({ detail: NUL_DETAIL, code: 'invalid_data' })
    }
    const search = await visitor().get<ErrorAnswer>('/api/marketplace/search/?q=a%00b')
    expect(search.body.errors).toEqual({ q: ['may not contain NUL characters'] })

    const contact = await visitor().post<ErrorAnswer>('/api/contact/', {
      name: 'Achieng\u0000',
      email: 'achieng@example.co.ke',
      subject: 'Delivery',
      message: 'Do you deliver to Kisumu?',
    })
    expect(contact.status).toBe(400)
    expect(contact.body).toMatchObject({ detail: NUL_DETAIL, errors: { name: ['may not contain NUL characters'] } })

    const customer = await newCustomer(server)
    const profile = await customer.client.put<ErrorAnswer>('/api/user/profile', {
      firstName: 'Wanjiku\u0000',
      lastName: 'Kamau',
    })
    expect(profile.status).toBe(400)
    expect(profile.body).toMatchObject({
      detail: NUL_DETAIL,
      errors: { firstName: ['may not contain NUL characters'] },
    })
    const key = await customer.client.post<ErrorAnswer>('/api/cart/merge/', { items: [], 'a\u0000b': 1 })
    expect(key.status).toBe(400)
    expect(key.body.detail).toBe(NUL_DETAIL)
  })

  it('answers sign-up and sign-in failures of any kind in the specification’s shape', async () => {
    const register = await visitor().post('/api/auth/register/', {
      email: `${uniqueEmail()}\u0000`,
      password: 'Mti-wa-mwembe-7',
    })
    expect(register.status).toBe(400)
    expect(register.body).toEqual({
      success: false,
      message: NUL_DETAIL,
      errors: { email: ['may not contain NUL characters'] },
    })
    const login = await visitor().post('/api/auth/login/', { email: 'a\u0000@example.co.ke', password: 'x' })
    expect(login.status).toBe(400)
    expect(login.body).toEqual({ success: false, message: NUL_DETAIL })

    for (const path of ['/api/auth/login/', '/api/auth/register/']) {
      for (const body of ['{"email": ', '']) {
        const answer = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        const json = (await answer.json()) as { success: boolean; message: string; errors?: object }
        expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400)
        expect(json.success).toBe(false)
        expect(json.message).toMatch(/^Malformed JSON body: /)
        if (path === '/api/auth/register/') expect(json.errors).toEqual({})
      }
    }
    // A content type it does not take keeps the app's shape: the status is not one the specification describes.
    const xml = await fetch(`${server.url}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<login/>',
    })
    expect(xml.status).toBe(415)
    expect(await xml.json()).toMatchObject({ code: 'unsupported_media_type' })
  })

  it('refuses JSON nested deeper than any request needs (the card-data check walked it recursively)', async () => {
    const answer = await fetch(`${server.url}/api/checkout/quote/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"items": ${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
    })
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({
      detail: 'The request is nested deeper than 32 levels.',
      code: 'invalid_data',
    })
  })

  it('refuses ids and dates the database columns cannot hold', async () => {
    const customer = await newCustomer(server)
    const session = await customer.client.delete<ErrorAnswer>('/api/auth/sessions/99999999999999/')
    expect(session.status).toBe(400)
    expect(session.body.errors).toEqual({ id: ['must be a session id'] })
    const wishlist = await customer.client.post<ErrorAnswer>('/api/user/wishlist/', { productId: 99_999_999_999_999 })
    expect(wishlist.status).toBe(400)
    expect(wishlist.body.detail).toBe('Product id must be a whole number')
  })

  it('answers a broken address, an overlong path segment and oversized or garbled HTTP with a reason', async () => {
    for (const path of ['/api/marketplace/api/products/%ZZ/', '/api/marketplace/api/products/%C3%28/']) {
      const answer = await visitor().get<ErrorAnswer>(path)
      expect(answer.status, path).toBe(400)
      expect(answer.body).toEqual({
        detail: 'The address is not valid: it has a malformed %-escape or bytes that are not UTF-8.',
        code: 'invalid_data',
      })
    }
    const long = await visitor().get<ErrorAnswer>(`/api/marketplace/api/products/${'a'.repeat(300)}/`)
    expect(long.status).toBe(414)
    expect(long.body).toEqual({ detail: 'A part of the address is longer than 200 characters.', code: 'uri_too_long' })

    const headers = await rawRequest(
      server,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    )
    expect(headers).toMatch(/^HTTP\/1\.1 431 /)
    expect(headers).toContain(
      '{"detail":"The request line and headers are larger than 16 KB.","code":"headers_too_large"}',
    )
    const garbled = await rawRequest(server, 'HELLO\r\n\r\n')
    expect(garbled).toMatch(/^HTTP\/1\.1 400 /)
    expect(garbled).toContain('{"detail":"The request is not valid HTTP.","code":"invalid_data"}')
  })
})

const hasWebBuild = existsSync(join(webBuildDir(), 'server', 'index.js'))

/** The page's status and its first heading (or, for a JSON answer, its detail). */
async function page(server: TestServer, path: string, cookie = ''): Promise<{ status: number; says: string }> {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} })
  const text = await response.text()
  if (response.headers.get('content-type')?.includes('json')) {
    return { status: response.status, says: (JSON.parse(text) as { detail: string }).detail }
  }
  // The admin frame's own heading comes first; its screens' headings are h2.
  const headings = [...text.matchAll(/<h([12])[^>]*>(.*?)<\/h\1>/g)].map((match) => match[2] ?? '')
  return { status: response.status, says: headings.find((h) => h !== 'Welcome, Admin') ?? '' }
}

// The pages' loaders call the API in-process: what it refuses must become a 400 or 404 page, never a 500.
describe.skipIf(!hasWebBuild)('pages meet hostile addresses with a 400 or 404 page (production build)', () => {
  let server: TestServer
  const cookies = { anonymous: '', customer: '', vendor: '', admin: '' }

  beforeAll(async () => {
    server = await startTestServer('pglite', { web: 'production', env: RELAXED_LIMITS })
    cookies.customer = (await newCustomer(server)).client.cookieHeader
    cookies.vendor = (await newVendor(server)).client.cookieHeader
    const admin = await registerUser(server)
    await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${admin.email}`)
    cookies.admin = (await signIn(server, admin)).client.cookieHeader
  })
  afterAll(() => server?.close())

  it('answers what they can read, and says why about what they cannot', async () => {
    const expected: [keyof typeof cookies, string, number, string | RegExp][] = [
      // Listings read their address leniently: an unreadable filter is dropped, a NUL taken out of the words.
      ['anonymous', '/search?q=sufu%00ria', 200, /Search Results/],
      ['anonymous', '/products/search?q=%00', 200, /Search Results/],
      ['anonymous', '/products?page=abc', 200, /Products/],
      ['anonymous', '/products?page=1e308&price_min=abc&category=%00', 200, /Products/],
      ['anonymous', '/products?page=99999999999999', 200, /Products/],
      // No record has an address the API refuses: those are missing pages.
      ['anonymous', '/product/%00', 404, 'Product Not Found'],
      ['anonymous', '/product/a%00b/reviews?page=%00', 404, 'Product Not Found'],
      ['anonymous', '/category/a%00b?page=1e308', 404, 'Category Not Found'],
      ['anonymous', '/vendor/%00', 404, /Not Found/],
      ['anonymous', '/a%00b', 404, 'Page Not Found'],
      // An address that is not even valid UTF-8 never reaches a page.
      ['anonymous', '/product/%ZZ', 400, /malformed %-escape/],
      ['vendor', '/vendor-portal/products/99999999999999', 404, 'Not found'],
      ['vendor', '/vendor-portal/products/a%00b', 404, 'Not found'],
      ['vendor', '/vendor-portal/products?q=%00', 400, 'This address cannot be shown'],
      ['admin', '/admin/orders/99999999999999', 404, 'Not found'],
      ['admin', '/admin/orders/%00', 404, 'Not found'],
      ['admin', '/admin/orders?q=%00', 400, 'This address cannot be shown'],
      ['admin', '/admin/users?q=a%00b', 400, 'This address cannot be shown'],
    ]
    for (const [who, path, status, says] of expected) {
      const answer = await page(server, path, cookies[who])
      expect(answer.status, `${who} ${path}`).toBe(status)
      expect(answer.says, `${who} ${path}`).toMatch(says)
    }
  })

  it('never answers 5xx to hostile values in any page’s address', async () => {
    const values = ['%00', 'a%00b', '99999999999999', '1e308', '-1', 'abc', 'x'.repeat(300), '..%2F..']
    const pages: [keyof typeof cookies, string][] = [
      ['anonymous', '/search?q=VALUE&category=VALUE&vendor=VALUE&price_min=VALUE&page=VALUE&sort_by=VALUE'],
      ['anonymous', '/products?page=VALUE&min_rating=VALUE'],
      ['anonymous', '/product/VALUE'],
      ['anonymous', '/product/VALUE/reviews?page=VALUE'],
      ['anonymous', '/category/VALUE?page=VALUE'],
      ['anonymous', '/vendor/VALUE?page=VALUE'],
      ['anonymous', '/products/VALUE'],
      ['anonymous', '/reset-password/VALUE/VALUE'],
      ['anonymous', '/login?next=VALUE'],
      ['anonymous', '/checkout?order=VALUE'],
      ['anonymous', '/orders?order=VALUE'],
      ['customer', '/accounts/orders/VALUE'],
      ['customer', '/accounts/orders?page=VALUE'],
      ['customer', '/accounts/wishlist?page=VALUE'],
      ['vendor', '/vendor-portal/products/VALUE'],
      ['vendor', '/vendor-portal/products?q=VALUE&page=VALUE'],
      ['vendor', '/vendor-portal/orders?page=VALUE&status=VALUE'],
      ['vendor', '/vendor-portal/payouts?page=VALUE'],
      ['admin', '/admin/orders/VALUE'],
      ['admin', '/admin/orders?q=VALUE&status=VALUE&page=VALUE'],
      ['admin', '/admin/products?q=VALUE&shop=VALUE&category=VALUE'],
      ['admin', '/admin/users?q=VALUE&role=VALUE'],
      ['admin', '/admin/vendors?q=VALUE&page=VALUE'],
      ['admin', '/admin/messages?page=VALUE'],
    ]
    const failures: string[] = []
    for (const [who, template] of pages) {
      for (const value of values) {
        const path = template.replaceAll('VALUE', value)
        const { status, says } = await page(server, path, cookies[who])
        if (status >= 500) failures.push(`${status} ${who} ${path.slice(0, 100)}: ${says}`)
      }
    }
    expect(failures).toEqual([])
  })
})
