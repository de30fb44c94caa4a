import { queryRows } from '@soko/db/client'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { hashSecret } from '../src/modules/accounts/tokens.ts'
import { Client, GOOD_PASSWORD, RELAXED_LIMITS, registerUser, resetLink, uniqueEmail } from './support/accounts.ts'
import { type OidcProvider, startOidcProvider } from './support/oidc-provider.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

interface Me {
  id: number
  email: string
  firstName: string
  lastName: string
  role: string
  emailVerified: boolean
  hasPassword: boolean
}

describe.each(engines)('Google sign-in, against a local OpenID provider (%s)', (engine) => {
  let server: TestServer
  let provider: OidcProvider
  let subject = 0

  beforeAll(async () => {
    provider = await startOidcProvider()
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
    provider.identity = {
      sub: `${engine}-${subject}-${Date.now()}`,
      email: uniqueEmail('google'),
      email_verified: true,
      given_name: 'Achieng',
      family_name: 'Otieno',
    }
  })

  /** The browser's round trip: Soko → provider (signs in at once) → Soko's callback. */
  async function roundTrip(client = new Client(server), next?: string) {
    const start = await client.get(`/api/auth/google${next === undefined ? '' : `?next=${encodeURIComponent(next)}`}`)
    expect(start.status).toBe(302)
    const authorize = new URL(start.headers.get('location') ?? '')
    const atProvider = await fetch(authorize, { redirect: 'manual' })
    expect(atProvider.status).toBe(302)
    const callback = new URL(atProvider.headers.get('location') ?? '')
    const callbackPath = `${callback.pathname}${callback.search}`
    const done = await client.get(callbackPath)
    return { client, start, authorize, callbackPath, done }
  }

  const sessionCookieSet = (headers: Headers) => headers.getSetCookie().some((c) => /^soko_session=[^;]/.test(c))
  const userCount = async () =>
    (await queryRows<{ n: number }>(server.database.db, sql`select count(*)::int as n from users`))[0]?.n

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
    const rows = await queryRows<{ state_hash: string }>(server.database.db, sql`select state_hash from oidc_states`)
    expect(rows.map((r) => r.state_hash)).not.toContain(q.get('state'))
  })

  it('creates a customer for a new Google identity, signs them in and sends them home', async () => {
    const before = await userCount()
    const { client, done } = await roundTrip()
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).toBe('/')
    expect(sessionCookieSet(done.headers)).toBe(true)
    expect(done.headers.getSetCookie().some((c) => /^soko_oidc=; Max-Age=0/.test(c))).toBe(true)
    const me = await client.get<Me>('/api/auth/me/')
    expect(me.body).toMatchObject({
      email: provider.identity.email,
      firstName: 'Achieng',
      lastName: 'Otieno',
      role: 'customer',
      emailVerified: true,
      hasPassword: false,
    })
    expect(await userCount()).toBe((before ?? 0) + 1)
    // Soko proved possession of the PKCE verifier and its client secret to the token endpoint.
    const request = provider.tokenRequests.at(-1)
    expect(request?.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(request?.get('client_secret')).toBe(provider.clientSecret)
    const [identity] = await queryRows<{ issuer: string; subject: string; user_id: number }>(
      server.database.db,
      sql`select issuer, subject, user_id from user_identities where subject = ${provider.identity.sub}`,
    )
    expect(identity).toEqual({ issuer: provider.issuer, subject: provider.identity.sub, user_id: me.body.id })

    // The same Google account later, under another email address: still the same Soko user (keyed by sub).
    provider.identity = { ...provider.identity, email: uniqueEmail('renamed') }
    const again = await roundTrip()
    expect((await again.client.get<Me>('/api/auth/me/')).body.id).toBe(me.body.id)
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
    const atProvider = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' })
    const callback = new URL(atProvider.headers.get('location') ?? '')
    const done = await client.get(`${callback.pathname}${callback.search}`)
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).toBe('/')
    expect(sessionCookieSet(done.headers)).toBe(true)
  })

  it('links to an existing account only when both sides have verified the address', async () => {
    const credentials = await registerUser(server)
    provider.identity = { ...provider.identity, email: credentials.email }

    // The Soko account's address is unverified: no merge, and nothing changes.
    const refused = await roundTrip()
    expect(refused.done.headers.get('location')).toBe('/login?error=google_account_exists')
    expect(sessionCookieSet(refused.done.headers)).toBe(false)
    expect((await refused.client.get('/api/auth/me/')).status).toBe(401)
    const identities = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from user_identities where subject = ${provider.identity.sub}`,
    )
    expect(identities[0]?.n).toBe(0)

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
    const me = await linked.client.get<Me>('/api/auth/me/')
    expect(me.body).toMatchObject({ email: credentials.email, hasPassword: true, emailVerified: true })
  })

  it('refuses an identity whose Google email is not verified', async () => {
    provider.identity = { ...provider.identity, email_verified: false }
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
    const atProvider = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' })
    const callback = new URL(atProvider.headers.get('location') ?? '')
    const attacker = await new Client(server).get(`${callback.pathname}${callback.search}`)
    expect(attacker.headers.get('location')).toBe('/login?error=google_expired')

    // Too late.
    const late = new Client(server)
    const lateStart = await late.get('/api/auth/google')
    await server.database.db.execute(sql`update oidc_states set expires_at = now() - interval '1 second'`)
    const lateProvider = await fetch(lateStart.headers.get('location') ?? '', { redirect: 'manual' })
    const lateCallback = new URL(lateProvider.headers.get('location') ?? '')
    const lateDone = await late.get(`${lateCallback.pathname}${lateCallback.search}`)
    expect(lateDone.headers.get('location')).toBe('/login?error=google_expired')
  })

  it('tells a shopper who cancelled at Google', async () => {
    provider.tweak = { deny: true }
    const { done } = await roundTrip()
    expect(done.headers.get('location')).toBe('/login?error=google_cancelled')
  })

  it('gives a Google-only account no password: password sign-in fails until one is set by email', async () => {
    const { client } = await roundTrip()
    const email = provider.identity.email ?? ''
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

describe.each(engines)('Google sign-in when not configured (%s)', (engine) => {
  it('says it is unavailable instead of failing', async () => {
    const server = await startTestServer(engine)
    try {
      expect((await new Client(server).get('/api/auth/providers/')).body).toEqual({ google: false })
      const start = await new Client(server).get('/api/auth/google')
      expect(start.status).toBe(503)
      expect(start.body).toEqual({ detail: 'Google sign-in is unavailable', code: 'unavailable' })
      const callback = await new Client(server).get('/api/auth/google/callback?code=x&state=y')
      expect(callback.headers.get('location')).toBe('/login?error=google_failed')
    } finally {
      await server.close()
    }
  })
})
