import { randomBytes } from 'node:crypto'
import type { SessionUser } from '@soko/contract/auth'
import { oidcStates, userIdentities, users } from '@soko/db/schema/accounts'
import {
  answerConsentPage,
  type ConsentChoice,
  type DemoIdentity,
  type OidcProvider,
  startOidcProvider,
} from '@soko/payment-simulators'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { hashSecret } from '../src/modules/accounts/tokens.ts'
import { Client, GOOD_PASSWORD, RELAXED_LIMITS, registerUser, resetLink, uniqueEmail } from './support/accounts.ts'
import { engines, startTestServer, type TestServer, withTestServer } from './support/test-server.ts'

describe.each(engines)('Google sign-in, against a local OpenID provider (%s)', (engine) => {
  let server: TestServer
  let provider: OidcProvider
  let subject = 0
  /** The one account the provider's consent page lists in each test (the tester picks it). */
  let identity: DemoIdentity
  const useIdentity = (next: DemoIdentity) => {
    identity = next
    provider.identities = [next]
  }

  beforeAll(async () => {
    provider = await startOidcProvider({
      clientId: 'soko-test-client.apps.example',
      clientSecret: randomBytes(16).toString('hex'),
      // Registered like a real client's: only Soko's own callback, whose port is known once the server listens.
      redirectUris: () => [`${server.url}/api/auth/google/callback`],
    })
    server = await startTestServer(engine, {
      env: {
        ...RELAXED_LIMITS,
        GOOGLE_CLIENT_ID: provider.clientId,
        GOOGLE_CLIENT_SECRET: provider.clientSecret,
        GOOGLE_ISSUER: provider.issuer,
      },
    })
  })
  afterAll(async () => {
    await server.close()
    await provider.close()
  })
  beforeEach(() => {
    subject++
    provider.tweak = {}
    useIdentity({
      id: 'tester',
      sub: `${engine}-${subject}-${Date.now()}`,
      email: uniqueEmail('google'),
      email_verified: true,
      name: 'Achieng Otieno',
      given_name: 'Achieng',
      family_name: 'Otieno',
    })
  })

  /** The browser's round trip: Soko → the provider's consent page (the tester picks the account) → Soko's callback. */
  async function roundTrip(client = new Client(server), next?: string, choice: ConsentChoice = { account: 'tester' }) {
    const start = await client.get(`/api/auth/google${next === undefined ? '' : `?next=${encodeURIComponent(next)}`}`)
    expect(start.status).toBe(302)
    const authorize = new URL(start.headers.get('location') ?? '')
    const callback = await answerConsentPage(authorize, choice)
    const callbackPath = `${callback.pathname}${callback.search}`
    const done = await client.get(callbackPath)
    return { client, start, authorize, callbackPath, done }
  }

  const sessionCookieSet = (headers: Headers) => headers.getSetCookie().some((c) => /^soko_session=[^;]/.test(c))
  const userCount = () => server.database.db.$count(users)

  it('says it is available, and redirects to the provider with state, nonce and an S256 PKCE challenge', async () => {
    expect((await new Client(server).get('/api/auth/providers/')).body).toEqual({ google: true })
    const client = new Client(server)
    const start = await client.get('/api/auth/google')
    expect(start.status).toBe(302)
    const location = new URL(start.headers.get('location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/authorize`)
    const q = location.searchParams
    expect(q.get('response_type')).toBe('code')
    expect(q.get('client_id')).toBe(provider.clientId)
    expect(q.get('redirect_uri')).toBe(`${server.url}/api/auth/google/callback`)
    expect(q.get('scope')).toBe('openid email profile')
    expect(q.get('code_challenge_method')).toBe('S256')
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const binding = start.headers.getSetCookie().find((c) => c.startsWith('soko_oidc='))
    expect(binding).toMatch(/^soko_oidc=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax$/)
    // What the callback needs is kept server-side: the state only as a hash.
    const rows = await server.database.db.select({ state_hash: oidcStates.stateHash }).from(oidcStates)
    expect(rows.map((r) => r.state_hash)).not.toContain(q.get('state'))
  })

  it('creates a customer for a new Google identity, signs them in and sends them home', async () => {
    const before = await userCount()
    const { client, done } = await roundTrip()
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).toBe('/')
    expect(sessionCookieSet(done.headers)).toBe(true)
    expect(done.headers.getSetCookie().some((c) => /^soko_oidc=; Max-Age=0/.test(c))).toBe(true)
    const me = await client.get<SessionUser>('/api/auth/me/')
    expect(me.body).toMatchObject({
      email: identity.email,
      firstName: 'Achieng',
      lastName: 'Otieno',
      role: 'customer',
      emailVerified: true,
      hasPassword: false,
    })
    expect(await userCount()).toBe(before + 1)
    // Soko proved possession of the PKCE verifier and its client secret to the token endpoint.
    const request = provider.tokenRequests.at(-1)
    expect(request?.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(request?.get('client_secret')).toBe(provider.clientSecret)
    const [linked] = await server.database.db
      .select({ issuer: userIdentities.issuer, subject: userIdentities.subject, user_id: userIdentities.userId })
      .from(userIdentities)
      .where(eq(userIdentities.subject, identity.sub))
    expect(linked).toEqual({ issuer: provider.issuer, subject: identity.sub, user_id: me.body.id })

    // The same Google account later, under another email address: still the same Soko user (keyed by sub).
    useIdentity({ ...identity, email: uniqueEmail('renamed') })
    const again = await roundTrip()
    expect((await again.client.get<SessionUser>('/api/auth/me/')).body.id).toBe(me.body.id)
  })

  it('returns to a safe path on this site, and lands on / for anywhere else', async () => {
    expect((await roundTrip(undefined, '/accounts/orders?tab=2')).done.headers.get('location')).toBe(
      '/accounts/orders?tab=2',
    )
    for (const next of [
      'https://evil.example/',
      'https:evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      '/.//evil.example',
      '/%2F%2Fevil.example',
      '/%252F%252Fevil.example',
      '/%5Cevil.example',
      '/\t/evil.example',
      '/%09/evil.example',
      '/%0a/evil.example',
      '/\uff0f\uff0fevil.example',
      'javascript:alert(1)',
      'accounts',
    ]) {
      const { start, done } = await roundTrip(undefined, next)
      expect(start.status, next).toBe(302)
      expect(done.headers.get('location'), next).toBe('/')
    }
  })

  it('checks the stored return path again on the way back (a row written before the check was stricter)', async () => {
    const client = new Client(server)
    const start = await client.get('/api/auth/google?next=%2Faccounts')
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? ''
    await server.database.db.execute(
      sql`update oidc_states set next_path = '/.//evil.example' where state_hash = ${hashSecret(state)}`,
    )
    const callback = await answerConsentPage(start.headers.get('location') ?? '', { account: 'tester' })
    const done = await client.get(`${callback.pathname}${callback.search}`)
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).toBe('/')
    expect(sessionCookieSet(done.headers)).toBe(true)
  })

  it('links to an existing account only when both sides have verified the address', async () => {
    const credentials = await registerUser(server)
    useIdentity({ ...identity, email: credentials.email })

    // The Soko account's address is unverified: no merge, and nothing changes.
    const refused = await roundTrip()
    expect(refused.done.headers.get('location')).toBe('/login?error=google_account_exists')
    expect(sessionCookieSet(refused.done.headers)).toBe(false)
    expect((await refused.client.get('/api/auth/me/')).status).toBe(401)
    const identities = await server.database.db.$count(userIdentities, eq(userIdentities.subject, identity.sub))
    expect(identities).toBe(0)

    // The owner proves the address (a reset from the emailed link); now Google signs into the same account.
    await new Client(server).post('/api/auth/request-password-reset/', { email: credentials.email })
    const link = await resetLink(server, credentials.email)
    await new Client(server).post('/api/auth/reset-password/', {
      uid: link.uid,
      token: link.token,
      password: `${GOOD_PASSWORD}x`,
    })
    const linked = await roundTrip()
    expect(linked.done.headers.get('location')).toBe('/')
    const me = await linked.client.get<SessionUser>('/api/auth/me/')
    expect(me.body).toMatchObject({ email: credentials.email, hasPassword: true, emailVerified: true })
  })

  it('refuses an identity whose Google email is not verified', async () => {
    useIdentity({ ...identity, email_verified: false })
    const before = await userCount()
    const { done } = await roundTrip()
    expect(done.headers.get('location')).toBe('/login?error=google_email_unverified')
    expect(sessionCookieSet(done.headers)).toBe(false)
    expect(await userCount()).toBe(before)
  })

  it.each([
    ['a bad signature', { signWithOtherKey: true }],
    ['another audience', { aud: 'someone-else.apps.example' }],
    ['another issuer', { iss: 'https://accounts.evil.example' }],
    ['an expired token', { expiresIn: -120 }],
    ['a wrong nonce', { nonce: 'not-the-nonce-this-browser-was-given' }],
  ])('refuses an ID token with %s', async (_label, tweak) => {
    provider.tweak = tweak
    const before = await userCount()
    const { client, done } = await roundTrip()
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).toBe('/login?error=google_failed')
    expect(sessionCookieSet(done.headers)).toBe(false)
    expect((await client.get('/api/auth/me/')).status).toBe(401)
    expect(await userCount()).toBe(before)
  })

  it('uses a state once, only in the browser that started the sign-in, and for ten minutes', async () => {
    const first = await roundTrip()
    expect(first.done.headers.get('location')).toBe('/')
    // Replayed: the same callback URL again, even with the binding cookie it had.
    const replay = new Client(server)
    replay.cookies.set('soko_oidc', 'whatever')
    const replayed = await replay.get(first.callbackPath)
    expect(replayed.headers.get('location')).toBe('/login?error=google_expired')
    expect(sessionCookieSet(replayed.headers)).toBe(false)

    // Another browser finishing a sign-in this browser started (login CSRF): refused.
    const victim = new Client(server)
    const start = await victim.get('/api/auth/google')
    const callback = await answerConsentPage(start.headers.get('location') ?? '', { account: 'tester' })
    const attacker = await new Client(server).get(`${callback.pathname}${callback.search}`)
    expect(attacker.headers.get('location')).toBe('/login?error=google_expired')

    // Too late.
    const late = new Client(server)
    const lateStart = await late.get('/api/auth/google')
    await server.database.db.execute(sql`update oidc_states set expires_at = now() - interval '1 second'`)
    const lateCallback = await answerConsentPage(lateStart.headers.get('location') ?? '', { account: 'tester' })
    const lateDone = await late.get(`${lateCallback.pathname}${lateCallback.search}`)
    expect(lateDone.headers.get('location')).toBe('/login?error=google_expired')
  })

  it('tells a shopper who cancelled at Google', async () => {
    const { done } = await roundTrip(undefined, undefined, 'cancel')
    expect(done.headers.get('location')).toBe('/login?error=google_cancelled')
  })

  it('gives a Google-only account no password: password sign-in fails until one is set by email', async () => {
    const { client } = await roundTrip()
    const { email } = identity
    expect((await new Client(server).post('/api/auth/login/', { email, password: GOOD_PASSWORD })).status).toBe(401)
    const change = await client.post('/api/auth/change-password/', {
      currentPassword: 'anything',
      newPassword: GOOD_PASSWORD,
    })
    expect(change.status).toBe(400)
    expect((change.body as { detail: string }).detail).toBe(
      'Your account has no password yet. Use "Forgot password" to set one.',
    )
    await new Client(server).post('/api/auth/request-password-reset/', { email })
    const link = await resetLink(server, email)
    expect(
      (
        await new Client(server).post('/api/auth/reset-password/', {
          uid: link.uid,
          token: link.token,
          password: GOOD_PASSWORD,
        })
      ).status,
    ).toBe(200)
    expect((await new Client(server).post('/api/auth/login/', { email, password: GOOD_PASSWORD })).status).toBe(200)
  })
})

