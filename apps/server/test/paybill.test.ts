// Paying by M-Pesa Paybill (issue 20): the shopper pays the order's total to our business number from their own
// phone, the order number as account number. Over real HTTP: the simulator's phone sends the payment, Daraja's C2B
// validation and confirmation come to our secret URLs; an order is paid once; what pays no order lands on the
// admin's reconciliation list.
import { typedRows, value } from '@soko/db/typed-sql'
import { type DarajaSimulator, type SimulatedC2bPayment, startDarajaSimulator } from '@soko/payment-simulators'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../src/plugins/config.ts'
import { Client, newCustomer, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import {
  c2bConfirmation,
  callbackSecret,
  FAST_PAYMENTS,
  type OrderDetail,
  orderBody,
  type PaymentState,
  type Placed,
  phoneEnding,
  placeOrder,
  sellableProducts,
  settledPayment,
  waitFor,
} from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

const PAYBILL = '600123'

interface PaybillState extends PaymentState {
  paybill: { businessNumber: string; accountNumber: string; amount: number; phonePageUrl: string | null } | null
}
interface Unmatched {
  id: number
  trans_id: string
  amount: number
  account: string
  msisdn: string
  first_name: string
  reason: string
  refund_owed: boolean
  order: { order_number: string; status: string } | null
  resolved_at: string | null
  resolution_note: string | null
}
interface UnmatchedPage {
  count: number
  results: Unmatched[]
}

describe.each(engines)('paying by M-Pesa Paybill (%s)', (engine) => {
  let simulator: DarajaSimulator
  let server: TestServer
  let admin: Client
  let shopper: Client
  let productId: number

  beforeAll(async () => {
    const defaults = parseConfig({ NODE_ENV: 'test' })
    simulator = await startDarajaSimulator({
      consumerKey: defaults.MPESA_CONSUMER_KEY,
      consumerSecret: defaults.MPESA_CONSUMER_SECRET,
      shortCode: defaults.MPESA_SHORTCODE,
      passkey: defaults.MPESA_PASSKEY,
      c2bShortCode: PAYBILL,
      resolveDelayMs: 150,
      callbackRetryDelayMs: 100,
    })
    server = await startTestServer(engine, {
      env: {
        ...RELAXED_LIMITS,
        ...FAST_PAYMENTS,
        MPESA_ENV: 'simulator',
        MPESA_BASE_URL: simulator.url,
        MPESA_B2C: 'off',
        MPESA_PAYBILL_SHORTCODE: PAYBILL,
      },
    })
    const adminUser = await registerUser(server)
    await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${adminUser.email}`)
    admin = (await signIn(server, adminUser)).client
    shopper = (await newCustomer(server)).client
    const [product] = await sellableProducts(server, 1)
    if (!product) throw new Error('fixture')
    productId = product.id
  })

  afterAll(async () => {
    await server?.close()
    await simulator?.close()
  })

  /** The shopper's phone pays the Paybill (validation, then confirmation when accepted). */
  async function payFromPhone(account: string, amount: number | string): Promise<SimulatedC2bPayment> {
    const answer = await fetch(`${simulator.url}/__simulator/c2b/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ BillRefNumber: account, Amount: amount, MSISDN: '254708374149', FirstName: 'ACHIENG' }),
    })
    expect(answer.status).toBe(200)
    return (await answer.json()) as SimulatedC2bPayment
  }

  /** A confirmation as Daraja posts it, sent straight to our URL (as when validation was off or unreachable). */
  const confirmation = (account: string, amount: number, transId?: string) =>
    c2bConfirmation(PAYBILL, account, amount, transId)

  async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const answer = await fetch(`${server.url}${path}${await callbackSecret(server)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
  }

  async function paybillOrder(): Promise<Placed> {
    const placed = await placeOrder(
      new Client(server),
      orderBody([{ productId, quantity: 1 }], { paymentMethod: 'mpesa-paybill', mpesaNumber: undefined }),
    )
    expect(placed.status).toBe(201)
    return placed.body
  }

  const paymentOf = async (placed: Placed) =>
    (
      await new Client(server).get<PaybillState>(`/api/checkout/orders/${placed.order.orderNumber}/payment/`, {
        'x-order-token': placed.orderToken,
      })
    ).body

  const orderOf = async (placed: Placed) =>
    (
      await new Client(server).get<OrderDetail>(`/api/checkout/orders/${placed.order.orderNumber}/`, {
        'x-order-token': placed.orderToken,
      })
    ).body

  const c2bRows = (transId: string) =>
    typedRows(
      server.database.db,
      { n: value.int },
      sql`select count(*)::int as n from c2b_payments where trans_id = ${transId}`,
    )

  const unmatched = async (transId: string) => {
    const list = await admin.get<UnmatchedPage>(`/api/admin/payments/c2b-unmatched/?q=${transId}`)
    expect(list.status).toBe(200)
    return list.body.results.find((row) => row.trans_id === transId)
  }

  it('registers its validation and confirmation URLs (secret paths, no refused words) at start', async () => {
    const registration = await waitFor(async () => simulator.c2bRegistrations().find((r) => r.shortCode === PAYBILL))
    const secret = await callbackSecret(server)
    expect(registration.responseType).toBe('Completed')
    expect(registration.validationUrl).toBe(`${server.url}/api/payments/c2b/check/${secret}`)
    expect(registration.confirmationUrl).toBe(`${server.url}/api/payments/c2b/done/${secret}`)
    expect(`${registration.validationUrl}${registration.confirmationUrl}`).not.toMatch(/mpesa|safaricom/i)
  })

  it('offers Paybill among the ways to pay', async () => {
    const site = await new Client(server).get<{ paymentMethods: { id: string; label: string }[] }>(
      '/api/site/policies/',
    )
    expect(site.body.paymentMethods).toContainEqual({ id: 'mpesa-paybill', label: 'Pay via M-Pesa Paybill' })
  })

  it('an order placed to pay by Paybill waits, reserved, with the business and account numbers; no push is sent', async () => {
    const sessionsBefore = simulator.sessions().length
    const placed = await paybillOrder()
    expect(placed.order.status).toBe('pending_payment')
    expect(placed.order.reservedUntil).not.toBeNull()
    const payment = await paymentOf(placed)
    expect(payment).toMatchObject({ method: 'mpesa-paybill', status: 'pending' })
    expect(payment.paybill).toEqual({
      businessNumber: PAYBILL,
      accountNumber: placed.order.orderNumber,
      amount: placed.order.total,
      // The built-in simulator's phone page, filled in (demo only).
      phonePageUrl: `${simulator.url}/__simulator/c2b?business=${PAYBILL}&account=${placed.order.orderNumber}&amount=${placed.order.total}`,
    })
    expect(payment.message).toMatch(/Paybill/)
    expect(simulator.sessions().length).toBe(sessionsBefore)
  })

  it('validation refuses an unknown account (C2B00012) and a wrong amount (C2B00013): no money moves', async () => {
    const placed = await paybillOrder()
    const unknown = await payFromPhone('SK-ZZZZZZ', placed.order.total)
    expect(unknown.state).toBe('rejected')
    expect(unknown.validation?.resultCode).toBe('C2B00012')
    const garbage = await payFromPhone('hello there', placed.order.total)
    expect(garbage.validation?.resultCode).toBe('C2B00012')
    const short = await payFromPhone(placed.order.orderNumber, placed.order.total - 1)
    expect(short.validation?.resultCode).toBe('C2B00013')
    const over = await payFromPhone(placed.order.orderNumber, placed.order.total + 1)
    expect(over.validation?.resultCode).toBe('C2B00013')
    for (const refused of [unknown, garbage, short, over]) expect((await c2bRows(refused.transId))[0]?.n).toBe(0)
    expect((await paymentOf(placed)).status).toBe('pending')
    // Each request was stored raw with the answer given.
    const events = await typedRows(
      server.database.db,
      { outcome: value.text },
      sql`select outcome from payment_events where source = 'c2b-validation' and raw_body like ${`%${short.transId}%`}`,
    )
    expect(events.map((event) => event.outcome)).toEqual(['rejected: wrong_amount'])
  })

  it('pays the order once: any case, with or without SK-; a repeated confirmation changes nothing', async () => {
    const placed = await paybillOrder()
    const account = ` ${placed.order.orderNumber.slice(3).toLowerCase()} `
    const sent = await payFromPhone(account, placed.order.total)
    expect(sent).toMatchObject({ state: 'completed', confirmationAccepted: true, validation: { resultCode: '0' } })
    expect(sent.msisdn).toBe('25470****149')
    expect(sent.transId).toMatch(/^SKL[A-Z0-9]{7}$/)
    const payment = await settledPayment(new Client(server), placed)
    expect(payment).toMatchObject({ status: 'paid', method: 'mpesa-paybill', receipt: sent.transId })
    expect((payment as PaybillState).paybill).toBeNull()
    expect((await orderOf(placed)).status).toBe('paid')

    // Daraja sends the same confirmation again: recorded as a duplicate, nothing else.
    const again = await post('/api/payments/c2b/done/', confirmation(account, placed.order.total, sent.transId))
    expect(again).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } })
    expect((await c2bRows(sent.transId))[0]?.n).toBe(1)
    const [attempts] = await typedRows(
      server.database.db,
      { n: value.int },
      sql`select count(*)::int as n from payments p join orders o on o.id = p.order_id
          where o.order_number = ${placed.order.orderNumber} and p.status = 'paid'`,
    )
    expect(attempts?.n).toBe(1)
    const events = await typedRows(
      server.database.db,
      { outcome: value.text },
      sql`select outcome from payment_events where source = 'c2b-confirmation' and raw_body like ${`%${sent.transId}%`}
          order by id`,
    )
    expect(events.map((event) => event.outcome)).toEqual(['applied', 'duplicate'])
    expect(await unmatched(sent.transId)).toBeUndefined()
    // Paid through the settle path the push takes: the ledger has the money once, in the M-Pesa float.
    const posted = await typedRows(
      server.database.db,
      { n: value.int },
      sql`select count(*)::int as n from ledger_transactions where key = ${`payment_received:payment:${payment.id}`}`,
    )
    expect(posted[0]?.n).toBe(1)
  })

  it('a second payment for a paid order is refused at validation, and kept for refund when confirmed anyway', async () => {
    const placed = await paybillOrder()
    await payFromPhone(placed.order.orderNumber, placed.order.total)
    expect((await settledPayment(new Client(server), placed)).status).toBe('paid')
    const twice = await payFromPhone(placed.order.orderNumber, placed.order.total)
    expect(twice.validation?.resultCode).toBe('C2B00016')

    const body = confirmation(placed.order.orderNumber, placed.order.total)
    expect((await post('/api/payments/c2b/done/', body)).status).toBe(200)
    expect(await unmatched(body.TransID)).toMatchObject({
      reason: 'order_paid',
      refund_owed: true,
      amount: placed.order.total,
      account: placed.order.orderNumber,
      msisdn: '25470****149',
      first_name: 'ACHIENG',
      order: { order_number: placed.order.orderNumber, status: 'paid' },
    })
    expect((await orderOf(placed)).status).toBe('paid')
  })

  it('money for a cancelled order, of the wrong amount or for no order lands on the reconciliation list', async () => {
    const cancelled = await paybillOrder()
    const cancel = await new Client(server).post(
      `/api/checkout/orders/${cancelled.order.orderNumber}/cancel/`,
      {},
      {
        'x-order-token': cancelled.orderToken,
      },
    )
    expect(cancel.status).toBe(200)
    const forCancelled = confirmation(cancelled.order.orderNumber, cancelled.order.total)
    expect((await post('/api/payments/c2b/done/', forCancelled)).status).toBe(200)
    expect(await unmatched(forCancelled.TransID)).toMatchObject({ reason: 'order_cancelled', refund_owed: true })
    expect((await orderOf(cancelled)).status).toBe('cancelled')

    const open = await paybillOrder()
    const wrongAmount = confirmation(open.order.orderNumber, open.order.total + 50)
    await post('/api/payments/c2b/done/', wrongAmount)
    expect(await unmatched(wrongAmount.TransID)).toMatchObject({ reason: 'wrong_amount', refund_owed: true })
    expect((await paymentOf(open)).status).toBe('pending')

    const nobody = confirmation('my rent', 1200)
    await post('/api/payments/c2b/done/', nobody)
    expect(await unmatched(nobody.TransID)).toMatchObject({
      reason: 'unknown_account',
      refund_owed: false,
      order: null,
    })

    // Newest first.
    const list = await admin.get<UnmatchedPage>('/api/admin/payments/c2b-unmatched/?per_page=3')
    expect(list.body.results.map((row) => row.trans_id)).toEqual([
      nobody.TransID,
      wrongAmount.TransID,
      forCancelled.TransID,
    ])
  })

  it('a shopper who chose the push can still pay by Paybill', async () => {
    const placed = await placeOrder(
      new Client(server),
      orderBody([{ productId, quantity: 1 }], { mpesaNumber: phoneEnding('1032') }),
    )
    expect(placed.status).toBe(201)
    const failed = await settledPayment(new Client(server), placed.body)
    expect(failed.status).toBe('cancelled')
    expect((failed as PaybillState).paybill?.accountNumber).toBe(placed.body.order.orderNumber)
    const sent = await payFromPhone(placed.body.order.orderNumber, placed.body.order.total)
    expect(sent.state).toBe('completed')
    await waitFor(async () => ((await orderOf(placed.body)).status === 'paid' ? true : null))
    expect(await paymentOf(placed.body)).toMatchObject({
      method: 'mpesa-paybill',
      status: 'paid',
      receipt: sent.transId,
    })
  })

  it('after a failed push, paying again can be by Paybill: it waits for the shopper, no push is sent', async () => {
    const placed = await placeOrder(
      new Client(server),
      orderBody([{ productId, quantity: 1 }], { mpesaNumber: phoneEnding('1032') }),
    )
    expect((await settledPayment(new Client(server), placed.body)).status).toBe('cancelled')
    const sessionsBefore = simulator.sessions().length
    const retried = await new Client(server).post<PaybillState>(
      `/api/checkout/orders/${placed.body.order.orderNumber}/payment/`,
      { paymentMethod: 'mpesa-paybill' },
      { 'x-order-token': placed.body.orderToken },
    )
    expect(retried.status).toBe(201)
    expect(retried.body).toMatchObject({ method: 'mpesa-paybill', status: 'pending' })
    expect(retried.body.paybill?.accountNumber).toBe(placed.body.order.orderNumber)
    expect(simulator.sessions().length).toBe(sessionsBefore)
    const sent = await payFromPhone(placed.body.order.orderNumber, placed.body.order.total)
    expect(sent.state).toBe('completed')
    expect(await settledPayment(new Client(server), placed.body)).toMatchObject({
      status: 'paid',
      receipt: sent.transId,
    })
  })

  it('an admin marks an unmatched payment handled, with a note (audited); only admins may', async () => {
    const body = confirmation('SK-000000', 700)
    await post('/api/payments/c2b/done/', body)
    const row = await unmatched(body.TransID)
    if (!row) throw new Error('not listed')
    const path = `/api/admin/payments/c2b-unmatched/${row.id}/resolve/`
    expect((await admin.post(path, { note: '  ' })).status).toBe(400)
    expect((await admin.post(path, { note: 'Sent back by hand', extra: 1 })).status).toBe(400)
    const resolved = await admin.post<Unmatched>(path, { note: 'Sent back by hand from the M-Pesa portal' })
    expect(resolved.status).toBe(200)
    expect(resolved.body).toMatchObject({ resolution_note: 'Sent back by hand from the M-Pesa portal' })
    expect(resolved.body.resolved_at).not.toBeNull()
    expect((await admin.post(path, { note: 'again' })).status).toBe(409)
    expect((await admin.post('/api/admin/payments/c2b-unmatched/999999/resolve/', { note: 'x' })).status).toBe(404)
    const open = await admin.get<UnmatchedPage>(`/api/admin/payments/c2b-unmatched/?resolved=false&q=${body.TransID}`)
    expect(open.body.count).toBe(0)
    const [audit] = await typedRows(
      server.database.db,
      { action: value.text },
      sql`select action from audit_log where subject_type = 'c2b_payment' and subject_id = ${row.id}`,
    )
    expect(audit?.action).toBe('c2b.resolved')

    const anonymous = new Client(server)
    expect((await anonymous.get('/api/admin/payments/c2b-unmatched/')).status).toBe(401)
    expect((await shopper.get('/api/admin/payments/c2b-unmatched/')).status).toBe(403)
    expect((await shopper.post(path, { note: 'mine' })).status).toBe(403)
  })

  it('refuses a wrong secret (404), a body that is not a C2B payment (400) and another business number', async () => {
    const wrong = await fetch(`${server.url}/api/payments/c2b/done/not-the-secret-at-all-123456`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(confirmation('SK-000000', 10)),
    })
    expect(wrong.status).toBe(404)
    expect(await post('/api/payments/c2b/done/', { hello: 'world' })).toMatchObject({ status: 400 })
    expect(await post('/api/payments/c2b/check/', '{not json')).toMatchObject({
      status: 400,
      body: { ResultCode: 'C2B00016' },
    })
    const placed = await paybillOrder()
    const elsewhere = { ...confirmation(placed.order.orderNumber, placed.order.total), BusinessShortCode: '999999' }
    expect(await post('/api/payments/c2b/check/', elsewhere)).toEqual({
      status: 200,
      body: { ResultCode: 'C2B00015', ResultDesc: 'Rejected' },
    })
  })
})
