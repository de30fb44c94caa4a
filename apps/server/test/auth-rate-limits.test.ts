import { readMigrations } from '@soko/db/migrate'
import { migrationsDir } from '@soko/db/paths'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { parseConfig } from '../src/plugins/config.ts'
import { startStandIns } from '../src/stand-ins.ts'
import { Client, GOOD_PASSWORD, registerUser, signIn, uniqueEmail } from './support/accounts.ts'
import { engines, type TestServer, withTestServer } from './support/test-server.ts'

const spoofed = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i % 250}, 10.0.0.${i % 250}` })

async function withServer(
  engine: (typeof engines)[number],
  env: Record<string, string>,
  work: (s: TestServer) => Promise<void>,
) {
  await withTestServer(engine, { env }, async (server) => {
    await work(server)
  })
}

describe.each(engines)('rate limits (%s)', (engine) => {
  it('throttles failed sign-ins per account, whatever X-Forwarded-For claims, and lets the owner back after the window', async () => {
    await withServer(engine, { AUTH_LIMIT_PER_IP: '100000/1m' }, async (server) => {
      const { email } = await registerUser(server)
      for (let i = 0; i < 10; i++) {
        const answer = await new Client(server).post(
          '/api/auth/login/',
          { email, password: `Wrong-guess-${i}` },
          spoofed(i),
        )
        expect(answer.status).toBe(401)
      }
      const blocked = await new Client(server).post(
        '/api/auth/login/',
        { email: email.toUpperCase(), password: GOOD_PASSWORD },
        spoofed(99),
      )
      expect(blocked.status).toBe(429)
      expect(blocked.body).toEqual({
        detail: 'Too many attempts. Please wait 15 minutes and try again.',
        code: 'rate_limited',
      })
      const retryAfter = Number(blocked.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(14 * 60)
      expect(retryAfter).toBeLessThanOrEqual(15 * 60)

      // Another account from the same address is not affected.
      const other = await registerUser(server)
      expect((await new Client(server).post('/api/auth/login/', other)).status).toBe(200)

      // The window passes (moved into the past here rather than waited for): the owner signs in.
      await server.database.db.execute(
        sql`update rate_limits set reset_at = now() - interval '1 second' where key = ${`login:account:${email}`}`,
      )
      expect((await new Client(server).post('/api/auth/login/', { email, password: GOOD_PASSWORD })).status).toBe(200)
    })
  })

  it('forgets the failures once a short window has really passed (no permanent lockout)', async () => {
    await withServer(engine, { LOGIN_LIMIT_PER_ACCOUNT: '3/2s' }, async (server) => {
      const { email } = await registerUser(server)
      for (let i = 0; i < 3; i++) {
        expect((await new Client(server).post('/api/auth/login/', { email, password: 'Wrong-guess-x' })).status).toBe(
          401,
        )
      }
      const blocked = await new Client(server).post('/api/auth/login/', { email, password: GOOD_PASSWORD })
      expect(blocked.status).toBe(429)
      expect((blocked.body as { detail: string }).detail).toBe('Too many attempts. Please wait 1 minute and try again.')
      await new Promise((resolve) => setTimeout(resolve, 2100))
      expect((await new Client(server).post('/api/auth/login/', { email, password: GOOD_PASSWORD })).status).toBe(200)
    })
  })

  it('counts parallel guesses atomically', async () => {
    await withServer(engine, {}, async (server) => {
      const { email } = await registerUser(server)
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          new Client(server).post('/api/auth/login/', { email, password: `Parallel-guess-${i}` }),
        ),
      )
      const statuses = answers.map((a) => a.status)
      expect(statuses.filter((s) => s === 401)).toHaveLength(10)
      expect(statuses.filter((s) => s === 429)).toHaveLength(10)
    })
  })

  it('limits credential requests per client address; a forged X-Forwarded-For changes nothing without TRUST_PROXY', async () => {
    await withServer(engine, {}, async (server) => {
      for (let i = 0; i < 100; i++) {
        const answer = await new Client(server).post('/api/auth/refresh/', { refresh_token: `guess-${i}` }, spoofed(i))
        expect(answer.status).toBe(401)
      }
      const blocked = await new Client(server).post('/api/auth/refresh/', { refresh_token: 'guess' }, spoofed(7))
      expect(blocked.status).toBe(429)
      expect(blocked.body).toEqual({
        detail: 'Too many attempts. Please wait 1 minute and try again.',
        code: 'rate_limited',
      })
      expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60)
      // Every credential endpoint shares the budget, sign-in included; reading the session does not.
      expect((await new Client(server).post('/api/auth/login/', { email: 'a@b.co', password: 'x' })).status).toBe(429)
      expect((await new Client(server).get('/api/auth/me/')).status).toBe(401)
    })
  })

  it('believes X-Forwarded-For from a trusted proxy (TRUST_PROXY), per client', async () => {
    await withServer(engine, { TRUST_PROXY: '127.0.0.1', AUTH_LIMIT_PER_IP: '5/1m' }, async (server) => {
      const from = (ip: string) => ({ 'x-forwarded-for': ip })
      for (let i = 0; i < 5; i++) {
        expect(
          (await new Client(server).post('/api/auth/refresh/', { refresh_token: 'x' }, from('198.51.100.7'))).status,
        ).toBe(401)
      }
      expect(
        (await new Client(server).post('/api/auth/refresh/', { refresh_token: 'x' }, from('198.51.100.7'))).status,
      ).toBe(429)
      expect(
        (await new Client(server).post('/api/auth/refresh/', { refresh_token: 'x' }, from('198.51.100.8'))).status,
      ).toBe(401)
      // IPv6 clients are counted by their /64: rotating the interface identifier does not help.
      for (let i = 0; i < 5; i++) {
        const ip = `2001:db8:1:2::${(i + 1).toString(16)}`
        expect((await new Client(server).post('/api/auth/refresh/', { refresh_token: 'x' }, from(ip))).status).toBe(401)
      }
      expect(
        (await new Client(server).post('/api/auth/refresh/', { refresh_token: 'x' }, from('2001:db8:1:2:ffff::9')))
          .status,
      ).toBe(429)
    })
  })

  it('limits sign-ups per address', async () => {
    await withServer(engine, { REGISTER_LIMIT_PER_IP: '3/1h' }, async (server) => {
      for (let i = 0; i < 3; i++) {
        expect(
          (
            await new Client(server).post(
              '/api/auth/register/',
              { email: uniqueEmail(), password: GOOD_PASSWORD },
              spoofed(i),
            )
          ).status,
        ).toBe(201)
      }
      const blocked = await new Client(server).post(
        '/api/auth/register/',
        { email: uniqueEmail(), password: GOOD_PASSWORD },
        spoofed(50),
      )
      expect(blocked.status).toBe(429)
      expect(blocked.body).toEqual({
        detail: 'Too many attempts. Please wait 60 minutes and try again.',
        code: 'rate_limited',
      })
    })
  })

  it('limits reset requests per account and per address', async () => {
    await withServer(engine, { RESET_LIMIT_PER_IP: '8/1h' }, async (server) => {
      const { email } = await registerUser(server)
      const ask = (address: string) => new Client(server).post('/api/auth/request-password-reset/', { email: address })
      for (let i = 0; i < 5; i++) expect((await ask(email)).status).toBe(200)
      expect((await ask(email)).status).toBe(429)
      expect((await ask(uniqueEmail())).status).toBe(200)
      expect((await ask(uniqueEmail())).status).toBe(200)
      expect((await ask(uniqueEmail())).status).toBe(429)
    })
  })

  it('counts wrong current passwords towards the account’s limit', async () => {
    await withServer(engine, { AUTH_LIMIT_PER_IP: '100000/1m' }, async (server) => {
      const credentials = await registerUser(server)
      const { client } = await signIn(server, credentials)
      for (let i = 0; i < 10; i++) {
        const answer = await client.post('/api/auth/change-password/', {
          currentPassword: `Wrong-guess-${i}`,
          newPassword: 'Another-good-one-9',
        })
        expect(answer.status).toBe(400)
      }
      const blocked = await client.post('/api/auth/change-password/', {
        currentPassword: GOOD_PASSWORD,
        newPassword: 'Another-good-one-9',
      })
      expect(blocked.status).toBe(429)
      expect((await new Client(server).post('/api/auth/login/', credentials)).status).toBe(429)
    })
  })

  it('is shared by every process on the database', async () => {
    await withServer(engine, { LOGIN_LIMIT_PER_ACCOUNT: '4/15m' }, async (server) => {
      const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', LOGIN_LIMIT_PER_ACCOUNT: '4/15m' })
      const second = await buildApp({
        config,
        database: server.database,
        migrations: readMigrations(migrationsDir()),
        web: 'none',
        standIns: startStandIns,
      })
      try {
        const { email } = await registerUser(server)
        const attempt = async (app: 'first' | 'second') => {
          const body = { email, password: 'Wrong-guess-z' }
          if (app === 'first') return (await new Client(server).post('/api/auth/login/', body)).status
          return (await second.inject({ method: 'POST', url: '/api/auth/login/', payload: body })).statusCode
        }
        expect([
          await attempt('first'),
          await attempt('second'),
          await attempt('first'),
          await attempt('second'),
        ]).toEqual([401, 401, 401, 401])
        expect(await attempt('second')).toBe(429)
        expect(await attempt('first')).toBe(429)
      } finally {
        await second.close()
      }
    })
  })
})