interface SignedIn {
  email: string
  firstName: string
  lastName: string
  emailVerified: boolean
  hasPassword: boolean
}

describe.each(engines)('Google sign-in in a demo with no Google settings (%s)', (engine) => {
  let server: TestServer | null = null
  const live = () => {
    if (!server) throw new Error('the server is closed')
    return server
  }

  beforeAll(async () => {
    server = await startTestServer(engine, { env: RELAXED_LIMITS })
  })
  afterAll(() => server?.close())

  const start = async (client: Client, next?: string) => {
    const started = await client.get(`/api/auth/google${next ? `?next=${encodeURIComponent(next)}` : ''}`)
    expect(started.status).toBe(302)
    return new URL(started.headers.get('location') ?? '')
  }

  it('goes through the built-in stand-in over HTTP: consent page, its form, the callback, a session', async () => {
    const demo = live()
    expect(demo.app.soko.config.demo).toBe(true)
    expect(demo.app.soko.config.google).toBeNull()
    expect((await new Client(demo).get('/api/auth/providers/')).body).toEqual({ google: true })

    const browser = new Client(demo)
    const authorize = await start(browser, '/accounts/dashboard')
    // The stand-in listens on a loopback port of its own, and Soko's callback is the registered return address.
    expect(authorize.hostname).toBe('127.0.0.1')
    expect(authorize.port).not.toBe(new URL(demo.url).port)
    expect(authorize.pathname).toBe('/authorize')
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${demo.url}/api/auth/google/callback`)

    const page = await fetch(authorize)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Choose an account')
    expect(html).toContain('to continue to Soko')
    expect(html).toContain('Achieng Otieno')
    const requestId = /name="request" value="([^"]+)"/.exec(html)?.[1] ?? ''

    // The tester types an account of their own and presses Continue.
    const email = uniqueEmail('demo-google')
    const consent = await fetch(new URL('/authorize/consent', authorize), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request: requestId, account: 'other', name: 'Wairimu Njeri', email }),
      redirect: 'manual',
    })
    expect(consent.status).toBe(303)
    const callback = new URL(consent.headers.get('location') ?? '')
    expect(`${callback.origin}${callback.pathname}`).toBe(`${demo.url}/api/auth/google/callback`)
    expect(callback.searchParams.get('state')).toBe(authorize.searchParams.get('state'))

    const done = await browser.get(`${callback.pathname}${callback.search}`)
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).toBe('/accounts/dashboard')
    const me = await browser.get<SignedIn>('/api/auth/me/')
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({
      email,
      firstName: 'Wairimu',
      lastName: 'Njeri',
      emailVerified: true,
      hasPassword: false,
    })
  })

  it('signs a listed demo account in, and refuses the one whose address is not verified', async () => {
    const demo = live()
    const browser = new Client(demo)
    const back = await answerConsentPage(await start(browser), { account: 'kamau' })
    const done = await browser.get(`${back.pathname}${back.search}`)
    expect(done.headers.get('location')).toBe('/')
    expect((await browser.get<SignedIn>('/api/auth/me/')).body.email).toBe('kamau.mwangi@gmail.example')

    const refused = new Client(demo)
    const unverified = await answerConsentPage(await start(refused), { account: 'nekesa' })
    const answer = await refused.get(`${unverified.pathname}${unverified.search}`)
    expect(answer.headers.get('location')).toBe('/login?error=google_email_unverified')
    expect((await refused.get('/api/auth/me/')).status).toBe(401)
  })

  it('sends nobody anywhere but Soko, and stops with the server', async () => {
    const demo = live()
    const authorize = await start(new Client(demo))
    authorize.searchParams.set('redirect_uri', 'https://evil.example/api/auth/google/callback')
    const elsewhere = await fetch(authorize, { redirect: 'manual' })
    expect(elsewhere.status).toBe(400)
    expect(elsewhere.headers.get('location')).toBeNull()

    await demo.close()
    server = null
    await expect(fetch(`${authorize.origin}/.well-known/openid-configuration`)).rejects.toThrow()
  })
})

describe('Google sign-in outside demo mode with no Google settings', () => {
  it('is unavailable, and the sign-in and sign-up screens show no Google button at all', async () => {
    const options = {
      web: 'production' as const,
      env: { ...RELAXED_LIMITS, SOKO_DEMO: 'false' },
    }
    await withTestServer('pglite', options, async (server) => {
      expect((await new Client(server).get('/api/auth/providers/')).body).toEqual({ google: false })
      const start = await new Client(server).get('/api/auth/google')
      expect(start.status).toBe(503)
      expect(start.body).toEqual({ detail: 'Google sign-in is unavailable', code: 'unavailable' })
      const callback = await new Client(server).get('/api/auth/google/callback?code=x&state=y')
      expect(callback.headers.get('location')).toBe('/login?error=google_failed')
      for (const [path, submit] of [
        ['/login', 'Sign in'],
        ['/signup', 'Sign Up'],
      ] as const) {
        const page = await new Client(server).get<string>(path)
        expect(page.status, path).toBe(200)
        expect(page.body, path).toContain(submit)
        expect(page.body, path).not.toContain('Sign in with Google')
        expect(page.body, path).not.toContain('Google sign-in is unavailable')
      }
    })
  })
})
