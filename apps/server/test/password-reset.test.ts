import { passwordResetTokens, users } from '@soko/db/schema/accounts'
import { typedRows, value } from '@soko/db/typed-sql'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  Client,
  GOOD_PASSWORD,
  newCustomer,
  outbox,
  RELAXED_LIMITS,
  registerUser,
  resetLink,
  signIn,
  uniqueEmail,
} from './support/accounts.ts'
import { startSmtpServer } from './support/smtp-server.ts'
import { engines, startTestServer, type TestServer, withTestServer } from './support/test-server.ts'

const NEW_PASSWORD = 'Kahawa-chungu-42'
const DONE = { detail: 'Password changed successfully. Redirecting...' }
const INVALID = {
  detail: 'This reset link is invalid or has expired. Please request a new one.',
  code: 'invalid_data',
  errors: { token: ['This reset link is invalid or has expired. Please request a new one.'] },
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > until) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe.each(engines)('password reset and change (%s)', (engine) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(engine, { env: RELAXED_LIMITS })
  })
  afterAll(() => server.close())

  const anonymous = () => new Client(server)
  const passwordHash = async (email: string) =>
    (
      await server.database.db.select({ password_hash: users.passwordHash }).from(users).where(eq(users.email, email))
    )[0]?.password_hash
  const askReset = (email: string, path = '/api/auth/request-password-reset/') => anonymous().post(path, { email })

  describe('POST /api/auth/request-password-reset/', () => {
    it('answers the same for an unknown address and sends nothing', async () => {
      const email = uniqueEmail('nobody')
      const answer = await askReset(email)
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ detail: 'Check your email for reset instructions.' })
      expect(await outbox(server, email)).toEqual([])
    })

    it('emails a single-use link to /reset-password/{uid}/{token} on this site', async () => {
      const credentials = await registerUser(server)
      const { login } = await signIn(server, credentials)
      const answer = await askReset(credentials.email.toUpperCase())
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ detail: 'Check your email for reset instructions.' })
      const [message] = await outbox(server, credentials.email)
      expect(message).toMatchObject({
        to: credentials.email,
        subject: 'Reset your Soko password',
        sentAt: null,
        error: null,
      })
      const link = await resetLink(server, credentials.email)
      expect(link.url.startsWith(`${server.url}/reset-password/`)).toBe(true)
      expect(Buffer.from(link.uid, 'base64url').toString()).toBe(String(login.user.id))
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      // Only a hash of the token is stored.
      const rows = await server.database.db
        .select({ token_hash: passwordResetTokens.tokenHash })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, login.user.id))
      expect(rows.map((r) => r.token_hash)).not.toContain(link.token)
      expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/)
    })

    it('is answered at /auth/request-password-reset/ too, the path the specification’s screen posts to', async () => {
      const { email } = await registerUser(server)
      const answer = await askReset(email, '/auth/request-password-reset/')
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ detail: 'Check your email for reset instructions.' })
      expect((await outbox(server, email)).length).toBe(1)
    })

    it('checks the address', async () => {
      const answer = await anonymous().post('/api/auth/request-password-reset/', { email: 'not-an-address' })
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({
        detail: 'Email is invalid',
        code: 'invalid_data',
        errors: { email: ['Email is invalid'] },
      })
    })
  })

  describe('POST /api/auth/reset-password/', () => {
    it('sets the new password, ends every session, verifies the email, and works once', async () => {
      const credentials = await registerUser(server)
      const device = await signIn(server, credentials)
      await askReset(credentials.email)
      const { uid, token } = await resetLink(server, credentials.email)

      const weak = await anonymous().post('/api/auth/reset-password/', { uid, token, password: 'short' })
      expect(weak.status).toBe(400)
      expect(weak.body).toEqual({
        detail: 'Password must be at least 8 characters',
        code: 'invalid_data',
        errors: { password: ['Password must be at least 8 characters'] },
      })
      const common = await anonymous().post('/api/auth/reset-password/', { uid, token, password: 'iloveyou1' })
      expect((common.body as { detail: string }).detail).toBe(
        'This password is too common. Choose one that is harder to guess',
      )

      // A weak password did not spend the link.
      const answer = await anonymous().post('/api/auth/reset-password/', { uid, token, password: NEW_PASSWORD })
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual(DONE)

      expect((await device.client.get('/api/auth/me/')).status).toBe(401)
      expect((await anonymous().post('/api/auth/login/', credentials)).status).toBe(401)
      const after = await signIn(server, { email: credentials.email, password: NEW_PASSWORD })
      expect(after.login.user).toMatchObject({ emailVerified: true })

      const again = await anonymous().post('/api/auth/reset-password/', { uid, token, password: 'Yet-another-one-77' })
      expect(again.status).toBe(400)
      expect(again.body).toEqual(INVALID)
    })

    it('refuses an expired link', async () => {
      const { email } = await registerUser(server)
      await askReset(email)
      const { uid, token } = await resetLink(server, email)
      await server.database.db.execute(
        sql`update password_reset_tokens set expires_at = now() - interval '1 second'
            where user_id = (select id from users where email = ${email})`,
      )
      const answer = await anonymous().post('/api/auth/reset-password/', { uid, token, password: NEW_PASSWORD })
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual(INVALID)
      expect((await anonymous().post('/api/auth/login/', { email, password: GOOD_PASSWORD })).status).toBe(200)
    })

    it('expires links after one hour', async () => {
      const { email } = await registerUser(server)
      await askReset(email)
      const [row] = await typedRows(
        server.database.db,
        { minutes: value.int },
        sql`select round(extract(epoch from expires_at - created_at) / 60)::int as minutes from password_reset_tokens
            where user_id = (select id from users where email = ${email})`,
      )
      expect(row?.minutes).toBe(60)
    })

    it('lets exactly one of two simultaneous uses of a link through', async () => {
      const { email } = await registerUser(server)
      await askReset(email)
      const { uid, token } = await resetLink(server, email)
      const answers = await Promise.all([
        anonymous().post('/api/auth/reset-password/', { uid, token, password: 'First-of-two-11' }),
        anonymous().post('/api/auth/reset-password/', { uid, token, password: 'Second-of-two-22' }),
      ])
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400])
      const winner = answers[0]?.status === 200 ? 'First-of-two-11' : 'Second-of-two-22'
      expect((await anonymous().post('/api/auth/login/', { email, password: winner })).status).toBe(200)
    })

    it('refuses a token with another user’s uid, a made-up uid or token, and missing fields', async () => {
      const victim = await registerUser(server)
      const attacker = await newCustomer(server)
      await askReset(attacker.email)
      const { token } = await resetLink(server, attacker.email)
      const [victimRow] = await server.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, victim.email))
      const victimUid = Buffer.from(String(victimRow?.id)).toString('base64url')
      for (const body of [
        { uid: victimUid, token, password: NEW_PASSWORD },
        { uid: 'bm90LWFuLWlk', token, password: NEW_PASSWORD },
        { uid: '!!!', token, password: NEW_PASSWORD },
        { uid: victimUid, token: 'x'.repeat(43), password: NEW_PASSWORD },
      ]) {
        const answer = await anonymous().post('/api/auth/reset-password/', body)
        expect(answer.status).toBe(400)
        expect(answer.body).toEqual(INVALID)
      }
      expect((await anonymous().post('/api/auth/login/', victim)).status).toBe(200)
      const missing = await anonymous().post('/api/auth/reset-password/', {})
      expect(missing.status).toBe(400)
      expect((missing.body as { errors: Record<string, string[]> }).errors.password).toEqual(['Password is required'])
    })

    it('voids every earlier link once the password changes', async () => {
      const credentials = await registerUser(server)
      await askReset(credentials.email)
      const first = await resetLink(server, credentials.email)
      await askReset(credentials.email)
      const second = await resetLink(server, credentials.email)
      expect(second.token).not.toBe(first.token)
      expect((await anonymous().post('/api/auth/reset-password/', { ...second, password: NEW_PASSWORD })).status).toBe(
        200,
      )
      expect(
        (await anonymous().post('/api/auth/reset-password/', { ...first, password: 'Other-password-5' })).status,
      ).toBe(400)

      // A change of password (signed in) voids outstanding links too.
      await askReset(credentials.email)
      const third = await resetLink(server, credentials.email)
      const { client } = await signIn(server, { email: credentials.email, password: NEW_PASSWORD })
      expect(
        (
          await client.post('/api/auth/change-password/', {
            currentPassword: NEW_PASSWORD,
            newPassword: 'Changed-again-8',
          })
        ).status,
      ).toBe(200)
      expect(
        (await anonymous().post('/api/auth/reset-password/', { ...third, password: 'Other-password-5' })).status,
      ).toBe(400)
    })
  })

  describe('POST /api/auth/change-password/', () => {
    it('needs the right current password, and then leaves the hash alone', async () => {
      const { client, email } = await newCustomer(server)
      const before = await passwordHash(email)
      const wrong = await client.post('/api/auth/change-password/', {
        currentPassword: 'Not-my-password-1',
        newPassword: NEW_PASSWORD,
      })
      expect(wrong.status).toBe(400)
      expect(wrong.body).toEqual({
        detail: 'Your current password is incorrect.',
        code: 'invalid_data',
        errors: { currentPassword: ['Your current password is incorrect.'] },
      })
      const missing = await client.post('/api/auth/change-password/', { newPassword: NEW_PASSWORD })
      expect(missing.status).toBe(400)
      expect((missing.body as { errors: Record<string, string[]> }).errors.currentPassword).toEqual([
        'Enter your current password',
      ])
      expect(await passwordHash(email)).toBe(before)
    })

    it('applies the policy to the new password and wants a different one', async () => {
      const { client } = await newCustomer(server)
      const same = await client.post('/api/auth/change-password/', {
        currentPassword: GOOD_PASSWORD,
        newPassword: GOOD_PASSWORD,
      })
      expect(same.status).toBe(400)
      expect((same.body as { detail: string }).detail).toBe(
        'Your new password must be different from your current password',
      )
      const weak = await client.post('/api/auth/change-password/', {
        currentPassword: GOOD_PASSWORD,
        newPassword: 'abc',
      })
      expect(weak.status).toBe(400)
      expect((weak.body as { errors: Record<string, string[]> }).errors.newPassword).toEqual([
        'Password must be at least 8 characters',
      ])
      const extra = await client.post('/api/auth/change-password/', {
        currentPassword: GOOD_PASSWORD,
        newPassword: NEW_PASSWORD,
        userId: 1,
      })
      expect(extra.status).toBe(400)
      expect((extra.body as { errors: Record<string, string[]> }).errors.userId).toEqual(['is not an accepted field'])
    })

    it('changes it, signs the other devices out, renews this browser’s cookie and tells the owner by email', async () => {
      const credentials = await registerUser(server)
      const other = await signIn(server, credentials)
      const here = await signIn(server, credentials)
      const oldCookie = here.client.cookieHeader
      const answer = await here.client.post('/api/auth/change-password/', {
        currentPassword: GOOD_PASSWORD,
        newPassword: NEW_PASSWORD,
      })
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ detail: 'Password changed successfully.' })
      expect(answer.headers.getSetCookie().some((c) => c.startsWith('soko_session='))).toBe(true)
      expect(here.client.cookieHeader).not.toBe(oldCookie)
      expect((await here.client.get('/api/auth/me/')).status).toBe(200)
      expect((await anonymous().get('/api/auth/me/', { cookie: oldCookie })).status).toBe(401)
      expect((await other.client.get('/api/auth/me/')).status).toBe(401)
      expect((await anonymous().post('/api/auth/login/', credentials)).status).toBe(401)
      expect(
        (await anonymous().post('/api/auth/login/', { email: credentials.email, password: NEW_PASSWORD })).status,
      ).toBe(200)
      const subjects = (await outbox(server, credentials.email)).map((m) => m.subject)
      expect(subjects).toContain('Your Soko password was changed')
    })

    it('works for bearer clients, whose session continues', async () => {
      const credentials = await registerUser(server)
      const browser = await signIn(server, credentials)
      const app = await signIn(server, credentials)
      const bearer = { authorization: `Bearer ${app.login.access_token}` }
      const answer = await anonymous().post(
        '/api/auth/change-password/',
        { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD },
        bearer,
      )
      expect(answer.status).toBe(200)
      expect(answer.headers.getSetCookie()).toEqual([])
      expect((await anonymous().get('/api/auth/me/', bearer)).status).toBe(200)
      expect((await browser.client.get('/api/auth/me/')).status).toBe(401)
    })

    it('needs a signed-in user', async () => {
      const answer = await anonymous().post('/api/auth/change-password/', {
        currentPassword: GOOD_PASSWORD,
        newPassword: NEW_PASSWORD,
      })
      expect(answer.status).toBe(401)
    })
  })
})

