// Payouts to shops by M-Pesa B2C (docs/decisions/0018-payouts.md), over real HTTP against the Daraja simulator the
// server starts itself: the simulator picks each payment's outcome by the last four digits of the shop's payout
// number, and posts its Result to the server's secret ResultURL. A shop gets available money through the order
// journey (placed, paid, shipped, delivered, confirmed and past its return window); the ledger is read for what
// the payouts post (in transit while M-Pesa works, out of the float once paid, back to available on failure).

import { type Shape, typedRows, value } from '@soko/db/typed-sql'
import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Ledger } from '../src/modules/ledger/service.ts'
import { Client, outbox, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import { FAST_PAYMENTS, payoutCallbackSecret, runJobUntilDone, soldAndReleased, waitFor } from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'
import { categories, newVendor, productBody, type VendorProduct } from './support/vendor.ts'

interface AdminPayout {
  id: number
  amount: number
  method: string
  state: string
  started_by: string
  phone: string | null
  receipt: string | null
  failure_reason: string | null
  stuck: boolean
}

interface AdminPayouts {
  available: number
  paid_out: number
  payout_phone: string | null
  mpesa_payouts: boolean
  results: AdminPayout[]
}

interface VendorPayouts {
  available: number
  payouts: { id: number; state: string; method: string; failureReason: string | null; reference: string }[]
  nextPayoutRun: string | null
}

const WINDOW_DAYS = 2

describe.each(engines)('payouts to shops by M-Pesa B2C (%s)', (engine) => {
  let server: TestServer
  let admin: Client
  let leaf: number
  let ledger: Ledger

  beforeAll(async () => {
    server = await startTestServer(engine, {
      env: {
        ...RELAXED_LIMITS,
        ...FAST_PAYMENTS,
        RETURN_WINDOW_DAYS: String(WINDOW_DAYS),
        PAYOUT_QUERY_AFTER: '1s',
        PAYOUT_QUERY_ATTEMPTS: '3',
        PAYOUT_DAY: 'friday',
        PAYOUT_HOUR: '10',
      },
    })
    ;({ leaf } = await categories(server))
    const credentials = await registerUser(server)
    await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${credentials.email}`)
    admin = (await signIn(server, credentials)).client
    ledger = new Ledger(server.database.db)
  })
  afterAll(() => server?.close())

  /**
   * A verified shop paid to a number ending in `lastFour`, with `price` × 0.9 available: one order placed, paid,
   * shipped, delivered, and confirmed longer ago than the return window (the clock moved by SQL, as the balance
   * tests do).
   */
  async function shopWithAvailable(lastFour: string, price = 1000, options: { verify?: boolean } = {}) {
    const vendor = await newVendor(server, { payoutPhone: `0722 00${lastFour.slice(0, 1)} ${lastFour.slice(1)}` })
    const shopId = vendor.shop.id
    if (options.verify !== false) expect((await admin.post(`/api/admin/vendors/${shopId}/verify/`)).status).toBe(200)
    const { body: product } = await vendor.client.post<VendorProduct>(
      '/api/vendor/products/',
      productBody(leaf, { name: `Payout jiko ${lastFour}`, price, stockQty: 5 }),
    )
    await soldAndReleased(server, vendor.client, product.id, WINDOW_DAYS)
    const mine = async () => (await vendor.client.get<VendorPayouts>('/api/vendor/payouts/')).body
    expect((await mine()).available).toBe(price * 0.9)
    return { vendor, shopId, mine }
  }

  const adminPayouts = async (shopId: number) =>
    (await admin.get<AdminPayouts>(`/api/admin/vendors/${shopId}/payouts/`)).body

  const payNow = (shopId: number) => admin.post<AdminPayouts>(`/api/admin/vendors/${shopId}/payouts/pay-now/`)

  /** The shop's newest payout once it is in a final state (or `state`). */
  const payoutReaches = (shopId: number, states: string[]) =>
    waitFor(async () => {
      const payout = (await adminPayouts(shopId)).results[0]
      return payout && states.includes(payout.state) ? payout : null
    })

  const balances = async (shopId: number) => {
    const [available, inTransit, float] = await ledger.balances([
      { kind: 'vendor_available', vendorId: shopId },
      { kind: 'vendor_payout_in_transit', vendorId: shopId },
      { kind: 'mpesa_float' },
    ])
    // + 0: a liability with no balance reads -0.
    return {
      available: (available?.balanceCents ?? 0) + 0,
      inTransit: (inTransit?.balanceCents ?? 0) + 0,
      float: (float?.balanceCents ?? 0) + 0,
    }
  }

  const eventsOf = async (payoutId: number) => ({
    rows: await typedRows(
      server.database.db,
      { source: value.text, outcome: value.text, raw_body: value.text },
      sql`select source, outcome, raw_body from payout_events where payout_id = ${payoutId} order by id`,
    ),
  })

  const rowsOf = async <S extends Shape>(shape: S, query: SQL) => typedRows(server.database.db, shape, query)

  it('pays now: queued then paid, the receipt kept, the ledger in transit then settled, the float drawn', async () => {
    const { shopId, mine } = await shopWithAvailable('5678')
    const before = await balances(shopId)
    const answer = await payNow(shopId)
    expect(answer.status).toBe(201)
    expect(answer.body.results[0]).toMatchObject({ amount: 900, method: 'mpesa_b2c', started_by: 'admin' })
    expect(['queued', 'sent', 'paid']).toContain(answer.body.results[0]?.state)
    expect(answer.body.available).toBe(0)
    const payout = await payoutReaches(shopId, ['paid', 'failed'])
    expect(payout).toMatchObject({ state: 'paid', amount: 900, phone: '+254722005678', failure_reason: null })
    expect(payout.receipt).toMatch(/^[A-Z0-9]{10}$/)
    const after = await balances(shopId)
    expect(after.available).toBe(before.available - 900_00)
    expect(after.inTransit).toBe(before.inTransit)
    expect(after.float).toBe(before.float - 900_00)
    const transactions = {
      rows: await rowsOf(
        { kind: value.text },
        sql`select kind from ledger_transactions where reference_type = 'payout' and reference_id = ${payout.id} order by id`,
      ),
    }
    expect(transactions.rows.map((row) => row.kind)).toEqual(['payout_sent', 'payout_settled'])
    const events = await eventsOf(payout.id)
    expect(events.rows.map((row) => [row.source, row.outcome])).toEqual([['result', 'applied']])
    // The simulator's float went down by what was paid (the Result says what is left in the B2C account).
    expect(events.rows[0]?.raw_body).toContain('B2CUtilityAccountAvailableFunds')
    expect(await mine()).toMatchObject({ available: 0 })
    expect((await mine()).payouts[0]).toMatchObject({ state: 'paid', method: 'mpesa_b2c', reference: payout.receipt })
    expect(Date.parse((await mine()).nextPayoutRun ?? '')).toBeGreaterThan(Date.now())
    // Nothing is left to pay.
    const again = await payNow(shopId)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ detail: expect.stringContaining('below the payout minimum') })
  })

  it.each([
    ['insufficient float', '0001', "The marketplace's M-Pesa payout account did not have enough money"],
    ['invalid number', '0003', 'The receiving number is not an M-Pesa number'],
  ])(
    'a payout that fails (%s) gives the money back to available and emails the owner why',
    async (_name, last, why) => {
      const { vendor, shopId, mine } = await shopWithAvailable(last)
      const before = await balances(shopId)
      expect((await payNow(shopId)).status).toBe(201)
      const payout = await payoutReaches(shopId, ['paid', 'failed'])
      expect(payout.state).toBe('failed')
      expect(payout.failure_reason).toContain(why)
      expect(await balances(shopId)).toEqual(before)
      expect(await mine()).toMatchObject({ available: 900 })
      expect((await mine()).payouts[0]).toMatchObject({ state: 'failed', failureReason: expect.stringContaining(why) })
      const mail = await waitFor(async () =>
        (await outbox(server, vendor.email)).find((m) => /did not go/.test(m.subject)),
      )
      expect(mail.subject).toBe(`A payout of KSh 900 to ${vendor.shop.name} did not go through`)
      expect(mail.text).toContain(why)
      expect(mail.text).toContain('back in your available balance')
    },
  )

  it('no Result comes: Transaction Status settles the payout', async () => {
    const { shopId } = await shopWithAvailable('0404')
    expect((await payNow(shopId)).status).toBe(201)
    const payout = await payoutReaches(shopId, ['paid', 'failed'])
    expect(payout.state).toBe('paid')
    expect(payout.receipt).toMatch(/^[A-Z0-9]{10}$/)
    const events = await eventsOf(payout.id)
    expect(events.rows.map((row) => [row.source, row.outcome])).toEqual([['status', 'applied']])
    const [row] = {
      rows: await rowsOf({ query_count: value.int }, sql`select query_count from payouts where id = ${payout.id}`),
    }.rows
    expect(Number(row?.query_count)).toBeGreaterThanOrEqual(1)
  })

  it('M-Pesa never answers, even when asked: the payout stays sent, and admins see it stuck', async () => {
    const { shopId } = await shopWithAvailable('0404')
    const before = await balances(shopId)
    expect((await payNow(shopId)).status).toBe(201)
    const sent = await payoutReaches(shopId, ['sent'])
    // The payment's id is lost on M-Pesa's side: every status query is refused as an unknown id.
    const [original] = await rowsOf(
      { originator_id: value.text },
      sql`select originator_id from payouts where id = ${sent.id}`,
    )
    await server.database.db.execute(
      sql`update payouts set originator_id = ${`lost-${sent.id}`} where id = ${sent.id} and query_count = 0`,
    )
    const stuck = await waitFor(async () => {
      const payout = (await adminPayouts(shopId)).results[0]
      return payout?.stuck ? payout : null
    }, 30_000)
    expect(stuck).toMatchObject({ state: 'sent', stuck: true, receipt: null })
    await runJobUntilDone(server, `payout.send:${sent.id}`)
    // The money stays in transit until someone finds out what happened.
    const after = await balances(shopId)
    expect(after.inTransit).toBe(before.inTransit + 900_00)
    expect(after.available).toBe(before.available - 900_00)
    const list = await admin.get<{ results: AdminPayout[] }>('/api/admin/payouts/?stuck=true&per_page=100')
    expect(list.body.results.map((payout) => payout.id)).toContain(sent.id)
    expect(list.body.results.every((payout) => payout.stuck)).toBe(true)

    // M-Pesa finds the payment after all (the id is known again): an admin asks again, and its answer settles it.
    await server.database.db.execute(
      sql`update payouts set originator_id = ${original?.originator_id ?? ''} where id = ${sent.id}`,
    )
    const shopOwner = await newVendor(server)
    expect((await shopOwner.client.post(`/api/admin/payouts/${sent.id}/ask-again/`)).status).toBe(403)
    const asked = await admin.post<AdminPayout>(`/api/admin/payouts/${sent.id}/ask-again/`)
    expect(asked.status).toBe(200)
    expect(asked.body).toMatchObject({ id: sent.id, state: 'sent', stuck: false })
    const paid = await payoutReaches(shopId, ['paid'])
    expect(paid.receipt).toMatch(/^[A-Z0-9]{10}$/)
    expect(await balances(shopId)).toMatchObject({ inTransit: before.inTransit, available: before.available - 900_00 })
    // Only a stuck payout can be asked about again.
    const again = await admin.post<{ detail: string }>(`/api/admin/payouts/${sent.id}/ask-again/`)
    expect(again.status).toBe(409)
    expect(again.body.detail).toBe('Only a payout M-Pesa never answered can be asked about again.')
    expect((await admin.post('/api/admin/payouts/999999/ask-again/')).status).toBe(404)
  })

  it('a Result delivered twice is recorded twice and applied once', async () => {
    const { shopId } = await shopWithAvailable('2222')
    const before = await balances(shopId)
    expect((await payNow(shopId)).status).toBe(201)
    const payout = await payoutReaches(shopId, ['paid', 'failed'])
    expect(payout.state).toBe('paid')
    const events = await waitFor(async () => {
      const rows = (await eventsOf(payout.id)).rows
      return rows.length === 2 ? rows : null
    })
    expect(events.map((row) => row.outcome)).toEqual(['applied', 'duplicate'])
    expect((await balances(shopId)).float).toBe(before.float - 900_00)
  })

  it('a Result on a wrong path is refused, and one that matches no payout is stored and rejected', async () => {
    const wrong = await fetch(`${server.url}/api/payouts/b2c/result/not-the-secret`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(wrong.status).toBe(404)
    const secret = await payoutCallbackSecret(server)
    const path = `${server.url}/api/payouts/b2c/result/${secret}`
    const unknown = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Result: {
          ResultType: 0,
          ResultCode: 1,
          ResultDesc: 'x',
          OriginatorConversationID: 'nope',
          ConversationID: 'AG_1',
        },
      }),
    })
    expect(unknown.status).toBe(200)
    const stored = {
      rows: await rowsOf(
        { outcome: value.text },
        sql`select outcome from payout_events where raw_body like '%"nope"%'`,
      ),
    }
    expect(stored.rows[0]?.outcome).toMatch(/^rejected/)
  })

  it('two pay-now at once make one payout', async () => {
    const { shopId } = await shopWithAvailable('7001')
    const answers = await Promise.all([payNow(shopId), payNow(shopId)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
    await payoutReaches(shopId, ['paid'])
    expect((await adminPayouts(shopId)).results).toHaveLength(1)
  })

  it('skips a shop below the minimum, one without a payout number, and an unverified one', async () => {
    const small = await shopWithAvailable('7002', 300)
    const below = await payNow(small.shopId)
    expect(below.status).toBe(409)
    expect(below.body).toMatchObject({ detail: "The shop's available balance is below the payout minimum of KSh 500." })

    const noPhone = await shopWithAvailable('7003')
    await server.database.db.execute(sql`update businesses set payout_phone = null where id = ${noPhone.shopId}`)
    expect((await payNow(noPhone.shopId)).body).toMatchObject({ detail: 'The shop has no M-Pesa payout number.' })

    const unverified = await shopWithAvailable('7004', 1000, { verify: false })
    expect((await payNow(unverified.shopId)).body).toMatchObject({
      detail: 'The shop is not verified: only verified shops are paid.',
    })
    for (const shopId of [small.shopId, noPhone.shopId, unverified.shopId]) {
      expect((await adminPayouts(shopId)).results).toEqual([])
    }
    expect((await admin.post('/api/admin/vendors/999999/payouts/pay-now/')).status).toBe(404)
  })

  it('the scheduled run pays every eligible shop and schedules the next one; admins may run it now', async () => {
    const first = await shopWithAvailable('7005')
    const second = await shopWithAvailable('7006', 2000)
    const unverified = await shopWithAvailable('7007', 1000, { verify: false })
    const [job] = {
      rows: await rowsOf(
        { dedupe_key: value.text, run_at: value.timestamp },
        sql`select dedupe_key, run_at from jobs where kind = 'payouts.run' and done_at is null`,
      ),
    }.rows
    if (!job) throw new Error('no scheduled payout run')
    // Friday 10:00 Nairobi is 07:00 UTC.
    const slot = new Date(job.run_at)
    expect(slot.getUTCDay()).toBe(5)
    expect(slot.getUTCHours()).toBe(7)
    await server.database.db.execute(sql`update jobs set run_at = now() where dedupe_key = ${job.dedupe_key}`)
    await runJobUntilDone(server, job.dedupe_key)
    for (const [shop, amount] of [
      [first, 900],
      [second, 1800],
    ] as const) {
      const payout = await payoutReaches(shop.shopId, ['paid'])
      expect(payout).toMatchObject({ amount, started_by: 'schedule' })
    }
    expect((await adminPayouts(unverified.shopId)).results).toEqual([])
    const next = {
      rows: await rowsOf(
        { run_at: value.timestamp },
        sql`select run_at from jobs where kind = 'payouts.run' and done_at is null`,
      ),
    }
    expect(next.rows).toHaveLength(1)
    expect(new Date(next.rows[0]?.run_at ?? 0).getTime() - slot.getTime()).toBe(7 * 24 * 60 * 60 * 1000)

    // Run now by an admin: the shop that became verified meanwhile is paid.
    await admin.post(`/api/admin/vendors/${unverified.shopId}/verify/`)
    const run = await admin.post<{ paid: { shop_id: number; amount: number }[]; next_run: string }>(
      '/api/admin/payouts/run/',
    )
    expect(run.status).toBe(200)
    expect(run.body.paid).toContainEqual(expect.objectContaining({ shop_id: unverified.shopId, amount: 900 }))
    // The next run from now: a Friday, 10:00 Nairobi (the job moved above ran early, so it may be this week's).
    const nextRun = new Date(run.body.next_run)
    expect(nextRun.getTime()).toBeGreaterThan(Date.now())
    expect([nextRun.getUTCDay(), nextRun.getUTCHours(), nextRun.getUTCMinutes()]).toEqual([5, 7, 0])
    expect(await payoutReaches(unverified.shopId, ['paid'])).toMatchObject({ started_by: 'admin' })

    // Every payout, newest first, with its shop; filtered by state.
    const list = await admin.get<{ count: number; results: (AdminPayout & { shop: { id: number } })[] }>(
      '/api/admin/payouts/?state=paid&per_page=100',
    )
    expect(list.status).toBe(200)
    expect(list.body.results.every((payout) => payout.state === 'paid')).toBe(true)
    expect(list.body.results.map((payout) => payout.shop.id)).toContain(second.shopId)
    const failed = await admin.get<{ results: AdminPayout[] }>('/api/admin/payouts/?state=failed')
    expect(failed.body.results.every((payout) => payout.state === 'failed')).toBe(true)
    expect((await admin.get('/api/admin/payouts/?state=lost')).status).toBe(400)
    expect((await new Client(server).get('/api/admin/payouts/')).status).toBe(401)
  })

  it('a payout recorded by hand is paid at once and written in the ledger', async () => {
    const { shopId } = await shopWithAvailable('7008')
    const before = await balances(shopId)
    const answer = await admin.post<AdminPayouts>(`/api/admin/vendors/${shopId}/payouts/`, {
      amount: 400,
      reference: 'QK400',
    })
    expect(answer.status).toBe(201)
    expect(answer.body.results[0]).toMatchObject({ amount: 400, method: 'manual', state: 'paid', reference: 'QK400' })
    expect(answer.body.available).toBe(500)
    const after = await balances(shopId)
    expect(after.available).toBe(before.available - 400_00)
    expect(after.float).toBe(before.float - 400_00)
  })
})
