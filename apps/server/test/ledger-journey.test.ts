import { typedRows, value } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import {
  callbackSecret,
  FAST_PAYMENTS,
  orderBody,
  type Placed,
  paymentRow,
  phoneEnding,
  placeOrder,
  runJobUntilDone,
  settledPayment,
  stkCallback,
  waitFor,
} from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'
import { categories, shopSelling } from './support/vendor.ts'

// Every money event posts to the ledger (decision 0014, "Wiring"), over HTTP on both engines: an order of two shops
// paid through the M-Pesa simulator lands in each shop's pending account, less commission; a confirmed delivery's
// release job moves it to available once the return window closed; returns refunded before and after the release,
// an admin's order refund and a shopper's cancellation each become refunds rows and postings; a callback delivered
// twice posts once; and after each step the trial balance's debits equal its credits.

const WINDOW_DAYS = 7

interface Statement {
  balances: { pending: number; available: number; in_transit: number; paid_out: number }
  entries: { kind: string; side: string; amount: number; reference_type: string }[]
  next: number | null
}

interface TrialBalance {
  lines: { account: string; vendor_id: number | null; label: string; debit: number; credit: number; balance: number }[]
  debit_total: number
  credit_total: number
  balanced: boolean
}

type Shop = Awaited<ReturnType<typeof shopSelling>>

