import { DEMO_ACCOUNTS } from '@soko/db/seed/demo-accounts'
import { seedDemoHistory } from '@soko/db/seed/seed-demo-history'
import { typedRows, value } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Ledger } from '../src/modules/ledger/service.ts'
import { signIn } from './support/accounts.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

// The demo's past (packages/db/src/seed/demo-history.ts) written into a real database: its ledger transactions pass
// the database's own rules (balanced at commit, append-only), and the screens that read them show real figures.

const SETTINGS = {
  shippingCents: 50_000,
  vatRateBp: 1600,
  commissionBp: 1000,
  deliveryConfirmDays: 3,
  returnWindowDays: 7,
  payoutSchedule: { day: 'friday', hour: 10 } as const,
  payoutMinimumCents: 50_000,
}

interface Dashboard {
  salesSeries: { date: string; sales: number; orders: number }[]
  pending: number
  available: number
}

describe.each(engines)('the demo marketplace’s past (%s)', (engine) => {
  let server: TestServer
  let written: Awaited<ReturnType<typeof seedDemoHistory>>

  beforeAll(async () => {
    server = await startTestServer(engine)
    const { db } = server.database
    written = await db.transaction((t) => seedDemoHistory(t, { days: 90, settings: SETTINGS }))
  }, 120_000)

  afterAll(() => server?.close())

  it('writes orders, returns, refunds, payouts and a ledger whose books balance', async () => {
    expect(written.orders).toBeGreaterThan(100)
    expect(written.returns).toBeGreaterThan(0)
    expect(written.refunds).toBeGreaterThan(0)
    expect(written.payouts).toBeGreaterThan(0)
    const trial = await new Ledger(server.database.db).trialBalance()
    expect(trial.debitCents).toBe(trial.creditCents)
    expect(trial.debitCents).toBeGreaterThan(0)
  })

  it('gives a demo shop a 30-day chart with sales on its first start', async () => {
    const rows = await typedRows(
      server.database.db,
      { slug: value.text },
      sql`
      select b.slug from vendor_orders vo join businesses b on b.id = vo.business_id
      where vo.created_at > now() - interval '30 days' group by b.slug order by count(*) desc limit 1`,
    )
    const slug = rows[0]?.slug
    expect(slug).toBeDefined()
    const { client } = await signIn(server, {
      email: `owner@${slug}.demo.soko.co.ke`,
      password: DEMO_ACCOUNTS.vendorPassword,
    })
    const dashboard = await client.get<Dashboard>('/api/vendor/dashboard/')
    expect(dashboard.status).toBe(200)
    expect(dashboard.body.salesSeries.filter((day) => day.sales > 0).length).toBeGreaterThan(3)
  })

  it('lets new orders, payments and ledger posts follow it (every sequence moved past the ids it gave)', async () => {
    const { db } = server.database
    const counts = { orders: value.int, ledger: value.int }
    const [next] = await typedRows(
      db,
      counts,
      sql`
      select nextval(pg_get_serial_sequence('orders', 'id'))::int as orders,
             nextval(pg_get_serial_sequence('ledger_transactions', 'id'))::int as ledger`,
    )
    const [max] = await typedRows(
      db,
      counts,
      sql`
      select (select max(id) from orders)::int as orders, (select max(id) from ledger_transactions)::int as ledger`,
    )
    expect(next?.orders).toBeGreaterThan(max?.orders ?? 0)
    expect(next?.ledger).toBeGreaterThan(max?.ledger ?? 0)
  })
})
