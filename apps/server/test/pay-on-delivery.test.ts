// Pay on delivery (issue 20, part 2; decision 0022), over HTTP on both engines: the payment step's eligibility
// answer and the same rules when the order is placed (a client that skips the check is refused), an order placed
// confirmed and unpaid with its stock held, each shop's rider collecting its part at the door into the ledger (or
// Soko collecting it), a refused parcel cancelling its part and ending pay on delivery for that shopper, the
// collected money set against the shop's earnings when they are released, and the trial balance whole throughout.
import { randomBytes } from 'node:crypto'
import { typedRows, value } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import {
  FAST_PAYMENTS,
  type OrderDetail,
  orderBody,
  type PaymentState,
  type Placed,
  placeOrder,
  runJobUntilDone,
  stockOf,
} from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'
import { categories, shopSelling } from './support/vendor.ts'

const LIMIT_KES = 5000
const WINDOW_DAYS = 7

interface Eligibility {
  offered: boolean
  eligible: boolean
  reason: string | null
  message: string
  rules: string
  limit: number | null
  total: number
}

interface Balances {
  pending: number
  available: number
  in_transit: number
  collected: number
  paid_out: number
}

interface VendorOrder {
  id: number
  orderNumber: string
  status: string
  statusLabel: string
  payOnDelivery: {
    amount: number
    collectedAt: string | null
    collectedHow: string | null
    refusedAt: string | null
  } | null
}

type Shop = Awaited<ReturnType<typeof shopSelling>>