describe.each(engines)('reset mail over SMTP (%s)', (engine) => {
  it('sends the link through the mail server, to the PUBLIC_URL site, after answering', async () => {
    const smtp = await startSmtpServer()
    const server = await startTestServer(engine, {
      env: {
        ...RELAXED_LIMITS,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Soko <no-reply@soko.example>',
        PUBLIC_URL: 'https://soko.example',
      },
    })
    try {
      const { email } = await registerUser(server)
      const answer = await new Client(server).post('/api/auth/request-password-reset/', { email })
      expect(answer.status).toBe(200)
      const [message] = await eventually(
        () => outbox(server, email),
        (messages) => messages[0]?.sentAt !== null,
      )
      expect(message?.sentAt).not.toBeNull()
      expect(message?.error).toBeNull()
      expect(message?.text).toMatch(/https:\/\/soko\.example\/reset-password\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]{43}/)
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]?.to).toEqual([email])
      expect(smtp.received[0]?.from).toMatch(/no-reply@soko\.example/)
      const data = (smtp.received[0]?.data ?? '')
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      expect(data).toMatch(/^Subject: Reset your Soko password$/m)
      expect(data).toContain(message?.text.match(/https:\S+/)?.[0])
    } finally {
      await server.close()
      await smtp.close()
    }
  })

  it('answers the shopper even when the mail server is down, and keeps the message with its error', async () => {
    const smtp = await startSmtpServer()
    const deadUrl = smtp.url
    await smtp.close()
    await withTestServer(engine, { env: { ...RELAXED_LIMITS, SMTP_URL: deadUrl } }, async (server) => {
      const { email } = await registerUser(server)
      const answer = await new Client(server).post('/api/auth/request-password-reset/', { email })
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ detail: 'Check your email for reset instructions.' })
      const [message] = await eventually(
        () => outbox(server, email),
        (messages) => messages[0]?.error !== null,
      )
      expect(message?.sentAt).toBeNull()
      expect(message?.error).toMatch(/ECONNREFUSED|connect/i)
    })
  })
})
