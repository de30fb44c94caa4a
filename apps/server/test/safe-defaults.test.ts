import { createHmac } from 'node:crypto'
import { products } from '@soko/db/schema/catalog'
import { appSecrets } from '@soko/db/schema/secrets'
import { businesses } from '@soko/db/schema/vendors'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, outbox, RELAXED_LIMITS, registerUser, resetLink, signIn } from './support/accounts.ts'
import { callbackSecret, stkCallback } from './support/checkout.ts'
import { engines, startTestServer, type TestServer, withTestServer } from './support/test-server.ts'

const DEMO_NOTICE = 'Demo store: no real payments.'
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }

const cardKey = async (server: TestServer) => {
  const [row] = await server.database.db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, 'card_test_secret_key'))
  return row?.value
}

describe.each(engines)('safe defaults (%s)', (engine) => {
  let server: TestServer
  const logLines: string[] = []

  beforeAll(async () => {
    server = await startTestServer(engine, {
      web: 'production',
      // A proxy that is trusted would make Fastify believe X-Forwarded-Host: links must not follow it either.
      env: { ...RELAXED_LIMITS, TRUST_PROXY: 'loopback', LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void logLines.push(line) },
    })
  })
  afterAll(() => server?.close())

  describe('demo mode', () => {
    it('is on for a loopback server with the payment stand-ins, and every page says so', async () => {
      expect(server.app.soko.config.demo).toBe(true)
      const anonymous = new Client(server)
      for (const path of ['/', '/products', '/login', '/cart', '/no-such-page']) {
        const page = await anonymous.get<string>(path)
        expect(page.body, path).toContain(DEMO_NOTICE)
      }
      const { client: admin } = await signIn(server, { email: 'admin@demo.soko.co.ke', password: 'Admin-demo-2026' })
      const adminPage = await admin.get<string>('/admin/dashboard')
      expect(adminPage.status).toBe(200)
      expect(adminPage.body).toContain(DEMO_NOTICE)
      const [shop] = await server.database.db
        .select({ slug: businesses.slug })
        .from(businesses)
        .orderBy(asc(businesses.id))
        .limit(1)
      const { client: vendor } = await signIn(server, {
        email: `owner@${shop?.slug}.demo.soko.co.ke`,
        password: 'Vendor-demo-2026',
      })
      const portal = await vendor.get<string>('/vendor-portal')
      expect(portal.status).toBe(200)
      expect(portal.body).toContain(DEMO_NOTICE)
    })

    it('puts the notice first in every email', async () => {
      const credentials = await registerUser(server)
      await new Client(server).post('/api/auth/request-password-reset/', { email: credentials.email })
      const [message] = await outbox(server, credentials.email)
      expect(message?.text.startsWith(DEMO_NOTICE)).toBe(true)
    })

    it('signs test card webhooks with a key made for this installation, not one that ships in the code', async () => {
      const key = await cardKey(server)
      expect(key).toMatch(/^sk_test_[A-Za-z0-9_-]{32}$/)
      const body = JSON.stringify({
        event: 'charge.success',
        data: { reference: 'no-such-charge', amount: 100, status: 'success' },
      })
      const signed = (secret: string) =>
        fetch(`${server.url}/api/payments/card/webhook/`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-paystack-signature': createHmac('sha512', secret).update(body).digest('hex'),
          },
          body,
        })
      // The key every earlier installation shared is worth nothing now.
      const forged = await signed('sk_test_soko')
      expect(forged.status).toBe(401)
      await forged.text()
      const genuine = await signed(key ?? '')
      expect(genuine.status).toBe(200)
      await genuine.text()
    })
  })

  describe('links come from the site, never from the request', () => {
    it('mails a reset link to the real origin whatever Host and X-Forwarded-Host say', async () => {
      const credentials = await registerUser(server)
      const answer = await new Client(server).post(
        '/api/auth/request-password-reset/',
        { email: credentials.email },
        { ...FORGED, origin: 'https://evil.example' },
      )
      expect(answer.status).toBe(200)
      const link = await resetLink(server, credentials.email)
      expect(link.url.startsWith(`${server.url}/reset-password/`)).toBe(true)
      const [message] = await outbox(server, credentials.email)
      expect(message?.text).not.toContain('evil.example')
    })

    it('writes canonical URLs, the sitemap and robots.txt with the real origin', async () => {
      const robots = await fetch(`${server.url}/robots.txt`, { headers: FORGED })
      expect(await robots.text()).toContain(`Sitemap: ${server.url}/sitemap.xml`)
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`, { headers: FORGED })).text()
      expect(sitemap).toContain(`<loc>${server.url}/`)
      expect(sitemap).not.toContain('evil.example')
      const [product] = await server.database.db
        .select({ slug: products.slug })
        .from(products)
        .where(eq(products.isActive, true))
        .orderBy(asc(products.id))
        .limit(1)
      const page = await (await fetch(`${server.url}/product/${product?.slug}`, { headers: FORGED })).text()
      expect(page).toContain(`<link rel="canonical" href="${server.url}/product/${product?.slug}"/>`)
      expect(page).not.toContain('evil.example')
    })
  })

  describe('secrets stay out of logs', () => {
    it('redacts the M-Pesa callback path secret in the log lines of a callback', async () => {
      // The secret is made on first use: a callback on a wrong path asks for it.
      await (await fetch(`${server.url}/api/payments/lnm/cb/not-the-secret`, { method: 'POST' })).text()
      const secret = await callbackSecret(server)
      logLines.length = 0
      const response = await fetch(`${server.url}/api/payments/lnm/cb/${secret}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'callback-log-test' },
        body: JSON.stringify(stkCallback('ws_CO_unknown', 1032)),
      })
      expect(response.status).toBe(200)
      await response.text()
      const lines = logLines.filter((line) => line.includes('callback-log-test'))
      expect(lines.length).toBeGreaterThan(0)
      expect(lines.join('\n')).toContain('/api/payments/lnm/cb/[redacted]')
      expect(logLines.join('\n')).not.toContain(secret)
    })

    it('redacts reset tokens and OpenID codes in page and API URLs', async () => {
      logLines.length = 0
      // Bodies are read to the end: a response left unread holds its connection open past the server's close.
      await (await fetch(`${server.url}/reset-password/MTIz/secret-reset-token-1234`)).text()
      await (await fetch(`${server.url}/api/auth/google/callback?code=secret-oidc-code&state=secret-oidc-state`)).text()
      const text = logLines.join('\n')
      expect(text).toContain('/reset-password/MTIz/[redacted]')
      expect(text).toContain('code=[redacted]&state=[redacted]')
      for (const secret of ['secret-reset-token-1234', 'secret-oidc-code', 'secret-oidc-state']) {
        expect(text).not.toContain(secret)
      }
    })
  })
})

describe('outside demo mode', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite', { web: 'production', env: { ...RELAXED_LIMITS, SOKO_DEMO: 'false' } })
  })
  afterAll(() => server?.close())

  it('shows no demo notice on pages or in mail', async () => {
    expect(server.app.soko.config.demo).toBe(false)
    expect((await new Client(server).get<string>('/')).body).not.toContain(DEMO_NOTICE)
    const credentials = await registerUser(server)
    await new Client(server).post('/api/auth/request-password-reset/', { email: credentials.email })
    const [message] = await outbox(server, credentials.email)
    expect(message?.text).not.toContain(DEMO_NOTICE)
  })

  it('mails links to PUBLIC_URL when it is set', async () => {
    const options = {
      env: { ...RELAXED_LIMITS, PUBLIC_URL: 'https://soko.example.co.ke' },
    }
    await withTestServer('pglite', options, async (withPublicUrl) => {
      const credentials = await registerUser(withPublicUrl)
      await new Client(withPublicUrl).post('/api/auth/request-password-reset/', { email: credentials.email }, FORGED)
      const link = await resetLink(withPublicUrl, credentials.email)
      expect(link.url.startsWith('https://soko.example.co.ke/reset-password/')).toBe(true)
    })
  })
})