describe.each(engines)('pay on delivery (%s)', (engine) => {
  let server: TestServer
  let admin: Client
  let shopA: Shop
  let shopB: Shop

  beforeAll(async () => {
    server = await startTestServer(engine, {
      env: {
        ...RELAXED_LIMITS,
        ...FAST_PAYMENTS,
        PAY_ON_DELIVERY_LIMIT_KES: String(LIMIT_KES),
        RETURN_WINDOW_DAYS: String(WINDOW_DAYS),
      },
    })
    const { leaf } = await categories(server)
    const credentials = await registerUser(server)
    await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${credentials.email}`)
    admin = (await signIn(server, credentials)).client
    shopA = await shopSelling(server, leaf, 'Mkeka wa Lamu', 1000)
    shopB = await shopSelling(server, leaf, 'Kikapu cha Ukambani', 800)
  })
  afterAll(() => server?.close())

  const db = () => server.database.db
  /** A shopper of their own: a phone and email no earlier refusal knows. */
  const contact = () => {
    const digits = String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')
    return { phone: `0722${digits}`, email: `pod.${randomBytes(4).toString('hex')}@example.co.ke` }
  }
  const podBody = (items: { productId: number; quantity: number }[], who = contact()) =>
    orderBody(items, { paymentMethod: 'pay-on-delivery', mpesaNumber: undefined, ...who })

  async function eligibility(items: { productId: number; quantity: number }[], who = contact()) {
    const answer = await new Client(server).post<Eligibility>('/api/checkout/pay-on-delivery/', { items, ...who })
    expect(answer.status).toBe(200)
    return answer.body
  }

  async function placed(items: { productId: number; quantity: number }[], who = contact()): Promise<Placed> {
    const answer = await placeOrder(new Client(server), podBody(items, who))
    expect(answer.status).toBe(201)
    return answer.body
  }

  async function partOf(order: Placed, shop: Shop): Promise<number> {
    const [row] = await typedRows(
      db(),
      { id: value.int },
      sql`select v.id from vendor_orders v join orders o on o.id = v.order_id
          where o.order_number = ${order.order.orderNumber} and v.business_id = ${shop.id}`,
    )
    if (!row) throw new Error('no part')
    return row.id
  }

  async function vendorOrder(shop: Shop, partId: number): Promise<VendorOrder> {
    const list = await shop.client.get<VendorOrder[]>('/api/vendor/orders/')
    expect(list.status).toBe(200)
    const found = list.body.find((part) => part.id === partId)
    if (!found) throw new Error('the shop does not list its part')
    return found
  }

  const ship = async (shop: Shop, partId: number) =>
    expect(
      (await shop.client.post(`/api/vendor/orders/${partId}/ship/`, { carrier: 'boda-boda', trackingReference: '' }))
        .status,
    ).toBe(204)

  async function statement(shop: Shop): Promise<Balances> {
    const answer = await admin.get<{ balances: Balances }>(`/api/admin/vendors/${shop.id}/ledger/`)
    expect(answer.status).toBe(200)
    return answer.body.balances
  }

  async function expectBalanced(): Promise<{ account: string; balance: number }[]> {
    const answer = await admin.get<{ balanced: boolean; lines: { account: string; balance: number }[] }>(
      '/api/admin/ledger/trial-balance/',
    )
    expect(answer.body.balanced).toBe(true)
    return answer.body.lines
  }

  const order = async (placedOrder: Placed) =>
    (
      await new Client(server).get<OrderDetail>(`/api/checkout/orders/${placedOrder.order.orderNumber}/`, {
        'x-order-token': placedOrder.orderToken,
      })
    ).body

  it('says who may pay on delivery: the limit, the rules, and a total at or over it refused', async () => {
    const small = await eligibility([{ productId: shopA.productId, quantity: 1 }])
    expect(small).toMatchObject({ offered: true, eligible: true, reason: null, limit: LIMIT_KES })
    expect(small.rules).toContain('under KSh 5,000')
    const big = await eligibility([{ productId: shopA.productId, quantity: 5 }])
    expect(big).toMatchObject({ offered: true, eligible: false, reason: 'over_limit' })
    expect(big.message).toBe('Pay on delivery is for orders under KSh 5,000. Pay by M-Pesa or card instead.')
    expect(big.total).toBeGreaterThanOrEqual(LIMIT_KES)
    const landline = await eligibility([{ productId: shopA.productId, quantity: 1 }], {
      phone: '020 222 2222',
      email: '',
    })
    expect(landline).toMatchObject({ eligible: false, reason: 'phone' })

    const policies = await new Client(server).get<{
      paymentMethods: { id: string; label: string }[]
      payOnDelivery: { limit: number; rules: string } | null
    }>('/api/site/policies/')
    expect(policies.body.paymentMethods).toContainEqual({ id: 'pay-on-delivery', label: 'Pay on Delivery' })
    expect(policies.body.payOnDelivery).toEqual({ limit: LIMIT_KES, rules: small.rules })
  })

  it('refuses a client that skips the check: over the limit, 422 on the payment method, nothing placed', async () => {
    const stockBefore = await stockOf(server, shopA.productId)
    const answer = await placeOrder(new Client(server), podBody([{ productId: shopA.productId, quantity: 5 }]))
    expect(answer.status).toBe(400)
    expect(JSON.stringify(answer.body)).toContain('Pay on delivery is for orders under KSh 5,000')
    expect(answer.body).toMatchObject({ errors: { paymentMethod: [expect.stringContaining('under KSh 5,000')] } })
    expect(await stockOf(server, shopA.productId)).toBe(stockBefore)
  })

  it('places the order confirmed and unpaid, its stock held, each shop told what to collect', async () => {
    const stockBefore = await stockOf(server, shopA.productId)
    const podOrder = await placed([{ productId: shopA.productId, quantity: 2 }])
    expect(podOrder.order).toMatchObject({ status: 'paid', statusLabel: 'Confirmed', reservedUntil: null })
    expect(podOrder.order.payment).toMatchObject({ method: 'pay-on-delivery', status: 'pending' })
    expect(podOrder.order.payment?.message).toContain('on delivery')
    expect(await stockOf(server, shopA.productId)).toBe(stockBefore - 2)
    // No expiry: an order paid at the door holds its stock until it is delivered or refused.
    const [expiry] = await typedRows(
      db(),
      { n: value.int },
      sql`select count(*)::int as n from jobs where dedupe_key = ${`order-expiry:${podOrder.order.id}`}`,
    )
    expect(expiry?.n).toBe(0)
    const partId = await partOf(podOrder, shopA)
    const seen = await vendorOrder(shopA, partId)
    expect(seen).toMatchObject({ status: 'paid', statusLabel: 'Confirmed' })
    expect(seen.payOnDelivery).toEqual({
      amount: podOrder.order.total,
      collectedAt: null,
      collectedHow: null,
      refusedAt: null,
    })
    const [mail] = await typedRows(
      db(),
      { subject: value.text, body: value.text },
      sql`select subject, text_body as body from outbox_emails where subject like ${`New pay-on-delivery order ${podOrder.order.orderNumber}%`}`,
    )
    expect(mail?.body).toContain(`Collect KSh ${podOrder.order.total.toLocaleString('en-KE')}`)
  })

  it("a shop's rider collects its part: into the ledger once, owed back to Soko, the payment paid", async () => {
    const before = await statement(shopA)
    const podOrder = await placed([{ productId: shopA.productId, quantity: 1 }])
    const partId = await partOf(podOrder, shopA)
    const collect = (body: unknown) => shopA.client.post(`/api/vendor/orders/${partId}/payment-collected/`, body)

    // Not before the parcel left the shop; not by another shop; not with a made-up way to pay.
    expect((await collect({ via: 'cash' })).status).toBe(409)
    await ship(shopA, partId)
    expect((await shopB.client.post(`/api/vendor/orders/${partId}/payment-collected/`, { via: 'cash' })).status).toBe(
      404,
    )
    expect((await collect({ via: 'cheque' })).status).toBe(400)
    expect((await collect({ via: 'mpesa', reference: 'sk1abc23de' })).status).toBe(204)
    const again = await collect({ via: 'cash' })
    expect(again.status).toBe(409)
    expect(JSON.stringify(again.body)).toContain('recorded already')

    const seen = await vendorOrder(shopA, partId)
    expect(seen.payOnDelivery?.collectedHow).toBe('M-Pesa to the rider (SK1ABC23DE), collected by your rider')
    expect((await order(podOrder)).payment).toMatchObject({ status: 'paid', method: 'pay-on-delivery' })

    // The shop holds the whole total and owes Soko its delivery, VAT and commission: nothing available for it.
    const after = await statement(shopA)
    expect(after.pending).toBeCloseTo(before.pending + 900, 2)
    expect(after.collected).toBeCloseTo(before.collected + podOrder.order.total, 2)
    const lines = await expectBalanced()
    expect(lines.some((line) => line.account === 'vendor_collected')).toBe(true)
    const [posted] = await typedRows(
      db(),
      { n: value.int },
      sql`select count(*)::int as n from ledger_transactions where key = ${`payment_collected:vendor_part:${partId}`}`,
    )
    expect(posted?.n).toBe(1)

    // Delivered, confirmed, its window closed: released, and set against what the rider collected.
    expect((await shopA.client.post(`/api/vendor/orders/${partId}/deliver/`)).status).toBe(204)
    const confirm = await new Client(server).post(
      `/api/checkout/orders/${podOrder.order.orderNumber}/parts/${partId}/confirm/`,
      undefined,
      { 'x-order-token': podOrder.orderToken },
    )
    expect(confirm.status).toBe(200)
    await db().execute(
      sql`update vendor_orders set delivery_confirmed_at = now() - make_interval(days => ${WINDOW_DAYS + 1})
          where id = ${partId}`,
    )
    await db().execute(sql`update jobs set run_at = now() where dedupe_key = ${`vendor_part.release:${partId}`}`)
    await runJobUntilDone(server, `vendor_part.release:${partId}`)
    const released = await statement(shopA)
    expect(released.pending).toBeCloseTo(before.pending, 2)
    expect(released.available).toBeCloseTo(0, 2)
    // What is left owed: the total less the shop's net of 900 (delivery, VAT and the commission of 100).
    expect(released.collected).toBeCloseTo(before.collected + podOrder.order.total - 900, 2)
    await expectBalanced()
    const payouts = await shopA.client.get<{ owedForCollections: number; available: number }>('/api/vendor/payouts/')
    expect(payouts.body.owedForCollections).toBeCloseTo(released.collected, 2)
  })

  it('a refused parcel cancels its part, puts its stock back, and ends pay on delivery for that shopper', async () => {
    const who = contact()
    const stockB = await stockOf(server, shopB.productId)
    const podOrder = await placed(
      [
        { productId: shopA.productId, quantity: 1 },
        { productId: shopB.productId, quantity: 1 },
      ],
      who,
    )
    const partA = await partOf(podOrder, shopA)
    const partB = await partOf(podOrder, shopB)
    // Not before it left the shop.
    expect((await shopB.client.post(`/api/vendor/orders/${partB}/refused/`, {})).status).toBe(409)
    await ship(shopA, partA)
    await ship(shopB, partB)
    expect((await shopA.client.post(`/api/vendor/orders/${partA}/payment-collected/`, { via: 'cash' })).status).toBe(
      204,
    )
    // Paid at the door: it cannot be refused afterwards.
    expect((await shopA.client.post(`/api/vendor/orders/${partA}/refused/`, {})).status).toBe(409)
    expect((await order(podOrder)).payment?.status).toBe('pending')
    const refused = await shopB.client.post(`/api/vendor/orders/${partB}/refused/`, {
      reason: 'Not at home, would not pay',
    })
    expect(refused.status).toBe(204)
    expect((await shopB.client.post(`/api/vendor/orders/${partB}/payment-collected/`, { via: 'cash' })).status).toBe(
      409,
    )
    expect(await stockOf(server, shopB.productId)).toBe(stockB)
    const after = await order(podOrder)
    expect(after.vendors.find((part) => part.id === partB)?.status).toBe('cancelled')
    // The one part left was collected: the order's payment is complete.
    expect(after.payment?.status).toBe('paid')
    expect((await vendorOrder(shopB, partB)).payOnDelivery?.refusedAt).not.toBeNull()
    const [mail] = await typedRows(
      db(),
      { body: value.text },
      sql`select text_body as body from outbox_emails where subject = ${`Delivery refused: order ${podOrder.order.orderNumber}`}`,
    )
    expect(mail?.body).toContain('The shop noted: Not at home, would not pay')

    // The same phone (with any email) or email may no longer pay on delivery: told, and refused if it tries.
    const again = await eligibility([{ productId: shopA.productId, quantity: 1 }], {
      phone: who.phone,
      email: 'new.address@example.co.ke',
    })
    expect(again).toMatchObject({ eligible: false, reason: 'refused_before' })
    const byEmail = await eligibility([{ productId: shopA.productId, quantity: 1 }], {
      phone: contact().phone,
      email: who.email.toUpperCase(),
    })
    expect(byEmail.reason).toBe('refused_before')
    const tried = await placeOrder(new Client(server), podBody([{ productId: shopA.productId, quantity: 1 }], who))
    expect(tried.status).toBe(400)
    expect(JSON.stringify(tried.body)).toContain('earlier delivery was refused')
    await expectBalanced()
  })

  it('Soko collects at its own counter (audited): the money is the marketplace’s, the shop owed its net', async () => {
    const before = await statement(shopB)
    const podOrder = await placed([{ productId: shopB.productId, quantity: 1 }])
    const partId = await partOf(podOrder, shopB)
    await ship(shopB, partId)
    const path = `/api/admin/orders/${podOrder.order.id}/parts/${partId}/payment-collected/`
    expect((await shopB.client.post(path, { via: 'cash' })).status).toBe(403)
    expect(
      (
        await admin.post(`/api/admin/orders/${podOrder.order.id + 1_000_000}/parts/${partId}/payment-collected/`, {
          via: 'cash',
        })
      ).status,
    ).toBe(404)
    expect((await admin.post(path, { via: 'cash' })).status).toBe(204)
    const after = await statement(shopB)
    expect(after.collected).toBeCloseTo(before.collected, 2)
    expect(after.pending).toBeCloseTo(before.pending + 720, 2)
    const lines = await expectBalanced()
    expect(lines.find((line) => line.account === 'cash_on_delivery')?.balance).toBeGreaterThanOrEqual(
      podOrder.order.total,
    )
    expect((await vendorOrder(shopB, partId)).payOnDelivery?.collectedHow).toBe('Cash, collected by Soko')
    const [audited] = await typedRows(
      db(),
      { n: value.int },
      sql`select count(*)::int as n from audit_log where action = 'pay_on_delivery.collected' and subject_id = ${podOrder.order.id}`,
    )
    expect(audited?.n).toBe(1)
  })

  it('a shopper cancels before it ships: not charged, nothing to refund; and an unpaid order cannot switch to it', async () => {
    const podOrder = await placed([{ productId: shopA.productId, quantity: 1 }])
    const cancelled = await new Client(server).post<OrderDetail>(
      `/api/checkout/orders/${podOrder.order.orderNumber}/cancel/`,
      undefined,
      { 'x-order-token': podOrder.orderToken },
    )
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.status).toBe('cancelled')
    const [refunds] = await typedRows(
      db(),
      { n: value.int },
      sql`select count(*)::int as n from refunds where order_id = ${podOrder.order.id}`,
    )
    expect(refunds?.n).toBe(0)
    const [mail] = await typedRows(
      db(),
      { body: value.text },
      sql`select text_body as body from outbox_emails where subject = ${`Order ${podOrder.order.orderNumber} cancelled`}`,
    )
    expect(mail?.body).toContain('You were not charged.')

    // An order waiting for its M-Pesa payment is paid now; pay on delivery is chosen only when placing.
    const stk = await placeOrder(new Client(server), orderBody([{ productId: shopA.productId, quantity: 1 }]))
    expect(stk.status).toBe(201)
    const retry = await new Client(server).post<PaymentState>(
      `/api/checkout/orders/${stk.body.order.orderNumber}/payment/`,
      { paymentMethod: 'pay-on-delivery' },
      { 'x-order-token': stk.body.orderToken },
    )
    expect(retry.status).toBe(400)
    expect(JSON.stringify(retry.body)).toContain('Pay on delivery is chosen when you place an order')
  })
})
