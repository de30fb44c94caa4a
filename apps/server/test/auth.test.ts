import type { SessionUser } from '@soko/contract/auth'
import { users } from '@soko/db/schema/accounts'
import { DEMO_ACCOUNTS } from '@soko/db/seed/demo-accounts'
import { typedRows, value } from '@soko/db/typed-sql'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PasswordHasher } from '../src/modules/accounts/passwords.ts'
import { requireRole } from '../src/plugins/auth.ts'
import {
  Client,
  GOOD_PASSWORD,
  type LoginAnswer,
  newCustomer,
  RELAXED_LIMITS,
  registerUser,
  signIn,
  uniqueEmail,
} from './support/accounts.ts'
import { engines, startTestServer, type TestServer, withTestServer } from './support/test-server.ts'

const COOKIE = 'soko_session'

function sessionCookie(headers: Headers, name = COOKIE): string | undefined {
  return headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`))
}

describe.each(engines)('accounts: sign-up, sign-in, sessions (%s)', (engine) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(engine, {
      env: RELAXED_LIMITS,
      beforeListen(app) {
        app.get('/api/test/admin-only', async (request) => ({ email: requireRole(request, 'superuser').email }))
      },
    })
  })
  afterAll(() => server.close())

  const anonymous = () => new Client(server)
  const userRow = async (email: string) =>
    (
      await typedRows(
        server.database.db,
        {
          role: users.role,
          password_hash: users.passwordHash,
          email: users.email,
          email_verified_at: users.emailVerifiedAt,
        },
        sql`select role, password_hash, email, email_verified_at from users where lower(email) = lower(${email})`,
      )
    )[0]

  describe('POST /api/auth/register/', () => {
    it('creates a customer account and answers the specification’s shape', async () => {
      const email = uniqueEmail('Wanjiku')
      const answer = await anonymous().post('/api/auth/register/', {
        email: `  ${email.toUpperCase()} `,
        password: GOOD_PASSWORD,
        firstName: 'Wanjiku',
        lastName: 'Kamau',
      })
      expect(answer.status).toBe(201)
      expect(answer.body).toEqual({ success: true, message: 'Account created successfully!', errors: {} })
      expect(answer.headers.get('cache-control')).toBe('private, no-store')
      expect(answer.headers.getSetCookie()).toEqual([])
      const row = await userRow(email)
      expect(row?.email).toBe(email.toLowerCase())
      expect(row?.role).toBe('customer')
      expect(row?.email_verified_at).toBeNull()
      expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    })

    it.each([
      [{}, { email: ['Email is required'], password: ['Password is required'] }],
      [
        { email: '', password: '' },
        { email: ['Email is required'], password: ['Password is required'] },
      ],
      [{ email: 'wanjiku@', password: GOOD_PASSWORD }, { email: ['Email is invalid'] }],
      [{ email: 'wanjiku kamau@example.com', password: GOOD_PASSWORD }, { email: ['Email is invalid'] }],
      [
        { email: 'wanjiku@example.co.ke', password: 'Kx7#pQ2' },
        { password: ['Password must be at least 8 characters'] },
      ],
      [
        { email: 'wanjiku@example.co.ke', password: 'a1'.repeat(65) },
        { password: ['Password must be at most 128 characters'] },
      ],
      [
        { email: 'wanjiku@example.co.ke', password: 'Password1' },
        { password: ['This password is too common. Choose one that is harder to guess'] },
      ],
      [
        { email: 'wanjiku@example.co.ke', password: 'SAFARICOM' },
        { password: ['This password is too common. Choose one that is harder to guess'] },
      ],
      [
        { email: 'wanjiku.kamau@example.co.ke', password: 'Wanjiku.Kamau@example.co.ke' },
        { password: ['Password must not be your email address'] },
      ],
      [
        { email: 42, password: true },
        { email: ['Email is invalid'], password: ['Password is required'] },
      ],
    ])('refuses %j with field errors in the specification’s wording', async (body, errors) => {
      const answer = await anonymous().post('/api/auth/register/', body)
      expect(answer.status).toBe(400)
      const first = Object.values(errors)[0]?.[0]
      expect(answer.body).toEqual({ success: false, message: first, errors })
    })

    it('refuses a request with no body at all', async () => {
      const answer = await anonymous().request('POST', '/api/auth/register/')
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({
        success: false,
        message: 'Email is required',
        errors: { email: ['Email is required'], password: ['Password is required'] },
      })
    })

    it('says clearly when the email is taken, whatever its case', async () => {
      const { email } = await registerUser(server)
      const answer = await anonymous().post('/api/auth/register/', {
        email: email.toUpperCase(),
        password: GOOD_PASSWORD,
      })
      expect(answer.status).toBe(400)
      const taken = 'An account with this email already exists. Sign in or reset your password.'
      expect(answer.body).toEqual({ success: false, message: taken, errors: { email: [taken] } })
    })

    it('creates one account when the same email signs up twice at once', async () => {
      const email = uniqueEmail('twice')
      const answers = await Promise.all(
        [1, 2].map(() => anonymous().post('/api/auth/register/', { email, password: GOOD_PASSWORD })),
      )
      expect(answers.map((a) => a.status).sort()).toEqual([201, 400])
    })

    it('never lets the client choose a role or mark the email verified', async () => {
      const email = uniqueEmail('sneaky')
      const answer = await anonymous().post('/api/auth/register/', {
        email,
        password: GOOD_PASSWORD,
        role: 'superuser',
        emailVerifiedAt: '2026-01-01T00:00:00Z',
        email_verified_at: '2026-01-01T00:00:00Z',
        id: 1,
      })
      expect(answer.status).toBe(201)
      const row = await userRow(email)
      expect(row?.role).toBe('customer')
      expect(row?.email_verified_at).toBeNull()
    })

    it('keeps a 128-character Unicode password byte for byte', async () => {
      const password = `${'🦁ñ'.repeat(63)}éa`
      const { email } = await registerUser(server, { password })
      expect((await anonymous().post('/api/auth/login/', { email, password })).status).toBe(200)
      expect((await anonymous().post('/api/auth/login/', { email, password: password.normalize('NFD') })).status).toBe(
        401,
      )
      expect((await anonymous().post('/api/auth/login/', { email, password: password.slice(0, -1) })).status).toBe(401)
      expect((await anonymous().post('/api/auth/login/', { email, password: `${password} ` })).status).toBe(401)
    })
  })

  describe('POST /api/auth/login/', () => {
    it('answers the specification’s fields and sets an httpOnly, SameSite=Lax session cookie', async () => {
      const credentials = await registerUser(server, { firstName: 'Otieno', lastName: 'Odhiambo' })
      const client = anonymous()
      const answer = await client.post<LoginAnswer>('/api/auth/login/', credentials)
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ success: true, message: 'Signed in successfully.', role: 'customer' })
      expect(answer.body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(answer.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(answer.body.expires_in).toBe(900)
      expect(answer.body.user).toEqual({
        id: expect.any(Number),
        email: credentials.email,
        firstName: 'Otieno',
        lastName: 'Odhiambo',
        role: 'customer',
        phone: null,
        emailVerified: false,
        hasPassword: true,
      })
      expect(JSON.stringify(answer.body)).not.toMatch(/argon2|password_hash|passwordHash/)
      expect(answer.headers.get('cache-control')).toBe('private, no-store')
      const cookie = sessionCookie(answer.headers)
      expect(cookie).toMatch(/^soko_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/)
      expect(cookie).not.toMatch(/Domain|Secure/)
      // The cookie's secret is its own: not the access or refresh token the body carries.
      const value = client.cookies.get(COOKIE)
      expect(value).not.toBe(answer.body.access_token)
      expect(value).not.toBe(answer.body.refresh_token)
      expect((await client.get<SessionUser>('/api/auth/me/')).body.email).toBe(credentials.email)
    })

    it.each([
      {},
      { email: 'a@example.co.ke' },
      { password: 'x' },
      { email: '', password: GOOD_PASSWORD },
      { email: 5 },
    ])('asks for both fields when given %j', async (body) => {
      const answer = await anonymous().post('/api/auth/login/', body)
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({ success: false, message: 'Please enter both email and password' })
    })

    it('answers a wrong password and an unknown email the same way', async () => {
      const { email } = await registerUser(server)
      for (const body of [
        { email, password: 'Not-the-password-1' },
        { email: uniqueEmail('nobody'), password: GOOD_PASSWORD },
      ]) {
        const answer = await anonymous().post('/api/auth/login/', body)
        expect(answer.status).toBe(401)
        expect(answer.body).toEqual({ success: false, message: 'Invalid email or password' })
        expect(answer.headers.getSetCookie()).toEqual([])
      }
    })

    it('finds the account whatever the case and spacing of the email', async () => {
      const { email } = await registerUser(server)
      const answer = await anonymous().post('/api/auth/login/', {
        email: `  ${email.toUpperCase()}  `,
        password: GOOD_PASSWORD,
      })
      expect(answer.status).toBe(200)
    })

    it('gives every sign-in a new session and never promotes a cookie the browser came with', async () => {
      const credentials = await registerUser(server)
      const client = anonymous()
      client.cookies.set(COOKIE, 'attacker-chosen-value-aaaaaaaaaaaaaaaaaaaaaaaaaaa')
      await client.post('/api/auth/login/', credentials)
      const first = client.cookies.get(COOKIE)
      expect(first).not.toBe('attacker-chosen-value-aaaaaaaaaaaaaaaaaaaaaaaaaaa')
      const planted = anonymous()
      planted.cookies.set(COOKIE, 'attacker-chosen-value-aaaaaaaaaaaaaaaaaaaaaaaaaaa')
      expect((await planted.get('/api/auth/me/')).status).toBe(401)
      // Signing in again from the same browser replaces its session: the old cookie value is dead.
      await client.post('/api/auth/login/', credentials)
      const second = client.cookies.get(COOKIE)
      expect(second).not.toBe(first)
      const old = anonymous()
      old.cookies.set(COOKIE, first ?? '')
      expect((await old.get('/api/auth/me/')).status).toBe(401)
      expect((await client.get('/api/auth/me/')).status).toBe(200)
    })

    it('stores only argon2id hashes', async () => {
      const rows = await typedRows(
        server.database.db,
        { n: value.int },
        sql`select count(*)::int as n from users where password_hash is not null and password_hash not like '$argon2id$%'`,
      )
      expect(rows[0]?.n).toBe(0)
    })
  })

  describe('GET /api/auth/me/', () => {
    it('answers 401 when signed out', async () => {
      const answer = await anonymous().get('/api/auth/me/')
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({ detail: 'Please sign in to continue.', code: 'unauthorized' })
    })

    it('knows the user by cookie, by bearer token, and through the in-process API the pages use', async () => {
      const { client, login, email } = await newCustomer(server)
      const byCookie = await client.get<SessionUser>('/api/auth/me/')
      expect(byCookie.status).toBe(200)
      expect(byCookie.headers.get('cache-control')).toBe('private, no-store')
      expect(byCookie.body).toMatchObject({ email, role: 'customer', hasPassword: true })
      const byBearer = await anonymous().get<SessionUser>('/api/auth/me/', {
        authorization: `Bearer ${login.access_token}`,
      })
      expect(byBearer.body.email).toBe(email)
      const injected = await server.app.inject({
        method: 'GET',
        url: '/api/auth/me/',
        headers: { cookie: client.cookieHeader },
      })
      expect(injected.statusCode).toBe(200)
      expect(injected.json<SessionUser>().email).toBe(email)
    })

    it('uses only the bearer token when one is sent, and refuses a wrong one', async () => {
      const { client } = await newCustomer(server)
      expect((await client.get('/api/auth/me/', { authorization: 'Bearer not-a-real-token' })).status).toBe(401)
      expect((await anonymous().get('/api/auth/me/', { authorization: `Bearer ${'x'.repeat(500)}` })).status).toBe(401)
    })
  })

  describe('POST /api/auth/logout/', () => {
    it('ends the session on the server: the old cookie and the access token stop working', async () => {
      const { client, login } = await newCustomer(server)
      const cookie = client.cookieHeader
      const answer = await client.post('/api/auth/logout/')
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ detail: 'Signed out.' })
      expect(sessionCookie(answer.headers)).toMatch(/^soko_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/)
      expect(answer.headers.get('clear-site-data')).toBe('"cache"')
      const replay = await anonymous().get('/api/auth/me/', { cookie })
      expect(replay.status).toBe(401)
      expect((await anonymous().get('/api/auth/me/', { authorization: `Bearer ${login.access_token}` })).status).toBe(
        401,
      )
      expect((await anonymous().post('/api/auth/refresh/', { refresh_token: login.refresh_token })).status).toBe(401)
    })

    it('signs a bearer client out, and answers a signed-out browser too', async () => {
      const { login } = await newCustomer(server)
      const headers = { authorization: `Bearer ${login.access_token}` }
      expect((await anonymous().post('/api/auth/logout/', undefined, headers)).status).toBe(200)
      expect((await anonymous().get('/api/auth/me/', headers)).status).toBe(401)
      expect((await anonymous().post('/api/auth/logout/')).status).toBe(200)
    })
  })

  describe('POST /api/auth/refresh/', () => {
    it('rotates: new tokens work, the old access token does not, and a refresh token works once', async () => {
      const { login, client } = await newCustomer(server)
      const first = await anonymous().post<LoginAnswer>('/api/auth/refresh/', { refresh_token: login.refresh_token })
      expect(first.status).toBe(200)
      expect(Object.keys(first.body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token'])
      expect(first.body.access_token).not.toBe(login.access_token)
      expect(first.body.refresh_token).not.toBe(login.refresh_token)
      const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
      expect((await anonymous().get('/api/auth/me/', bearer(first.body.access_token))).status).toBe(200)
      expect((await anonymous().get('/api/auth/me/', bearer(login.access_token))).status).toBe(401)
      const second = await anonymous().post<LoginAnswer>('/api/auth/refresh/', {
        refresh_token: first.body.refresh_token,
      })
      expect(second.status).toBe(200)

      // The first refresh token again: someone holds a copy, so the whole session ends.
      const reuse = await anonymous().post('/api/auth/refresh/', { refresh_token: login.refresh_token })
      expect(reuse.status).toBe(401)
      expect(reuse.body).toEqual({ detail: 'Your session has expired. Please sign in again.', code: 'unauthorized' })
      expect((await anonymous().get('/api/auth/me/', bearer(second.body.access_token))).status).toBe(401)
      expect((await anonymous().post('/api/auth/refresh/', { refresh_token: second.body.refresh_token })).status).toBe(
        401,
      )
      expect((await client.get('/api/auth/me/')).status).toBe(401)
    })

    it('refuses an unknown refresh token', async () => {
      expect((await anonymous().post('/api/auth/refresh/', { refresh_token: 'made-up' })).status).toBe(401)
      expect((await anonymous().post('/api/auth/refresh/', {})).status).toBe(400)
    })
  })

  describe('sessions', () => {
    it('lists the user’s devices with the current one marked, and never another user’s', async () => {
      const credentials = await registerUser(server)
      const phone = await signIn(server, credentials)
      const laptop = new Client(server)
      await laptop.post('/api/auth/login/', credentials, { 'user-agent': 'Laptop browser' })
      await newCustomer(server)
      const answer =
        await laptop.get<{ id: number; current: boolean; userAgent: string; ip: string; createdAt: string }[]>(
          '/api/auth/sessions/',
        )
      expect(answer.status).toBe(200)
      expect(answer.body).toHaveLength(2)
      expect(answer.body.filter((s) => s.current)).toHaveLength(1)
      const current = answer.body.find((s) => s.current)
      expect(current?.userAgent).toBe('Laptop browser')
      expect(current?.ip).toBe('127.0.0.1')
      expect(Object.keys(current ?? {}).sort()).toEqual([
        'createdAt',
        'current',
        'expiresAt',
        'id',
        'ip',
        'lastSeenAt',
        'userAgent',
      ])
      expect((await phone.client.get('/api/auth/me/')).status).toBe(200)
      expect((await anonymous().get('/api/auth/sessions/')).status).toBe(401)
    })

    it('signs one device out, and refuses to touch another user’s session', async () => {
      const credentials = await registerUser(server)
      const phone = await signIn(server, credentials)
      const laptop = await signIn(server, credentials)
      const other = await newCustomer(server)
      const otherSessions = await other.client.get<{ id: number }[]>('/api/auth/sessions/')
      const otherId = otherSessions.body[0]?.id
      expect((await laptop.client.delete(`/api/auth/sessions/${otherId}/`)).status).toBe(404)
      expect((await other.client.get('/api/auth/me/')).status).toBe(200)
      expect((await laptop.client.delete('/api/auth/sessions/999999/')).status).toBe(404)
      expect((await laptop.client.delete('/api/auth/sessions/abc/')).status).toBe(400)

      const mine = await laptop.client.get<{ id: number; current: boolean }[]>('/api/auth/sessions/')
      const phoneId = mine.body.find((s) => !s.current)?.id
      const ended = await laptop.client.delete(`/api/auth/sessions/${phoneId}/`)
      expect(ended.status).toBe(204)
      expect((await phone.client.get('/api/auth/me/')).status).toBe(401)
      expect((await laptop.client.get('/api/auth/me/')).status).toBe(200)

      // Ending the current session signs this browser out.
      const currentId = mine.body.find((s) => s.current)?.id
      const self = await laptop.client.delete(`/api/auth/sessions/${currentId}/`)
      expect(self.status).toBe(204)
      expect(sessionCookie(self.headers)).toMatch(/Max-Age=0/)
      expect((await laptop.client.get('/api/auth/me/')).status).toBe(401)
    })

    it('signs out of all other devices', async () => {
      const credentials = await registerUser(server)
      const devices = [await signIn(server, credentials), await signIn(server, credentials)]
      const here = await signIn(server, credentials)
      const other = await newCustomer(server)
      const answer = await here.client.post('/api/auth/sessions/revoke-others/')
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ revoked: 2 })
      for (const device of devices) expect((await device.client.get('/api/auth/me/')).status).toBe(401)
      expect((await here.client.get('/api/auth/me/')).status).toBe(200)
      expect((await other.client.get('/api/auth/me/')).status).toBe(200)
    })

    it('ends sessions idle too long, or older than the absolute timeout, on the server', async () => {
      const idle = await newCustomer(server)
      const old = await newCustomer(server)
      const db = server.database.db
      await db.execute(
        sql`update sessions set last_seen_at = now() - interval '7 days 1 minute'
            where user_id = ${idle.login.user.id}`,
      )
      await db.execute(
        sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${old.login.user.id}`,
      )
      expect((await idle.client.get('/api/auth/me/')).status).toBe(401)
      expect((await old.client.get('/api/auth/me/')).status).toBe(401)
      expect((await anonymous().post('/api/auth/refresh/', { refresh_token: idle.login.refresh_token })).status).toBe(
        401,
      )
    })

    it('counts activity: a request keeps a session from going idle', async () => {
      const { client, login } = await newCustomer(server)
      const db = server.database.db
      await db.execute(
        sql`update sessions set last_seen_at = now() - interval '6 days' where user_id = ${login.user.id}`,
      )
      expect((await client.get('/api/auth/me/')).status).toBe(200)
      const [row] = await typedRows(
        db,
        { recent: value.bool },
        sql`select last_seen_at > now() - interval '1 minute' as recent from sessions where user_id = ${login.user.id}`,
      )
      expect(row?.recent).toBe(true)
    })
  })

  describe('cross-site request refusal (CSRF)', () => {
    const refused = { detail: 'Cross-site request refused.', code: 'forbidden' }

    it('refuses a cookie-authenticated POST, PUT or DELETE from another origin, and changes nothing', async () => {
      const { client } = await newCustomer(server)
      const evil = { origin: 'https://evil.example' }
      const logout = await client.post('/api/auth/logout/', undefined, evil)
      expect(logout.status).toBe(403)
      expect(logout.body).toEqual(refused)
      const put = await client.put('/api/user/profile', { firstName: 'X', lastName: 'Y', email: 'x@example.com' }, evil)
      expect(put.status).toBe(403)
      const sessions = await client.get<{ id: number }[]>('/api/auth/sessions/')
      expect((await client.delete(`/api/auth/sessions/${sessions.body[0]?.id}/`, evil)).status).toBe(403)
      expect((await client.get('/api/auth/me/')).status).toBe(200)
    })

    it('refuses when neither Origin nor Referer says where the request comes from, or Origin is null', async () => {
      const { client } = await newCustomer(server)
      expect((await client.post('/api/auth/logout/', undefined, { origin: '' })).status).toBe(403)
      expect((await client.post('/api/auth/logout/', undefined, { origin: 'null' })).status).toBe(403)
      expect(
        (await client.post('/api/auth/logout/', undefined, { origin: '', referer: 'https://evil.example/page' }))
          .status,
      ).toBe(403)
      expect((await client.get('/api/auth/me/')).status).toBe(200)
    })

    it('accepts a same-origin Referer when the browser sent no Origin', async () => {
      const { client } = await newCustomer(server)
      const answer = await client.post('/api/auth/logout/', undefined, {
        origin: '',
        referer: `${server.url}/account-settings`,
      })
      expect(answer.status).toBe(200)
    })

    it('lets bearer clients and requests without a session cookie through', async () => {
      const { login } = await newCustomer(server)
      const bearer = await anonymous().post('/api/auth/sessions/revoke-others/', undefined, {
        authorization: `Bearer ${login.access_token}`,
        origin: 'https://evil.example',
      })
      expect(bearer.status).toBe(200)
      const noCookie = await anonymous().post(
        '/api/auth/login/',
        { email: uniqueEmail(), password: GOOD_PASSWORD },
        { origin: 'https://evil.example' },
      )
      expect(noCookie.status).toBe(401)
    })

    it('accepts the in-process calls of server rendering, which forward the shopper’s Host and Origin', async () => {
      const { client } = await newCustomer(server)
      const host = new URL(server.url).host
      const forwarded = { cookie: client.cookieHeader, host, origin: server.url }
      const ok = await server.app.inject({
        method: 'POST',
        url: '/api/auth/sessions/revoke-others/',
        headers: forwarded,
      })
      expect(ok.statusCode).toBe(200)
      const crossSite = await server.app.inject({
        method: 'POST',
        url: '/api/auth/logout/',
        headers: { ...forwarded, origin: 'https://evil.example' },
      })
      expect(crossSite.statusCode).toBe(403)
    })
  })

  it('documents the accounts and user calls, with their descriptions, in the OpenAPI document', async () => {
    const answer = await anonymous().get<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>(
      '/api/openapi.json',
    )
    expect(Object.keys(answer.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/register/',
        '/api/auth/login/',
        '/api/auth/logout/',
        '/api/auth/me/',
        '/api/auth/refresh/',
        '/api/auth/sessions/',
        '/api/auth/sessions/{id}/',
        '/api/auth/sessions/revoke-others/',
        '/api/auth/request-password-reset/',
        '/api/auth/reset-password/',
        '/api/auth/change-password/',
        '/api/auth/providers/',
        '/api/auth/google',
        '/api/auth/google/callback',
        '/api/user/profile',
        '/api/user/orders',
        '/api/user/addresses',
        '/api/user/addresses/{id}',
        '/api/user/addresses/{id}/default',
        '/api/user/payment-methods',
        '/api/user/payment-methods/{id}',
        '/api/user/payment-methods/{id}/default',
        '/api/user/wishlist/',
        '/api/user/wishlist/{productId}/',
      ]),
    )
    expect(JSON.stringify(answer.body.paths['/api/user/payment-methods'])).toContain('never a card number')
  })

  describe('roles and demo accounts', () => {
    it('signs in the demo customer, admin and shop owners with their documented passwords', async () => {
      const customer = await signIn(server, DEMO_ACCOUNTS.customer)
      expect(customer.login.role).toBe('customer')
      const admin = await signIn(server, DEMO_ACCOUNTS.admin)
      expect(admin.login.role).toBe('superuser')
      const [owner] = await server.database.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.role, 'vendor'))
        .orderBy(asc(users.id))
        .limit(1)
      const vendor = await signIn(server, { email: owner?.email ?? '', password: DEMO_ACCOUNTS.vendorPassword })
      expect(vendor.login.role).toBe('vendor')

      expect((await admin.client.get('/api/test/admin-only')).status).toBe(200)
      const forbidden = await customer.client.get('/api/test/admin-only')
      expect(forbidden.status).toBe(403)
      expect(forbidden.body).toEqual({ detail: 'You do not have permission to do that.', code: 'forbidden' })
      expect((await vendor.client.get('/api/test/admin-only')).status).toBe(403)
      expect((await anonymous().get('/api/test/admin-only')).status).toBe(401)

      expect((await customer.client.get<unknown[]>('/api/user/addresses')).body).toHaveLength(1)
      expect((await customer.client.get<unknown[]>('/api/user/payment-methods')).body).toHaveLength(1)
      expect((await customer.client.get<unknown[]>('/api/user/wishlist/')).body).toHaveLength(3)
    })
  })
})

