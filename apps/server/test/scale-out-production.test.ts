import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../src/plugins/config.ts'
import { Client } from './support/accounts.ts'
import { runEntry } from './support/run-entry.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

const refusal = (env: Record<string, string>) => {
  try {
    parseConfig(env)
    return null
  } catch (error) {
    return (error as Error).message
  }
}

describe('production settings', () => {
  it('runs the embedded demo with no settings at all, as `npm start` does', () => {
    expect(refusal({ NODE_ENV: 'production' })).toBeNull()
  })

  it('refuses what a real marketplace lacks, with one line naming it', () => {
    const postgres = { NODE_ENV: 'production', DATABASE_URL: 'postgresql://soko@db.internal:5432/soko' }
    expect(refusal(postgres)).toBe(
      'Invalid configuration: PUBLIC_URL must be set in production on PostgreSQL (the address shoppers use, e.g. https://soko.co.ke)',
    )
    expect(refusal({ ...postgres, PUBLIC_URL: 'https://soko.co.ke' })).toBeNull()
    // A database seeded with the demo's public passwords is a demo by definition.
    expect(refusal({ ...postgres, SEED_DEMO_DATA: 'true' })).toBeNull()
    expect(refusal({ ...postgres, PUBLIC_URL: 'https://soko.co.ke', MPESA_ENV: 'production' })).toMatch(
      /^Invalid configuration: MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET, MPESA_SHORTCODE and MPESA_PASSKEY must be set/,
    )
    expect(refusal({ ...postgres, PUBLIC_URL: 'https://soko.co.ke', CARD_PROVIDER: 'paystack' })).toMatch(
      /^Invalid configuration: CARD_SECRET_KEY must be set/,
    )
    expect(refusal({ ...postgres, PUBLIC_URL: 'https://soko.co.ke', TRUST_PROXY: 'true' })).toMatch(
      /^Invalid configuration: TRUST_PROXY must be false, a hop count/,
    )
  })

  it('stops the real entry point with that one line on stderr and exit code 1', async () => {
    const exit = await runEntryPoint({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://soko@127.0.0.1:1/soko' })
    expect(exit).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'Invalid configuration: PUBLIC_URL must be set in production on PostgreSQL (the address shoppers use, e.g. https://soko.co.ke)\n',
    })
  })

  it('will not run the payment stand-ins for other machines unless demo mode is switched on', async () => {
    const exit = await runEntryPoint({ NODE_ENV: 'production', HOST: '0.0.0.0', PUBLIC_URL: 'https://soko.co.ke' })
    expect(exit).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'Invalid configuration: SOKO_DEMO must be true to run the built-in M-Pesa simulator or test card provider on a non-loopback HOST (or set MPESA_ENV and CARD_PROVIDER to real providers)\n',
    })
  })
})

/** Runs `main.ts` with the given settings (and none of this shell's that matter) until it exits. */
const runEntryPoint = (env: Record<string, string>) =>
  runEntry('main.ts', [], env, ['PUBLIC_URL', 'SEED_DEMO_DATA', 'HOST', 'SOKO_DEMO'])

describe('a production server behind one proxy (TRUST_PROXY=1)', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      env: { NODE_ENV: 'production', TRUST_PROXY: '1', AUTH_LIMIT_PER_IP: '3/1m' },
    })
  })
  afterAll(() => server?.close())

  const login = (forwardedFor: string, n: number) =>
    new Client(server).post(
      '/api/auth/login/',
      { email: `nobody.${n}@example.co.ke`, password: 'Not-the-password-1' },
      { 'x-forwarded-for': forwardedFor },
    )

  it('counts limits by the address the proxy saw, whatever a client puts before it', async () => {
    for (let n = 0; n < 3; n++) expect((await login(`198.51.100.${n}, 10.0.0.7`, n)).status).toBe(401)
    // The same shopper behind the proxy with yet another forged address: still the same client.
    expect((await login('203.0.113.9, 10.0.0.7', 3)).status).toBe(429)
    // Another shopper is not affected.
    expect((await login('10.0.0.8', 4)).status).toBe(401)
  })

  it('sets the session cookie Secure with the __Host- prefix and serves no development routes', async () => {
    const client = new Client(server)
    const answer = await client.post('/api/auth/login/', {
      email: 'wanjiku@demo.soko.co.ke',
      password: 'Wanjiku-demo-2026',
    })
    expect(answer.status).toBe(200)
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('__Host-soko_session='))
    expect(cookie).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Secure$/)
    expect((await client.get('/api/dev/outbox/')).status).toBe(404)
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404)
  })
})
