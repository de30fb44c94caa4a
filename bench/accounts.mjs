// Accounts figures: the cost of one argon2id hash with the server's parameters on this machine, and the sign-in
// requests per second a production server sustains with them (autocannon, POST /api/auth/login/ with the demo
// customer), beside a signed-in request (GET /api/auth/me/, one session lookup) for scale. The rate limits are
// raised for the run: the default would answer 429 after 10 sign-ins.
// Run alone: `node bench/accounts.mjs` (after `npm run build`); BENCH_SECONDS sets each run's length.
import { availableParallelism } from 'node:os'
import { pathToFileURL } from 'node:url'
import { hash, verify } from '@node-rs/argon2'
import autocannon from 'autocannon'
import { postgresAvailable, startBenchServer } from './server.mjs'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5)
/** The server's defaults (apps/server/src/plugins/config.ts): OWASP's minimum for argon2id. */
const PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }
const DEMO = { email: 'wanjiku@demo.soko.co.ke', password: 'Wanjiku-demo-2026' }
const RAISED_LIMITS = {
  LOGIN_LIMIT_PER_ACCOUNT: '100000000/1m',
  AUTH_LIMIT_PER_IP: '100000000/1m',
}

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-')

/** Mean milliseconds of one hash and one verification, one at a time, and verifications/s with 8 in flight. */
export async function benchArgon2() {
  const stored = await hash('warm-up-password', PARAMS)
  const rounds = 40
  let started = performance.now()
  for (let i = 0; i < rounds; i++) await hash(`Mti-wa-mwembe-${i}`, PARAMS)
  const hashMs = (performance.now() - started) / rounds
  started = performance.now()
  for (let i = 0; i < rounds; i++) await verify(stored, 'warm-up-password')
  const verifyMs = (performance.now() - started) / rounds
  const parallel = 200
  started = performance.now()
  await Promise.all(Array.from({ length: parallel }, () => verify(stored, 'warm-up-password')))
  const perSecond = parallel / ((performance.now() - started) / 1000)
  return { hashMs, verifyMs, perSecond }
}

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: DURATION_S, ...options }, (error, result) =>
      error
        ? reject(error)
        : resolve({
            rps: result.requests.average,
            p50: result.latency.p50,
            p99: result.latency.p99,
            ok: result['2xx'],
            failed: result.non2xx + result.errors,
          }),
    )
  })
}

/** Sign-ins per second (and a signed-in request for comparison) against a running server. */
export async function benchAccounts(base) {
  const login = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  })
  if (login.status !== 200) throw new Error(`demo sign-in failed: ${login.status} ${await login.text()}`)
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? ''
  const signIn = await load({
    url: `${base}/api/auth/login/`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  })
  const wrong = await load({
    url: `${base}/api/auth/login/`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO, password: 'Not-the-password-1' }),
  })
  const me = await load({ url: `${base}/api/auth/me/`, headers: { cookie } })
  const row = (label, r) => [label, fmt(r.rps, 0), fmt(r.p50), fmt(r.p99), r.failed]
  return [
    ['request', 'req/s', 'p50 ms', 'p99 ms', 'unexpected'],
    row('POST /api/auth/login/ (right password)', signIn),
    // Wrong passwords answer 401: "unexpected" counts them, so it equals the requests made.
    row('POST /api/auth/login/ (wrong password, 401)', { ...wrong, failed: wrong.ok }),
    row('GET /api/auth/me/ (session cookie)', me),
  ]
}

function table(title, rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)))
  console.log(`\n${title}`)
  for (const row of rows) console.log(`  ${row.map((cell, i) => String(cell).padEnd(widths[i])).join('  ')}`)
}

export async function main() {
  const argon = await benchArgon2()
  table(
    `argon2id m=${PARAMS.memoryCost} KiB, t=${PARAMS.timeCost}, p=${PARAMS.parallelism} (${availableParallelism()} CPUs)`,
    [
      ['hash ms', 'verify ms', 'verifications/s (200 in flight)'],
      [fmt(argon.hashMs), fmt(argon.verifyMs), fmt(argon.perSecond, 0)],
    ],
  )
  const engines = postgresAvailable() ? ['pglite', 'postgres'] : ['pglite']
  for (const engine of engines) {
    const server = await startBenchServer({ engine, products: 200, port: 3961, env: RAISED_LIMITS })
    try {
      table(`Accounts API, ${engine} (${DURATION_S} s per run, 10 connections)`, await benchAccounts(server.base))
    } finally {
      await server.stop()
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
