// Payout figures: how long the weekly payout run takes for 1,000 shops with the Daraja simulator (decision 0018).
// The shops are written straight into PostgreSQL (verified, each with its own payout number), each is given KSh
// 600 to be paid by an admin's ledger adjustment through the API, then an admin runs the payouts: the figures are
// the run's answer (every payout written, queued and in the ledger) and the time until M-Pesa has paid them all
// (sent by the durable jobs, settled by the simulator's Results). The simulator runs inside the server process and
// answers after MPESA_SIMULATOR_DELAY. PostgreSQL only (PGlite lives inside the server). Run alone:
// `node bench/payouts.mjs` (after `npm run build`).
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { postgresAvailable, startBenchServer } from './server.mjs'

const SHOPS = Number(process.env.BENCH_PAYOUT_SHOPS ?? 1000)
const ADMIN = { email: 'admin@demo.soko.co.ke', password: 'Admin-demo-2026' }

function psql(url, command) {
  const result = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-Atqc', command], { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`)
  return result.stdout.trim()
}

async function signIn(base) {
  const response = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  if (response.status !== 200) throw new Error(`admin sign-in failed: ${response.status}`)
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/** Runs `task` over `items`, `width` at a time. */
async function inParallel(items, width, task) {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++])
    }),
  )
}

export async function benchPayouts() {
  // The demo's shops are paid in the same run (their history left money available); the simulator's float is
  // KSh 1,000,000, so the last few payouts may be refused for lack of float, as M-Pesa would refuse them.
  const rows = [
    ['shops', 'run answered s', 'p50 settled s', 'p99 settled s', 'all settled s', 'paid', 'refused', 'by status'],
  ]
  if (!postgresAvailable()) return [...rows, ['-', 'no PostgreSQL here', '', '', '', '', '', '']]
  const server = await startBenchServer({
    engine: 'postgres',
    products: 2000,
    port: 3962,
    env: { MPESA_SIMULATOR_DELAY: '20ms', DB_POOL_SIZE: '20', PAYOUT_SCHEDULE: 'off' },
  })
  try {
    const tag = randomBytes(3).toString('hex')
    const ids = psql(
      server.databaseUrl,
      `insert into businesses (name, slug, type, county, town, phone, payout_phone, is_verified, verified_at)
       select 'Bench shop ' || n, 'bench-${tag}-' || n, 'Retailer', 'Nairobi', 'Ngara', '+254712345678',
         '+2547' || lpad((20000000 + n)::text, 8, '0'), true, now()
       from generate_series(1, ${SHOPS}) as n
       returning id`,
    )
      .split('\n')
      .map(Number)
    const cookie = await signIn(server.base)
    const headers = { 'content-type': 'application/json', cookie, origin: server.base }
    await inParallel(ids, 10, async (id) => {
      const response = await fetch(`${server.base}/api/admin/ledger/adjustments/`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `bench-payout-${tag}-${id}` },
        body: JSON.stringify({
          debit: { account: 'adjustments', vendor_id: null },
          credit: { account: 'vendor_available', vendor_id: id },
          amount: 600,
          reason: 'Bench: money to be paid out',
        }),
      })
      if (response.status !== 201) throw new Error(`adjustment refused: ${response.status} ${await response.text()}`)
    })

    const started = performance.now()
    const run = await fetch(`${server.base}/api/admin/payouts/run/`, { method: 'POST', headers, body: '{}' })
    if (run.status !== 200) throw new Error(`the run was refused: ${run.status} ${await run.text()}`)
    const answered = (performance.now() - started) / 1000
    const ours = `business_id in (select id from businesses where slug like 'bench-${tag}-%')`
    let settled = { paid: 0, failed: 0 }
    for (;;) {
      const [paid = 0, failed = 0] = psql(
        server.databaseUrl,
        `select count(*) filter (where state = 'paid'), count(*) filter (where state = 'failed') from payouts
         where ${ours}`,
      )
        .split('|')
        .map(Number)
      settled = { paid, failed }
      if (paid + failed >= ids.length || performance.now() - started > 600_000) break
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const all = (performance.now() - started) / 1000
    // From the first payout written to each one settled: most within seconds; one whose Result never came waits
    // for its status query (PAYOUT_QUERY_AFTER, 3 minutes by default).
    const [p50 = 0, p99 = 0, byStatus = 0] = psql(
      server.databaseUrl,
      `with ours as (select * from payouts where ${ours}),
         first as (select min(created_at) as at from ours)
       select percentile_cont(0.5) within group (order by extract(epoch from settled_at - first.at)),
         percentile_cont(0.99) within group (order by extract(epoch from settled_at - first.at)),
         (select count(distinct payout_id) from payout_events e
           where e.source = 'status' and e.outcome = 'applied' and e.payout_id in (select id from ours))
       from ours, first`,
    )
      .split('|')
      .map(Number)
    rows.push([
      String(SHOPS),
      answered.toFixed(1),
      p50.toFixed(1),
      p99.toFixed(1),
      all.toFixed(1),
      String(settled.paid),
      String(settled.failed),
      String(byStatus),
    ])
  } finally {
    await server.stop()
  }
  return rows
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await benchPayouts()
  console.log('\nPayout run, PostgreSQL, Daraja simulator in the server')
  for (const row of rows) console.log(`  ${row.map((cell) => String(cell).padEnd(16)).join('')}`)
}