describe.each(engines)('money through the ledger (%s)', (engine) => {
  let server: TestServer
  let admin: Client
  let shopA: Shop
  let shopB: Shop
  const buyer = () => new Client(server)

  beforeAll(async () => {
    server = await startTestServer(engine, {
      env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS, RETURN_WINDOW_DAYS: String(WINDOW_DAYS) },
    })
    const { leaf } = await categories(server)
    const credentials = await registerUser(server)
    await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${credentials.email}`)
    admin = (await signIn(server, credentials)).client
    shopA = await shopSelling(server, leaf, 'Ledger jiko', 1000)
    shopB = await shopSelling(server, leaf, 'Ledger sufuria', 2000)
  })
  afterAll(() => server?.close())

  const db = () => server.database.db

  async function statement(shop: Shop): Promise<Statement['balances']> {
    const answer = await admin.get<Statement>(`/api/admin/vendors/${shop.id}/ledger/`)
    expect(answer.status).toBe(200)
    return answer.body.balances
  }

  async function expectBalanced(): Promise<TrialBalance> {
    const answer = await admin.get<TrialBalance>('/api/admin/ledger/trial-balance/')
    expect(answer.status).toBe(200)
    expect(answer.body.balanced).toBe(true)
    expect(answer.body.debit_total).toBe(answer.body.credit_total)
    return answer.body
  }

  async function paid(client: Client, items: { productId: number; quantity: number }[]): Promise<Placed> {
    const placed = await placeOrder(client, orderBody(items))
    expect(placed.status).toBe(201)
    expect((await settledPayment(client, placed.body)).status).toBe('paid')
    return placed.body
  }

  async function partOf(placed: Placed, shop: Shop): Promise<{ id: number; orderId: number }> {
    const [row] = await typedRows(
      db(),
      { id: value.int, order_id: value.int },
      sql`select v.id, v.order_id from vendor_orders v join orders o on o.id = v.order_id
          where o.order_number = ${placed.order.orderNumber} and v.business_id = ${shop.id}`,
    )
    if (!row) throw new Error('no part')
    return { id: row.id, orderId: row.order_id }
  }

  /** Ships, delivers and has the shopper confirm the part. */
  async function deliverAndConfirm(placed: Placed, shop: Shop, partId: number): Promise<void> {
    const ship = await shop.client.post(`/api/vendor/orders/${partId}/ship/`, {
      carrier: 'g4s',
      trackingReference: 'G1',
    })
    expect(ship.status).toBe(204)
    expect((await shop.client.post(`/api/vendor/orders/${partId}/deliver/`)).status).toBe(204)
    const confirm = await buyer().post(
      `/api/checkout/orders/${placed.order.orderNumber}/parts/${partId}/confirm/`,
      undefined,
      { 'x-order-token': placed.orderToken },
    )
    expect(confirm.status).toBe(200)
  }

  /** The part's confirmation (not its delivery) moved back past the window, and its release job due now; run. */
  async function release(partId: number): Promise<void> {
    await db().execute(
      sql`update vendor_orders set delivery_confirmed_at = now() - make_interval(days => ${WINDOW_DAYS + 1})
          where id = ${partId}`,
    )
    await db().execute(sql`update jobs set run_at = now() where dedupe_key = ${`vendor_part.release:${partId}`}`)
    await runJobUntilDone(server, `vendor_part.release:${partId}`)
  }

  async function countOf(query: ReturnType<typeof sql>): Promise<number> {
    const [row] = await typedRows(db(), { n: value.int }, query)
    return Number(row?.n ?? 0)
  }

  /** Opens a return of `quantity` of the part's first item, the shop accepts it and receives it: refunded. */
  async function returnAndRefund(placed: Placed, shop: Shop, partId: number, quantity: number): Promise<number> {
    const headers = { 'x-order-token': placed.orderToken }
    const path = `/api/checkout/orders/${placed.order.orderNumber}/returns/`
    const { body: returns } = await buyer().get<{ returnable: { partId: number; items: { itemId: number }[] }[] }>(
      path,
      headers,
    )
    const itemId = returns.returnable.find((part) => part.partId === partId)?.items[0]?.itemId
    const opened = await buyer().post<{ id: number }>(
      path,
      { partId, lines: [{ itemId, quantity, reason: 'damaged', note: '' }] },
      headers,
    )
    expect(opened.status).toBe(201)
    expect((await shop.client.post(`/api/vendor/returns/${opened.body.id}/accept/`, { method: 'pickup' })).status).toBe(
      204,
    )
    expect((await shop.client.post(`/api/vendor/returns/${opened.body.id}/received/`)).status).toBe(204)
    return opened.body.id
  }

  it('pays two shops, posts a callback once, releases after the window, pays out; balanced at each step', async () => {
    const before = { a: await statement(shopA), b: await statement(shopB) }
    const client = buyer()
    const placed = await paid(client, [
      { productId: shopA.productId, quantity: 1 },
      { productId: shopB.productId, quantity: 2 },
    ])
    // Goods in pending less the 10 % commission; nothing available yet.
    expect(await statement(shopA)).toMatchObject({ pending: before.a.pending + 900, available: before.a.available })
    expect(await statement(shopB)).toMatchObject({ pending: before.b.pending + 3600, available: before.b.available })
    const trial = await expectBalanced()
    const float = trial.lines.find((line) => line.account === 'mpesa_float')
    expect(float?.balance).toBeGreaterThanOrEqual(placed.order.total)
    // A shop's accounts carry the shop's name.
    const pendingA = trial.lines.find((line) => line.account === 'vendor_pending' && line.vendor_id === shopA.id)
    const [shopRow] = await typedRows(
      db(),
      { name: value.text },
      sql`select name from businesses where id = ${shopA.id}`,
    )
    expect(pendingA?.label).toBe(`${shopRow?.name}: Pending`)

    // The same successful callback delivered twice more: nothing posted again.
    const payment = await paymentRow(server, placed.order.orderNumber)
    const transactions = () => countOf(sql`select count(*)::int as n from ledger_transactions`)
    const counted = await transactions()
    const path = `/api/payments/lnm/cb/${await callbackSecret(server)}`
    const callback = stkCallback(
      payment.checkout_request_id ?? '',
      0,
      placed.order.total,
      (payment.phone ?? '').replace('+', ''),
    )
    expect((await client.post(path, callback)).status).toBe(200)
    expect((await client.post(path, callback)).status).toBe(200)
    expect(await transactions()).toBe(counted)
    expect(
      await countOf(
        sql`select count(*)::int as n from ledger_transactions where key = ${`payment_received:payment:${payment.id}`}`,
      ),
    ).toBe(1)

    // Confirmed: the release waits for the window (its job is queued for then), then moves the net to available.
    const partA = await partOf(placed, shopA)
    await deliverAndConfirm(placed, shopA, partA.id)
    const [job] = await typedRows(
      db(),
      { run_at: value.timestamp },
      sql`select run_at from jobs where dedupe_key = ${`vendor_part.release:${partA.id}`} and done_at is null`,
    )
    expect(job?.run_at.getTime()).toBeGreaterThan(Date.now() + (WINDOW_DAYS - 1) * 86_400_000)
    expect(await statement(shopA)).toMatchObject({ pending: before.a.pending + 900, available: before.a.available })
    await release(partA.id)
    expect(await statement(shopA)).toMatchObject({ pending: before.a.pending, available: before.a.available + 900 })
    const vendorView = await shopA.client.get<{ available: number; pending: number }>('/api/vendor/payouts/')
    expect(vendorView.body.available).toBe(before.a.available + 900)
    await expectBalanced()

    // A payout by hand: sent and settled at once; no more than available.
    const tooMuch = await admin.post(`/api/admin/vendors/${shopA.id}/payouts/`, {
      amount: before.a.available + 900.01,
      reference: 'QK1',
    })
    expect(tooMuch.status).toBe(409)
    const payout = await admin.post<{ available: number; paid_out: number }>(
      `/api/admin/vendors/${shopA.id}/payouts/`,
      {
        amount: 500,
        reference: 'QK2',
      },
    )
    expect(payout.status).toBe(201)
    expect(payout.body).toMatchObject({ available: before.a.available + 400, paid_out: before.a.paid_out + 500 })
    expect(await statement(shopA)).toMatchObject({ available: before.a.available + 400, in_transit: 0 })
    await expectBalanced()
  })

  it('refunds a return before the release from pending and one after it from available', async () => {
    const before = await statement(shopA)
    const placed = await paid(buyer(), [{ productId: shopA.productId, quantity: 3 }])
    const part = await partOf(placed, shopA)
    expect(await statement(shopA)).toMatchObject({ pending: before.pending + 2700 })
    await deliverAndConfirm(placed, shopA, part.id)

    // Before the release: the goods (KSh 1,000) leave pending, the commission on them (KSh 100) comes back.
    const first = await returnAndRefund(placed, shopA, part.id, 1)
    expect(await statement(shopA)).toMatchObject({ pending: before.pending + 1800, available: before.available })
    const [refund] = await typedRows(
      db(),
      { id: value.int, cause: value.text, goods_cents: value.int, commission_cents: value.int, state: value.text },
      sql`select id, cause, goods_cents, commission_cents, state from refunds where return_id = ${first}`,
    )
    expect(refund).toMatchObject({ cause: 'return', goods_cents: 100_000, commission_cents: 10_000, state: 'approved' })
    expect(
      await countOf(sql`select count(*)::int as n from jobs where dedupe_key = ${`refund.send:${refund?.id}`}`),
    ).toBe(1)
    await expectBalanced()

    // The return's end queued the release again; past the window, what is left of the part is available.
    await release(part.id)
    expect(await statement(shopA)).toMatchObject({ pending: before.pending, available: before.available + 1800 })

    // After the release (the delivery itself is recent, so a return may still open): from available.
    await returnAndRefund(placed, shopA, part.id, 1)
    expect(await statement(shopA)).toMatchObject({ pending: before.pending, available: before.available + 900 })
    await expectBalanced()

    // The admin refunds what is left of the order: the last item and the part's share of delivery and VAT.
    const refunded = await admin.post(`/api/admin/orders/${part.orderId}/refund/`, { reason: 'Shop closed' })
    expect(refunded.status).toBe(200)
    expect(await statement(shopA)).toMatchObject({ pending: before.pending, available: before.available })
    const rows = await typedRows(
      db(),
      { cause: value.text, amount_cents: value.int },
      sql`select cause, amount_cents from refunds where order_id = ${part.orderId} order by id`,
    )
    expect(rows.map((row) => row.cause)).toEqual(['return', 'return', 'order_refund'])
    // Every shilling paid is owed back: the refunds add up to the order's total.
    expect(rows.reduce((sum, row) => sum + row.amount_cents, 0)).toBe(placed.order.total * 100)
    await expectBalanced()
  })

  it('an admin refund of a two-shop order and a shopper’s cancellation owe back every part', async () => {
    const before = { a: await statement(shopA), b: await statement(shopB) }
    const placed = await paid(buyer(), [
      { productId: shopA.productId, quantity: 1 },
      { productId: shopB.productId, quantity: 1 },
    ])
    const partA = await partOf(placed, shopA)
    const refunded = await admin.post(`/api/admin/orders/${partA.orderId}/refund/`, { reason: 'Fraud check' })
    expect(refunded.status).toBe(200)
    expect(await statement(shopA)).toEqual(before.a)
    expect(await statement(shopB)).toEqual(before.b)
    const owed = await typedRows(
      db(),
      { amount_cents: value.int, method: value.text, phone: value.text },
      sql`select amount_cents, method, phone from refunds where order_id = ${partA.orderId}`,
    )
    expect(owed).toHaveLength(2)
    expect(owed.every((row) => row.method === 'mpesa' && row.phone.startsWith('+254'))).toBe(true)
    expect(owed.reduce((sum, row) => sum + row.amount_cents, 0)).toBe(placed.order.total * 100)
    // Refunded already: a second refund is refused.
    expect((await admin.post(`/api/admin/orders/${partA.orderId}/refund/`, { reason: 'Again' })).status).toBe(409)
    await expectBalanced()

    const client = buyer()
    const cancelled = await paid(client, [{ productId: shopB.productId, quantity: 2 }])
    expect(await statement(shopB)).toMatchObject({ pending: before.b.pending + 3600 })
    const cancel = await client.post(`/api/checkout/orders/${cancelled.order.orderNumber}/cancel/`, undefined, {
      'x-order-token': cancelled.orderToken,
    })
    expect(cancel.status).toBe(200)
    expect(await statement(shopB)).toEqual(before.b)
    const [row] = await typedRows(
      db(),
      { cause: value.text, amount_cents: value.int, commission_cents: value.int },
      sql`select r.cause, r.amount_cents, r.commission_cents from refunds r join orders o on o.id = r.order_id
          where o.order_number = ${cancelled.order.orderNumber}`,
    )
    expect(row).toEqual({ cause: 'cancellation', amount_cents: cancelled.order.total * 100, commission_cents: 40_000 })
    const trial = await expectBalanced()
    const payable = trial.lines.find((line) => line.account === 'refunds_payable')
    expect(payable?.balance).toBeGreaterThanOrEqual(cancelled.order.total + placed.order.total)
  })

  it('receives a payment that came after the order was cancelled, and owes it all back', async () => {
    const before = await statement(shopB)
    const client = buyer()
    // A number whose simulated customer pays but sends no callback: the shopper cancels before the money comes.
    const placed = await placeOrder(
      client,
      orderBody([{ productId: shopB.productId, quantity: 1 }], { mpesaNumber: phoneEnding('0404') }),
    )
    expect(placed.status).toBe(201)
    const { order, orderToken } = placed.body
    const payment = await waitFor(async () => {
      const row = await paymentRow(server, order.orderNumber)
      return row.checkout_request_id ? row : null
    })
    const cancel = await client.post(`/api/checkout/orders/${order.orderNumber}/cancel/`, undefined, {
      'x-order-token': orderToken,
    })
    expect(cancel.status).toBe(200)
    // As if the status queries had stopped waiting first: an expired attempt still takes a late success.
    await db().execute(sql`update payments set status = 'expired' where id = ${payment.id}`)
    const path = `/api/payments/lnm/cb/${await callbackSecret(server)}`
    const callback = stkCallback(
      payment.checkout_request_id ?? '',
      0,
      order.total,
      (payment.phone ?? '').replace('+', ''),
    )
    expect((await client.post(path, callback)).status).toBe(200)
    expect((await paymentRow(server, order.orderNumber)).status).toBe('refund_due')
    const [row] = await typedRows(
      db(),
      { cause: value.text, amount_cents: value.int, commission_cents: value.int, payment_id: value.int },
      sql`select cause, amount_cents, commission_cents, payment_id from refunds where payment_id = ${payment.id}`,
    )
    expect(row).toEqual({
      cause: 'late_payment',
      amount_cents: order.total * 100,
      commission_cents: 0,
      payment_id: payment.id,
    })
    expect(
      await countOf(
        sql`select count(*)::int as n from ledger_transactions where key = ${`payment_received:payment:${payment.id}`}`,
      ),
    ).toBe(1)
    expect(await statement(shopB)).toEqual(before)
    await expectBalanced()
  })

  it('rebuilds the same shop balances from history (the opening backfill), once', async () => {
    const live = { a: await statement(shopA), b: await statement(shopB) }
    // A database from before the ledger: none of its transactions, no refunds rows (the payouts table stays).
    await db().execute(sql`truncate ledger_entries, ledger_transactions, refunds`)
    expect(await statement(shopA)).toMatchObject({ pending: 0, available: 0, paid_out: 0 })
    const first = await server.app.soko.ledgerBackfill.run()
    expect(first.payments).toBeGreaterThan(0)
    expect(first.payouts).toBe(1)
    expect(await statement(shopA)).toEqual(live.a)
    expect(await statement(shopB)).toEqual(live.b)
    await expectBalanced()
    // What was refunded before is recorded as sent: nothing queued to send it again.
    expect(await countOf(sql`select count(*)::int as n from refunds where state = 'sent'`)).toBeGreaterThan(0)
    expect(await server.app.soko.ledgerBackfill.run()).toEqual({ payments: 0, payouts: 0 })
    expect(await statement(shopA)).toEqual(live.a)
  })

  it('keeps the ledger to admins', async () => {
    const stranger = new Client(server)
    expect((await stranger.get('/api/admin/ledger/trial-balance/')).status).toBe(401)
    expect((await shopA.client.get('/api/admin/ledger/trial-balance/')).status).toBe(403)
    expect((await shopA.client.get(`/api/admin/vendors/${shopA.id}/ledger/`)).status).toBe(403)
    expect((await admin.get('/api/admin/vendors/999999/ledger/')).status).toBe(404)
    const page = await admin.get<Statement>(`/api/admin/vendors/${shopA.id}/ledger/?account=vendor_pending&limit=2`)
    expect(page.status).toBe(200)
    expect(page.body.entries).toHaveLength(2)
    expect(page.body.next).not.toBeNull()
    const rest = await admin.get<Statement>(
      `/api/admin/vendors/${shopA.id}/ledger/?account=vendor_pending&limit=200&after=${page.body.next}`,
    )
    expect(rest.body.entries.length).toBeGreaterThan(0)
    expect((await admin.get(`/api/admin/vendors/${shopA.id}/ledger/?account=mpesa_float`)).status).toBe(400)
  })

  it('lets an admin move money by hand, with a reason, once per Idempotency-Key', async () => {
    const before = await statement(shopA)
    const key = (n: number) => ({ 'idempotency-key': `adjustment-test-key-${n}-${shopA.id}` })
    const body = {
      debit: { account: 'adjustments', vendor_id: null },
      credit: { account: 'vendor_available', vendor_id: shopA.id },
      amount: 250.5,
      reason: 'Delivery the shop paid for the marketplace, agreed by phone',
    }
    type Adjusted = { transaction_id: number; number: number; recorded: boolean; trial: TrialBalance }
    const made = await admin.request<Adjusted>('POST', '/api/admin/ledger/adjustments/', { body, headers: key(1) })
    expect(made.status).toBe(201)
    expect(made.body.recorded).toBe(true)
    expect(made.body.trial.balanced).toBe(true)
    expect(await statement(shopA)).toMatchObject({ available: before.available + 250.5 })
    const suspense = made.body.trial.lines.find((line) => line.account === 'adjustments')
    expect(suspense?.balance).toBeGreaterThanOrEqual(250.5)

    // The same request again (a double click, a retry): the first one's answer, nothing more.
    const again = await admin.request<Adjusted>('POST', '/api/admin/ledger/adjustments/', { body, headers: key(1) })
    expect(again.body).toMatchObject({ transaction_id: made.body.transaction_id, number: made.body.number })
    expect(again.body.recorded).toBe(false)
    expect(await statement(shopA)).toMatchObject({ available: before.available + 250.5 })
    // The same key with other figures is refused; a new key is the next adjustment.
    const other = { ...body, amount: 99 }
    expect(
      (await admin.request('POST', '/api/admin/ledger/adjustments/', { body: other, headers: key(1) })).status,
    ).toBe(409)
    const next = await admin.request<Adjusted>('POST', '/api/admin/ledger/adjustments/', {
      body: { ...body, debit: body.credit, credit: body.debit, amount: 250.5, reason: 'Reversed: it was a refund' },
      headers: key(2),
    })
    expect(next.status).toBe(201)
    expect(next.body.number).toBe(made.body.number + 1)
    expect(await statement(shopA)).toMatchObject({ available: before.available })
    const [audit] = await typedRows(
      db(),
      { n: value.int },
      sql`select count(*)::int as n from audit_log where action = 'ledger.adjusted'`,
    )
    expect(audit?.n).toBe(2)
  })

  it('refuses an adjustment that cannot be, and keeps adjustments to admins', async () => {
    const post = (
      client: Client,
      body: unknown,
      headers: Record<string, string> = { 'idempotency-key': 'refused-adjustment-0001' },
    ) =>
      client.request<{ detail: string; errors?: Record<string, string[]> }>('POST', '/api/admin/ledger/adjustments/', {
        body,
        headers,
      })
    const good = {
      debit: { account: 'adjustments', vendor_id: null },
      credit: { account: 'vendor_available', vendor_id: shopA.id },
      amount: 10,
      reason: 'A test',
    }
    // Manual adjustments only: the shops' releases may post meanwhile, by their jobs.
    const adjustments = sql`select count(*)::int as n from ledger_transactions where kind = 'manual_adjustment'`
    const counted = await countOf(adjustments)
    const cases: [unknown, number, string?][] = [
      [{ ...good, credit: { account: 'vendor_available', vendor_id: null } }, 400, 'credit'],
      [{ ...good, debit: { account: 'mpesa_float', vendor_id: shopA.id } }, 400, 'debit'],
      [{ ...good, credit: good.debit }, 400, 'credit'],
      [{ ...good, credit: { account: 'vendor_available', vendor_id: 999_999 } }, 404],
      [{ ...good, reason: '   ' }, 400, 'reason'],
      [{ ...good, amount: 0 }, 400, 'amount'],
      [{ ...good, amount: -5 }, 400, 'amount'],
      [{ ...good, debit: { account: 'savings', vendor_id: null } }, 400],
    ]
    for (const [body, status, field] of cases) {
      const answer = await post(admin, body)
      expect(answer.status, JSON.stringify(body)).toBe(status)
      if (field) expect(Object.keys(answer.body.errors ?? {}).join()).toContain(field)
    }
    expect((await post(admin, good, {})).status).toBe(400)
    expect((await post(new Client(server), good)).status).toBe(401)
    expect((await post(shopA.client, good)).status).toBe(403)
    expect(await countOf(adjustments)).toBe(counted)
  })
})