describe.each(engines)('accounts settings (%s)', (engine) => {
  it('rehashes a password made with older parameters at the next sign-in', async () => {
    await withTestServer(engine, { env: { ...RELAXED_LIMITS, ARGON2_TIME_COST: '3' } }, async (server) => {
      const email = uniqueEmail('rehash')
      const oldHash = await new PasswordHasher().hash(GOOD_PASSWORD)
      await server.database.db.execute(sql`insert into users (email, password_hash) values (${email}, ${oldHash})`)
      expect((await new Client(server).post('/api/auth/login/', { email, password: GOOD_PASSWORD })).status).toBe(200)
      const [row] = await server.database.db
        .select({ password_hash: users.passwordHash })
        .from(users)
        .where(eq(users.email, email))
      expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=3,p=1\$/)
      expect((await new Client(server).post('/api/auth/login/', { email, password: GOOD_PASSWORD })).status).toBe(200)
    })
  })

  it('expires bearer access tokens, which the refresh token renews', async () => {
    await withTestServer(engine, { env: { ...RELAXED_LIMITS, ACCESS_TOKEN_TTL: '1s' } }, async (server) => {
      const { login } = await newCustomer(server)
      expect(login.expires_in).toBe(1)
      await new Promise((resolve) => setTimeout(resolve, 1500))
      const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
      expect((await new Client(server).get('/api/auth/me/', bearer(login.access_token))).status).toBe(401)
      const renewed = await new Client(server).post<LoginAnswer>('/api/auth/refresh/', {
        refresh_token: login.refresh_token,
      })
      expect(renewed.status).toBe(200)
      expect((await new Client(server).get('/api/auth/me/', bearer(renewed.body.access_token))).status).toBe(200)
    })
  })

  it('names the cookie __Host-soko_session and marks it Secure in production; no dev outbox there', async () => {
    await withTestServer(engine, { env: { ...RELAXED_LIMITS, NODE_ENV: 'production' } }, async (server) => {
      const credentials = await registerUser(server)
      const client = new Client(server)
      const answer = await client.post('/api/auth/login/', credentials)
      expect(sessionCookie(answer.headers, '__Host-soko_session')).toMatch(
        /^__Host-soko_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
      )
      expect((await client.get('/api/auth/me/')).status).toBe(200)
      // A plain-named cookie means nothing in production.
      const plain = new Client(server)
      plain.cookies.set('soko_session', client.cookies.get('__Host-soko_session') ?? '')
      expect((await plain.get('/api/auth/me/')).status).toBe(401)
      expect((await fetch(`${server.url}/api/dev/outbox/`)).status).toBe(404)
    })
  })

  it('accepts Origin = PUBLIC_URL behind a proxy that rewrites the Host', async () => {
    await withTestServer(engine, { env: { ...RELAXED_LIMITS, PUBLIC_URL: 'https://soko.example' } }, async (server) => {
      const { client } = await newCustomer(server)
      expect(
        (await client.post('/api/auth/sessions/revoke-others/', undefined, { origin: 'https://soko.example' })).status,
      ).toBe(200)
      expect(
        (await client.post('/api/auth/sessions/revoke-others/', undefined, { origin: 'https://evil.example' })).status,
      ).toBe(403)
    })
  })
})
