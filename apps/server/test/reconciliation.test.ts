// The reconciliation (docs/decisions/0032-reconciliation.md): every M-Pesa money movement of a period (STK payments,
// Paybill payments, B2C payouts and refunds) against its ledger transaction, with exceptions. Over real HTTP against
// the Daraja simulator the server starts itself: money is moved through the real flows (checkout, Paybill
// confirmation, pay-now, an admin's refund), then M-Pesa is made to say odd things (a Paybill payment for no order,
// an STK callback of another amount, a payout's Result twice with another receipt) and the list flags them.

import { typedRows, value } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reconciliationPeriod } from '../src/modules/admin/reconciliation/service.ts'
import { Client, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import {
  c2bConfirmation,
  callbackSecret,
  FAST_PAYMENTS,
  orderBody,
  type Placed,
  paymentRow,
  payoutCallbackSecret,
  phoneEnding,
  placeOrder,
  sellableProducts,
  settledPayment,
  soldAndReleased,
  stkCallback,
  waitFor,
} from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'
import { categories, newVendor, productBody, type VendorProduct } from './support/vendor.ts'

interface Movement {
  kind: 'stk' | 'paybill' | 'payout' | 'refund'
  id: number
  direction: string
  receipt: string | null
  amount: number
  phone: string | null
  at: string
  purpose: string
  order: { id: number; order_number: string } | null
  shop: { id: number; name: string } | null
  ledger: { key: string; amount: number } | null
  handled: string | null
  exceptions: { code: string; label: string; text: string }[]
}
interface MovementsPage {
  count: number
  page: number
  total_pages: number
  from: string
  to: string
  truncated: boolean
  totals: { movements: number; with_exceptions: number; by_exception: Record<string, number> }
  results: Movement[]
}

const PAYBILL = '600000'
const WINDOW_DAYS = 2
const MOVEMENTS = '/api/admin/reconciliation/movements/'

describe.each(engines)('reconciliation of M-Pesa against the ledger (%s)', (engine) => {
  let server: TestServer
  let admin: Client
  let shopper: Client
  let productId: number
  let leaf: number

  beforeAll(async () => {
    server = await startTestServer(engine, {
      env: {
        ...RELAXED_LIMITS,
        ...FAST_PAYMENTS,
        RETURN_WINDOW_DAYS: String(WINDOW_DAYS),
        REFUND_CHECK_AFTER: '1s',
        PAYOUT_QUERY_AFTER: '1s',
        MPESA_PAYBILL_SHORTCODE: PAYBILL,
        SMS_LIMIT_PER_PHONE: '100000/1h',
      },
    })
    ;({ leaf } = await categories(server))
    const credentials = await registerUser(server)
    await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${credentials.email}`)
    admin = (await signIn(server, credentials)).client
    const shopperCredentials = await registerUser(server)
    shopper = (await signIn(server, shopperCredentials)).client
    const [product] = await sellableProducts(server, 1)
    if (!product) throw new Error('fixture')
    productId = product.id
  })
  afterAll(() => server?.close())

  const list = async (query = '') => {
    const answer = await admin.get<MovementsPage>(`${MOVEMENTS}?per_page=100${query}`)
    expect(answer.status).toBe(200)
    return answer.body
  }
  const find = async (kind: Movement['kind'], id: number) => {
    const found = (await list(`&kind=${kind}`)).results.find((m) => m.id === id)
    if (!found) throw new Error(`no ${kind} ${id} in the reconciliation`)
    return found
  }

  async function paidByMpesa(lastFour = '5678'): Promise<Placed> {
    const placed = await placeOrder(
      new Client(server),
      orderBody([{ productId, quantity: 1 }], { mpesaNumber: phoneEnding(lastFour) }),
    )
    expect(placed.status).toBe(201)
    expect((await settledPayment(new Client(server), placed.body)).status).toBe('paid')
    return placed.body
  }

  /** A Paybill confirmation as Daraja posts it to our confirmation URL. */
  async function paybillConfirmation(account: string, amount: number, transId: string) {
    const answer = await fetch(`${server.url}/api/payments/c2b/done/${await callbackSecret(server)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(c2bConfirmation(PAYBILL, account, amount, transId)),
    })
    expect(answer.status).toBe(200)
  }

  /** A verified shop paid to a number ending in `lastFour`, with money available (as the payouts tests make it). */
  async function shopWithAvailable(lastFour: string) {
    const vendor = await newVendor(server, { payoutPhone: `0722 00${lastFour.slice(0, 1)} ${lastFour.slice(1)}` })
    const shopId = vendor.shop.id
    expect((await admin.post(`/api/admin/vendors/${shopId}/verify/`)).status).toBe(200)
    const { body: product } = await vendor.client.post<VendorProduct>(
      '/api/vendor/products/',
      productBody(leaf, { name: `Reconciled jiko ${lastFour}`, price: 1000, stockQty: 5 }),
    )
    await soldAndReleased(server, vendor.client, product.id, WINDOW_DAYS)
    return { vendor, shopId }
  }

  it('an STK payment, a Paybill payment, a payout and a B2C refund each show their receipt and ledger transaction', async () => {
    // STK, through checkout and the simulated phone.
    const stk = await paidByMpesa()
    const stkPayment = await paymentRow(server, stk.order.orderNumber)
    const stkRow = await find('stk', stkPayment.id)
    expect(stkRow).toMatchObject({
      direction: 'in',
      amount: stk.order.total,
      order: { order_number: stk.order.orderNumber },
      purpose: `Payment for order ${stk.order.orderNumber}`,
      ledger: { key: `payment_received:payment:${stkPayment.id}`, amount: stk.order.total },
      exceptions: [],
    })
    expect(stkRow.receipt).toMatch(/^[A-Z0-9]{10}$/)
    // Formatted by the domain's formatPhone: 0712 345 678.
    expect(stkRow.phone).toMatch(/^07\d{2} \d{3} \d{3}$/)

    // Paybill: an order paid from the shopper's own M-Pesa menu.
    const byPaybill = await placeOrder(
      new Client(server),
      orderBody([{ productId, quantity: 1 }], { paymentMethod: 'mpesa-paybill' }),
    )
    expect(byPaybill.status).toBe(201)
    const paybillId = `SKR${Date.now().toString(36).toUpperCase().slice(-7)}`
    await paybillConfirmation(byPaybill.body.order.orderNumber, byPaybill.body.order.total, paybillId)
    const paybill = (await list(`&kind=paybill&q=${paybillId}`)).results
    expect(paybill).toHaveLength(1)
    expect(paybill[0]).toMatchObject({
      receipt: paybillId,
      amount: byPaybill.body.order.total,
      phone: '25470****149',
      order: { order_number: byPaybill.body.order.orderNumber },
      ledger: { amount: byPaybill.body.order.total },
      exceptions: [],
    })
    expect(paybill[0]?.ledger?.key).toMatch(/^payment_received:payment:\d+$/)

    // A payout by B2C.
    const { shopId, vendor } = await shopWithAvailable('5678')
    expect((await admin.post(`/api/admin/vendors/${shopId}/payouts/pay-now/`)).status).toBe(201)
    const payout = await waitFor(async () => {
      const row = (await list('&kind=payout')).results.find((m) => m.shop?.id === shopId)
      return row?.ledger ? row : null
    })
    expect(payout).toMatchObject({
      direction: 'out',
      amount: 900,
      phone: '0722 005 678',
      purpose: `Payout to ${vendor.shop.name}`,
      ledger: { key: `payout_settled:payout:${payout.id}`, amount: 900 },
      exceptions: [],
    })
    expect(payout.receipt).toMatch(/^[A-Z0-9]{10}$/)

    // A refund by B2C: an admin refunds the STK order, the refund is sent by the job.
    expect((await admin.post(`/api/admin/orders/${stk.order.id}/refund/`, { reason: 'Out of stock' })).status).toBe(200)
    const refund = await waitFor(async () => {
      const row = (await list(`&kind=refund&q=${stk.order.orderNumber}`)).results[0]
      return row?.ledger ? row : null
    }, 30_000)
    expect(refund).toMatchObject({
      direction: 'out',
      amount: stk.order.total,
      order: { order_number: stk.order.orderNumber },
      ledger: { key: `refund_sent:refund:${refund.id}`, amount: stk.order.total },
      exceptions: [],
    })
    expect(refund.receipt).toMatch(/^[A-Z0-9]{10}$/)
    expect(refund.shop).not.toBeNull()

    // Listed newest first, in the default period of the last 7 days.
    const all = await list()
    expect(all.to).toBe(new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10))
    expect(Date.parse(all.to) - Date.parse(all.from)).toBe(6 * 86_400_000)
    const times = all.results.map((m) => m.at)
    expect([...times].sort().reverse()).toEqual(times)
    expect(all.results.map((m) => m.kind)).toEqual(expect.arrayContaining(['stk', 'paybill', 'payout', 'refund']))
  })

  it('flags a Paybill payment for no order, an STK callback of another amount, a payout sent twice, a late payment', async () => {
    // Paybill money naming no order.
    const stray = `SKN${Date.now().toString(36).toUpperCase().slice(-7)}`
    await paybillConfirmation('NOT-AN-ORDER', 500, stray)
    const [noOrder] = (await list(`&q=${stray}`)).results
    expect(noOrder).toMatchObject({ kind: 'paybill', amount: 500, ledger: null, handled: null })
    expect(noOrder?.exceptions.map((e) => e.code)).toEqual(['no_order'])
    expect(noOrder?.exceptions[0]?.text).toBe('Paid at M-Pesa, but no order took it: no order has this account number')

    // An STK callback that says another amount than was asked (a number whose customer pays without a callback).
    const placed = await placeOrder(
      shopper,
      orderBody([{ productId, quantity: 1 }], { mpesaNumber: phoneEnding('0404') }),
    )
    expect(placed.status).toBe(201)
    const { order } = placed.body
    const payment = await waitFor(async () => {
      const row = await paymentRow(server, order.orderNumber)
      return row.checkout_request_id ? row : null
    })
    const callback = stkCallback(payment.checkout_request_id ?? '', 0, order.total - 100, payment.phone?.slice(1))
    const posted = await fetch(`${server.url}/api/payments/lnm/cb/${await callbackSecret(server)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(callback),
    })
    expect(posted.status).toBe(200)
    const differs = await find('stk', payment.id)
    expect(differs.exceptions.map((e) => e.code)).toContain('amount_differs')
    const asked = order.total.toLocaleString('en-KE')
    const said = (order.total - 100).toLocaleString('en-KE')
    expect(differs.exceptions.find((e) => e.code === 'amount_differs')?.text).toBe(
      `Amount differs: asked KSh ${asked}, the callback says KSh ${said}`,
    )

    // A payout's B2C Result posted again, with another receipt: M-Pesa paid it twice.
    const { shopId } = await shopWithAvailable('5679')
    expect((await admin.post(`/api/admin/vendors/${shopId}/payouts/pay-now/`)).status).toBe(201)
    const paid = await waitFor(async () => {
      const row = (await list('&kind=payout')).results.find((m) => m.shop?.id === shopId)
      return row?.ledger ? row : null
    })
    const [event] = await typedRows(
      server.database.db,
      { raw_body: value.text },
      sql`select raw_body from payout_events where payout_id = ${paid.id} and source = 'result' order by id limit 1`,
    )
    if (!event || paid.receipt === null) throw new Error('no Result stored')
    const again = event.raw_body.replaceAll(paid.receipt, 'SKD0UBLE01')
    const resultUrl = `${server.url}/api/payouts/b2c/result/${await payoutCallbackSecret(server)}`
    for (const body of [event.raw_body, again]) {
      const answer = await fetch(resultUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      expect(answer.status).toBe(200)
    }
    const twice = await find('payout', paid.id)
    expect(twice.exceptions.map((e) => e.code)).toEqual(['sent_twice'])
    expect(twice.exceptions[0]?.text).toBe(`Sent twice at M-Pesa: receipts ${paid.receipt}, SKD0UBLE01`)

    // And a Result for it that says another amount (refused by the payouts module, kept raw): the amount differs.
    const result = JSON.parse(event.raw_body) as {
      Result: { ResultParameters: { ResultParameter: { Key: string; Value: unknown }[] } }
    }
    for (const parameter of result.Result.ResultParameters.ResultParameter) {
      if (parameter.Key === 'TransactionAmount') parameter.Value = 800
    }
    const other = await fetch(resultUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(result),
    })
    expect(other.status).toBe(200)
    const [outcome] = await typedRows(
      server.database.db,
      { outcome: value.text },
      sql`select outcome from payout_events where payout_id = ${paid.id} order by id desc limit 1`,
    )
    expect(outcome?.outcome).toMatch(/^rejected: the amount/)
    const differing = await find('payout', paid.id)
    expect(differing.exceptions.map((e) => e.code)).toEqual(['sent_twice', 'amount_differs'])
    expect(differing.exceptions[1]?.text).toBe("Amount differs: payout of KSh 900, M-Pesa's Result says KSh 800")

    // A push paid after its order was cancelled: received, owed back, and listed as money no order took until the
    // refund that gives it back is sent (by B2C, on its own).
    const lateOrder = await placeOrder(
      shopper,
      orderBody([{ productId, quantity: 1 }], { mpesaNumber: phoneEnding('0404') }),
    )
    expect(lateOrder.status).toBe(201)
    const latePayment = await waitFor(async () => {
      const row = await paymentRow(server, lateOrder.body.order.orderNumber)
      return row.checkout_request_id ? row : null
    })
    const cancelled = await shopper.post(
      `/api/checkout/orders/${lateOrder.body.order.orderNumber}/cancel/`,
      undefined,
      {
        'x-order-token': lateOrder.body.orderToken,
      },
    )
    expect(cancelled.status).toBe(200)
    await server.database.db.execute(sql`update payments set status = 'expired' where id = ${latePayment.id}`)
    const lateCallback = stkCallback(
      latePayment.checkout_request_id ?? '',
      0,
      lateOrder.body.order.total,
      latePayment.phone?.slice(1),
    )
    const lateAnswer = await fetch(`${server.url}/api/payments/lnm/cb/${await callbackSecret(server)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(lateCallback),
    })
    expect(lateAnswer.status).toBe(200)
    expect((await paymentRow(server, lateOrder.body.order.orderNumber)).status).toBe('refund_due')
    const late = await find('stk', latePayment.id)
    expect(late.ledger).toMatchObject({ key: `payment_received:payment:${latePayment.id}` })
    if (late.handled === null) {
      expect(late.exceptions.map((e) => e.code)).toEqual(['no_order'])
      expect(late.exceptions[0]?.text).toBe(
        'Paid at M-Pesa, but no order took it: it came in after the order was cancelled or paid another way, and is owed back',
      )
    }
    const givenBack = await waitFor(async () => {
      const row = await find('stk', latePayment.id)
      return row.handled ? row : null
    }, 30_000)
    expect(givenBack).toMatchObject({ handled: 'Given back: the refund was sent.', exceptions: [] })

    // Exceptions only, and the counts of the whole period.
    const only = await list('&exceptions=only')
    expect(only.results.length).toBeGreaterThanOrEqual(3)
    expect(only.results.every((m) => m.exceptions.length > 0)).toBe(true)
    expect(only.count).toBe(only.totals.with_exceptions)
    expect(only.totals.by_exception.no_order).toBeGreaterThanOrEqual(1)
    expect(only.totals.by_exception.amount_differs).toBeGreaterThanOrEqual(1)
    expect(only.totals.by_exception.sent_twice).toBeGreaterThanOrEqual(1)
    expect(only.results.map((m) => m.id)).toEqual(expect.arrayContaining([paid.id, payment.id]))

    // The Paybill payment marked handled (the existing flow) carries no exception any more.
    const [unmatched] = await typedRows(
      server.database.db,
      { id: value.int },
      sql`select id from c2b_payments where trans_id = ${stray}`,
    )
    const resolved = await admin.post(`/api/admin/payments/c2b-unmatched/${unmatched?.id}/resolve/`, {
      note: 'Sent back from the M-Pesa portal',
    })
    expect(resolved.status).toBe(200)
    const [handled] = (await list(`&q=${stray}`)).results
    expect(handled).toMatchObject({ handled: 'Sent back from the M-Pesa portal', exceptions: [] })
  })

  it('refuses a bad period and is for admins only', async () => {
    const backwards = await admin.get(`${MOVEMENTS}?from=2026-11-20&to=2026-11-10`)
    expect(backwards.status).toBe(400)
    expect(backwards.body).toMatchObject({ errors: { from: ['From must not be after To'] } })
    const long = await admin.get(`${MOVEMENTS}?from=2026-01-01&to=2026-11-10`)
    expect(long.status).toBe(400)
    const notADay = await admin.get(`${MOVEMENTS}?from=2026-02-30`)
    expect(notADay.status).toBe(400)
    // A day before the Unix epoch is not one the period can start on: refused at the field, never a 500.
    const longAgo = await admin.get<{ errors: Record<string, string[]> }>(`${MOVEMENTS}?from=1900-01-01&to=1900-01-05`)
    expect(longAgo.status).toBe(400)
    expect(longAgo.body.errors.from).toEqual(['From must be a date (YYYY-MM-DD)'])
    expect((await admin.get(`${MOVEMENTS}?per_page=101`)).status).toBe(400)
    expect((await admin.get(`${MOVEMENTS}?kind=cash`)).status).toBe(400)
    const past = await admin.get<MovementsPage>(`${MOVEMENTS}?from=2025-01-01&to=2025-01-31`)
    expect(past.status).toBe(200)
    expect(past.body).toMatchObject({ count: 0, from: '2025-01-01', to: '2025-01-31', results: [] })
    expect((await new Client(server).get(MOVEMENTS)).status).toBe(401)
    expect((await shopper.get(MOVEMENTS)).status).toBe(403)
  })
})

