import { typedRows, value } from '@soko/db/typed-sql'
import type { DarajaSimulator } from '@soko/payment-simulators'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, newCustomer, outbox, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import {
  callbackSecret,
  FAST_PAYMENTS,
  type OrderDetail,
  orderBody,
  type Placed,
  paymentRow,
  phoneEnding,
  placeOrder,
  sellableProducts,
  settledPayment,
  waitFor,
} from './support/checkout.ts'
import { startB2cDaraja } from './support/daraja.ts'
import { approveRefundForTest, refundEvents, refundSentCount, settledRefund } from './support/refunds.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

interface AdminRefund {
  id: number
  order: { order_number: string }
  shop: { name: string }
  amount: number
  method: string
  destination: string
  state: string
  result_description: string | null
  attempts: number
}
interface RefundsPage {
  count: number
  results: AdminRefund[]
}

/** +254712345678 → 0712 *** 678 */
const masked = (e164: string) => `0${e164.slice(4, 7)} *** ${e164.slice(-3)}`

describe.each(engines)('refunds sent (%s)', (engine) => {
  let simulator: DarajaSimulator
  let server: TestServer
  let admin: Client
  let shopper: Client
  let productId: number

  beforeAll(async () => {
    // Daraja on its own, with an empty B2C float: each test tops up what it sends (an "insufficient float" is real).
    const daraja = await startB2cDaraja({ b2cFloatKes: 0, resolveDelayMs: 150, callbackRetryDelayMs: 100 })
    simulator = daraja.simulator
    server = await startTestServer(engine, {
      env: {
        ...RELAXED_LIMITS,
        ...FAST_PAYMENTS,
        ...daraja.env,
        REFUND_CHECK_AFTER: '1s',
        // Every order here is placed with one phone: its texts are not what these tests count.
        SMS_LIMIT_PER_PHONE: '100000/1h',
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

  /** An order paid by M-Pesa from a number of its own, through checkout and the simulator. */
  async function paidByMpesa(): Promise<{ placed: Placed; email: string; phone: string }> {
    const body = orderBody([{ productId, quantity: 1 }], { mpesaNumber: phoneEnding('5678') })
    const placed = await placeOrder(new Client(server), body)
    expect(placed.status).toBe(201)
    const payment = await settledPayment(new Client(server), placed.body)
    expect(payment.status).toBe('paid')
    // The payment as stored (E.164): the checkout's own view hides the number's middle.
    const { phone } = await paymentRow(server, placed.body.order.orderNumber)
    return { placed: placed.body, email: body.email, phone: phone ?? '' }
  }

  /** An order paid by card on the provider's page. */
  async function paidByCard(): Promise<{ placed: Placed; email: string }> {
    const body = orderBody([{ productId, quantity: 1 }], { paymentMethod: 'credit-card' })
    const placed = await placeOrder(new Client(server), body)
    expect(placed.status).toBe(201)
    const paid = await fetch(placed.body.order.payment?.redirectUrl ?? '', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        card_number: '4084 0840 8408 4081',
        expiry: '12/39',
        cvc: '408',
        name: 'Achieng Otieno',
        action: 'pay',
      }).toString(),
    })
    expect(paid.status).toBe(303)
    expect((await settledPayment(new Client(server), placed.body)).status).toBe('paid')
    return { placed: placed.body, email: body.email }
  }

  const orderOf = async (placed: Placed) =>
    (
      await new Client(server).get<OrderDetail & { refunds: { state: string; destination: string; amount: number }[] }>(
        `/api/checkout/orders/${placed.order.orderNumber}/`,
        { 'x-order-token': placed.orderToken },
      )
    ).body

  it('M-Pesa: sent to the paying number by B2C, once in the ledger, the shopper told where', async () => {
    const { placed, email, phone } = await paidByMpesa()
    simulator.topUpB2cFloat(100)
    const id = await approveRefundForTest(server, placed.order.orderNumber, { amountCents: 100_00 })
    const refund = await settledRefund(server, id)
    expect(refund).toMatchObject({ state: 'sent', phone, originator_id: `refund-${id}-1`, attempts: 1 })
    const paid = simulator.b2cPayments().find((p) => p.originatorConversationId === `refund-${id}-1`)
    expect(paid).toMatchObject({ state: 'paid', phone: phone.slice(1), amount: 100 })
    expect(refund.provider_reference).toBe(paid?.transactionId)
    expect(await refundSentCount(server, id)).toBe(1)
    expect(await refundEvents(server, refund.payment_id, 'b2c-refund-result')).toEqual(['applied'])

    const mail = (await outbox(server, email)).find((message) => message.subject === 'Refund of KSh 100 sent')
    expect(mail?.text).toContain(`We have sent KSh 100 back to M-Pesa ${masked(phone)}`)
    expect(mail?.text).not.toContain(phone.slice(-9, -3))
    // And a text to the order's phone, naming where the money went (the number masked as in the email).
    const text = await waitFor(async () =>
      (await server.app.soko.texts.latest({ orderIds: [placed.order.id], limit: 10 })).find(
        (row) => row.kind === 'refund-sent' && row.status === 'sent',
      ),
    )
    expect(text.body).toBe(
      `Soko: refund of KSh 100 for order ${placed.order.orderNumber} sent to M-Pesa ${masked(phone)}.`,
    )
    expect((await orderOf(placed)).refunds).toEqual([
      expect.objectContaining({ amount: 100, state: 'sent', destination: `M-Pesa ${masked(phone)}` }),
    ])
  })

  it('M-Pesa: a refund refused for lack of float fails (still owed), and an admin sends it again', async () => {
    const { placed, email } = await paidByMpesa()
    const id = await approveRefundForTest(server, placed.order.orderNumber, { amountCents: 150_00 })
    const failed = await settledRefund(server, id)
    expect(failed.state).toBe('failed')
    expect(failed.result_desc).toMatch(/did not have enough money.*M-Pesa 1: The balance is insufficient/)
    expect(await refundSentCount(server, id)).toBe(0)
    expect((await orderOf(placed)).refunds).toEqual([expect.objectContaining({ state: 'failed' })])
    expect((await outbox(server, email)).some((m) => m.subject.startsWith('Refund of'))).toBe(false)

    // The admins see it among the failed ones, with why.
    const list = await admin.get<RefundsPage>('/api/admin/refunds/?state=failed')
    expect(list.status).toBe(200)
    const shown = list.body.results.find((row) => row.id === id)
    expect(shown).toMatchObject({
      order: { order_number: placed.order.orderNumber },
      amount: 150,
      method: 'mpesa',
      state: 'failed',
      result_description: failed.result_desc,
    })
    expect(list.body.results.every((row) => row.state === 'failed')).toBe(true)
    const failedOnDashboard = async () =>
      (await admin.get<{ quick_actions: { failed_refunds: number } }>('/api/admin/dashboard/')).body.quick_actions
        .failed_refunds
    const failedBefore = await failedOnDashboard()
    expect(failedBefore).toBeGreaterThanOrEqual(1)

    simulator.topUpB2cFloat(150)
    const retried = await admin.post<AdminRefund>(`/api/admin/refunds/${id}/retry/`, {})
    expect(retried.status).toBe(200)
    expect(['approved', 'sending', 'sent']).toContain(retried.body.state)
    const sent = await settledRefund(server, id)
    expect(sent).toMatchObject({ state: 'sent', attempts: 2, originator_id: `refund-${id}-2` })
    expect(await failedOnDashboard()).toBe(failedBefore - 1)
    expect(await refundSentCount(server, id)).toBe(1)
    // A refund that has not failed is not sent again.
    expect((await admin.post(`/api/admin/refunds/${id}/retry/`, {})).status).toBe(409)
    expect((await admin.post('/api/admin/refunds/999999/retry/', {})).status).toBe(404)
  })

  it('an order refunded twice at once, and a failed refund retried twice at once: each sent once', async () => {
    const { placed } = await paidByMpesa()
    simulator.topUpB2cFloat(Math.ceil(placed.order.total))
    const refundOrder = () => admin.post(`/api/admin/orders/${placed.order.id}/refund/`, { reason: 'Out of stock' })
    const answers = await Promise.all([refundOrder(), refundOrder()])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const rows = await typedRows(
      server.database.db,
      { id: value.int, amount_cents: value.int },
      sql`select id, amount_cents from refunds where order_id = ${placed.order.id}`,
    )
    expect(rows).toHaveLength(1)
    const [row] = rows
    if (!row) throw new Error('no refund')
    const sent = await settledRefund(server, row.id)
    expect(sent.state).toBe('sent')
    expect(await refundSentCount(server, row.id)).toBe(1)
    const atMpesa = simulator.b2cPayments().filter((p) => p.originatorConversationId.startsWith(`refund-${row.id}-`))
    expect(atMpesa).toHaveLength(1)

    // A refund that failed for lack of float, retried by two admins at once: sent once more, not twice.
    const again = await paidByMpesa()
    const id = await approveRefundForTest(server, again.placed.order.orderNumber, { amountCents: 130_00 })
    expect((await settledRefund(server, id)).state).toBe('failed')
    simulator.topUpB2cFloat(130)
    const retries = await Promise.all([
      admin.post(`/api/admin/refunds/${id}/retry/`, {}),
      admin.post(`/api/admin/refunds/${id}/retry/`, {}),
    ])
    expect(retries.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(await settledRefund(server, id)).toMatchObject({ state: 'sent', attempts: 2 })
    expect(await refundSentCount(server, id)).toBe(1)
    const tries = simulator.b2cPayments().filter((p) => p.originatorConversationId.startsWith(`refund-${id}-`))
    // The first try, refused for the float, and one more.
    expect(tries.map((payment) => [payment.originatorConversationId, payment.state])).toEqual([
      [`refund-${id}-1`, 'failed'],
      [`refund-${id}-2`, 'paid'],
    ])
  })

  it('M-Pesa: no Result ever comes, and Transaction Status settles the refund', async () => {
    const { placed } = await paidByMpesa()
    simulator.topUpB2cFloat(120)
    const phone = `+254${phoneEnding('0404').slice(1)}`
    const id = await approveRefundForTest(server, placed.order.orderNumber, { amountCents: 120_00, phone })
    const refund = await settledRefund(server, id)
    expect(refund.state).toBe('sent')
    expect(await refundEvents(server, refund.payment_id, 'b2c-refund-result')).toEqual([])
    expect(await refundEvents(server, refund.payment_id, 'b2c-refund-status')).toContain('applied')
    expect(await refundSentCount(server, id)).toBe(1)
  })

  it('M-Pesa: a Result delivered twice is applied once and recorded as a duplicate', async () => {
    const { placed } = await paidByMpesa()
    simulator.topUpB2cFloat(110)
    const phone = `+254${phoneEnding('2222').slice(1)}`
    const id = await approveRefundForTest(server, placed.order.orderNumber, { amountCents: 110_00, phone })
    const refund = await settledRefund(server, id)
    expect(refund.state).toBe('sent')
    const events = async () => {
      const outcomes = await refundEvents(server, refund.payment_id, 'b2c-refund-result')
      return outcomes.length === 2 ? outcomes : null
    }
    expect(await waitFor(events)).toEqual(['applied', 'duplicate'])
    expect(await refundSentCount(server, id)).toBe(1)
  })

  it('card: a partial refund and then the rest, each sent once, the shopper told it went to the card', async () => {
    const { placed, email } = await paidByCard()
    const totalCents = Math.round(placed.order.total * 100)
    const first = await approveRefundForTest(server, placed.order.orderNumber, { amountCents: 100_00 })
    expect(await settledRefund(server, first)).toMatchObject({ state: 'sent', phone: null })
    const rest = await approveRefundForTest(server, placed.order.orderNumber, { amountCents: totalCents - 100_00 })
    const sent = await settledRefund(server, rest)
    expect(sent.state).toBe('sent')
    expect(sent.provider_reference).toMatch(/^\d+$/)
    expect(await refundSentCount(server, first)).toBe(1)
    expect(await refundSentCount(server, rest)).toBe(1)
    expect(await refundEvents(server, sent.payment_id, 'card-refund-webhook')).toContain('applied')
    const mails = (await outbox(server, email)).filter((message) => message.subject.startsWith('Refund of'))
    expect(mails).toHaveLength(2)
    expect(mails[0]?.text).toContain('back to your card')
    expect((await orderOf(placed)).refunds.map((refund) => refund.state)).toEqual(['sent', 'sent'])
  })

  it('card: a refund of more than is left of the charge is refused by the provider and fails', async () => {
    const { placed } = await paidByCard()
    const totalCents = Math.round(placed.order.total * 100)
    const full = await approveRefundForTest(server, placed.order.orderNumber, { amountCents: totalCents })
    expect((await settledRefund(server, full)).state).toBe('sent')
    // Money the ledger cannot owe any more (refunded outside Soko, say): the provider refuses it.
    const more = await approveRefundForTest(server, placed.order.orderNumber, {
      amountCents: 50_00,
      postLedger: false,
    })
    const refused = await settledRefund(server, more)
    expect(refused.state).toBe('failed')
    expect(refused.result_desc).toContain('Refund amount cannot be more than the remaining transaction amount')
    expect(await refundSentCount(server, more)).toBe(0)
  })

  it('the admin refunds endpoints are for admins only', async () => {
    const anonymous = new Client(server)
    expect((await anonymous.get('/api/admin/refunds/')).status).toBe(401)
    expect((await anonymous.post('/api/admin/refunds/1/retry/', {})).status).toBe(401)
    expect((await shopper.get('/api/admin/refunds/')).status).toBe(403)
    expect((await shopper.post('/api/admin/refunds/1/retry/', {})).status).toBe(403)
    const page = await admin.get<RefundsPage>('/api/admin/refunds/?per_page=2')
    expect(page.status).toBe(200)
    expect(page.body.results.length).toBeLessThanOrEqual(2)
    expect((await admin.get('/api/admin/refunds/?state=lost')).status).toBe(400)
  })

  it('refuses a B2C Result on a wrong secret path, and records one naming no refund as rejected', async () => {
    const wrong = await fetch(`${server.url}/api/payments/b2c/refund-result/not-the-secret`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(wrong.status).toBe(404)
    const originator = `refund-unknown-${Date.now()}`
    const result = {
      Result: {
        ResultType: 0,
        ResultCode: 2040,
        ResultDesc: 'Credit Party customer type can not be supported by the service.',
        OriginatorConversationID: originator,
        ConversationID: 'AG_20261125_unknown',
        TransactionID: 'TKP0000000',
      },
    }
    const raw = JSON.stringify(result)
    const answer = await fetch(`${server.url}/api/payments/b2c/refund-result/${await callbackSecret(server)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: raw,
    })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' })
    const [event] = await typedRows(
      server.database.db,
      { outcome: value.text, payment_id: value.nullable(value.int) },
      sql`select outcome, payment_id from payment_events where source = 'b2c-refund-result' and raw_body = ${raw}`,
    )
    expect(event).toEqual({ outcome: 'rejected: no refund with this id', payment_id: null })
  })
})