describe('the period read', () => {
  // 2026-11-25 10:00 in Nairobi.
  const now = Date.parse('2026-11-25T07:00:00Z')
  const days = (query: { from?: string; to?: string }) => {
    const { fromDay, toDay, from, to } = reconciliationPeriod(query, now)
    return [fromDay, toDay, from.toISOString(), to.toISOString()]
  }

  it.each([
    [
      'by default the 7 days to today',
      {},
      ['2026-11-19', '2026-11-25', '2026-11-18T21:00:00.000Z', '2026-11-25T21:00:00.000Z'],
    ],
    [
      'To alone: the 7 days to it',
      { to: '2026-10-31' },
      ['2026-10-25', '2026-10-31', '2026-10-24T21:00:00.000Z', '2026-10-31T21:00:00.000Z'],
    ],
    [
      'From alone: to today',
      { from: '2026-11-01' },
      ['2026-11-01', '2026-11-25', '2026-10-31T21:00:00.000Z', '2026-11-25T21:00:00.000Z'],
    ],
    [
      'From long ago alone: the longest period',
      { from: '2026-01-01' },
      ['2026-01-01', '2026-04-02', '2025-12-31T21:00:00.000Z', '2026-04-02T21:00:00.000Z'],
    ],
    [
      'one day',
      { from: '2026-11-25', to: '2026-11-25' },
      ['2026-11-25', '2026-11-25', '2026-11-24T21:00:00.000Z', '2026-11-25T21:00:00.000Z'],
    ],
  ])('%s', (_name, query, expected) => {
    expect(days(query)).toEqual(expected)
  })

  it('refuses a From after To, and more than 92 days', () => {
    expect(() => reconciliationPeriod({ from: '2026-11-26' }, now)).toThrow('From must not be after To')
    expect(() => reconciliationPeriod({ from: '2026-01-01', to: '2026-11-25' }, now)).toThrow('at most 92 days')
  })
})
