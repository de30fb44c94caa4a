import { ORDER_LOOKUP_FAILED } from '@soko/contract/checkout-options'
import { users } from '@soko/db/schema/accounts'
import { orders, vendorOrders } from '@soko/db/schema/orders'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, outbox, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import {
  FAST_PAYMENTS,
  newKey,
  type OrderDetail,
  orderBody,
  type Placed,
  phoneEnding,
  placeOrder,
  sellableProducts,
  settledPayment,
} from './support/checkout.ts'
import { engines, startTestServer, type TestServer, withTestServer } from './support/test-server.ts'

const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }

/** The order link in the newest email about an order to `to` whose subject has `subject`. */
async function mailedLink(server: TestServer, to: string, subject: string) {
  const message = (await outbox(server, to)).find((m) => m.subject.includes(subject))
  const match = message?.text.match(/(https?:\/\/\S+)\/orders\/(SK-[0-9A-Z]+)\?token=(\S+)/)
  if (!message || !match?.[2] || !match[3]) throw new Error(`no order link mailed to ${to} (${subject})`)
  return {
    text: message.text,
    url: match[0],
    origin: match[1],
    orderNumber: match[2],
    token: decodeURIComponent(match[3]),
  }
}

describe.each(engines)('guest orders on %s', (engine) => {
  let server: TestServer
  let guest: Client

  beforeAll(async () => {
    server = await startTestServer(engine, {
      env: {
        ...RELAXED_LIMITS,
        ...FAST_PAYMENTS,
        ORDER_LOOKUP_LIMIT_PER_IP: '100000/1m',
        ORDER_LOOKUP_LIMIT_PER_ORDER: '4/1h',
        RETURN_WINDOW_DAYS: '7',
      },
    })
    guest = new Client(server)
  })
  afterAll(() => server?.close())

  async function paidGuestOrder(overrides: Record<string, unknown> = {}): Promise<Placed & { email: string }> {
    const [a] = await sellableProducts(server, 1)
    if (!a) throw new Error('fixture')
    const body = orderBody([{ productId: a.id, quantity: 1 }], overrides)
    const placed = await placeOrder(guest, body)
    expect(placed.status).toBe(201)
    expect((await settledPayment(guest, placed.body)).status).toBe('paid')
    return { ...placed.body, email: body.email }
  }

  const lookup = (orderNumber: string, contact: string, client = new Client(server)) =>
    client.post<{ orderNumber: string; orderToken: string }>('/api/checkout/orders/lookup/', { orderNumber, contact })

  const openWith = (orderNumber: string, token: string) =>
    new Client(server).get<OrderDetail>(`/api/checkout/orders/${orderNumber}/`, { 'x-order-token': token })

  it('mails a link to the real origin whatever Host says, and it opens the order in any browser', async () => {
    const [a] = await sellableProducts(server, 1)
    if (!a) throw new Error('fixture')
    const body = orderBody([{ productId: a.id, quantity: 1 }])
    const placed = await guest.post<Placed>('/api/checkout/orders/', body, { 'idempotency-key': newKey(), ...FORGED })
    expect(placed.status).toBe(201)
    await settledPayment(guest, placed.body)
    const link = await mailedLink(server, body.email, 'confirmed')
    expect(link.origin).toBe(server.url)
    expect(link.text).not.toContain('evil.example')
    expect(link.orderNumber).toBe(placed.body.order.orderNumber)
    const opened = await openWith(link.orderNumber, link.token)
    expect(opened.status).toBe(200)
    expect(opened.body.orderNumber).toBe(link.orderNumber)
  })

  it('finds an order by its number with the phone or the email it was placed with', async () => {
    const placed = await paidGuestOrder({ phone: '0712 345 678' })
    const number = placed.order.orderNumber
    for (const contact of ['+254712345678', '0712-345-678', placed.email.toUpperCase()]) {
      const found = await lookup(number.toLowerCase(), contact)
      expect(found.status).toBe(200)
      expect(found.body.orderNumber).toBe(number)
      expect((await openWith(number, found.body.orderToken)).status).toBe(200)
    }
  })

  it('says the same for a wrong phone, a wrong email and a number that does not exist', async () => {
    const placed = await paidGuestOrder({ phone: '0712 345 678' })
    const number = placed.order.orderNumber
    const answers = [
      await lookup(number, '0712 345 679'),
      await lookup(number, 'someone.else@example.co.ke'),
      await lookup('SK-000000', '0712 345 678'),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual({ detail: ORDER_LOOKUP_FAILED, code: 'not_found' })
    }
    const malformed = await lookup('12345', '')
    expect(malformed.status).toBe(400)
    expect(malformed.body).toMatchObject({
      errors: {
        orderNumber: ['Enter the order number as it is in your email, such as SK-7KQ2M9'],
        contact: ['Phone number or email is required'],
      },
    })
  })

  it('limits look-ups per order number, whether it exists or not, and then even the right pair waits', async () => {
    const placed = await paidGuestOrder({ phone: '0712 345 678' })
    for (const number of [placed.order.orderNumber, 'SK-ZZZZZZ']) {
      for (let attempt = 0; attempt < 4; attempt++) expect((await lookup(number, '0799 000 000')).status).toBe(404)
      const limited = await lookup(number, '0712 345 678')
      expect(limited.status).toBe(429)
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    }
  })

  it('opens an order for the return window after its last delivery, then no longer', async () => {
    const placed = await paidGuestOrder({ phone: '0712 345 678' })
    const number = placed.order.orderNumber
    const { db } = server.database
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, number))
    if (!order) throw new Error('fixture')
    const deliveredDaysAgo = async (days: number) => {
      await db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, order.id))
      await db
        .update(vendorOrders)
        .set({ status: 'delivered', deliveredAt: sql`now() - make_interval(days => ${days})` })
        .where(eq(vendorOrders.orderId, order.id))
    }
    await deliveredDaysAgo(6)
    expect((await openWith(number, placed.orderToken)).status).toBe(200)
    expect((await lookup(number, placed.email)).status).toBe(200)
    await deliveredDaysAgo(8)
    expect((await openWith(number, placed.orderToken)).status).toBe(404)
    const late = await lookup(number, placed.email)
    expect(late.status).toBe(404)
    expect(late.body).toEqual({ detail: ORDER_LOOKUP_FAILED, code: 'not_found' })

    // A cancelled order closes when it was cancelled.
    await db
      .update(orders)
      .set({ status: 'cancelled', updatedAt: sql`now() - interval '8 days'` })
      .where(eq(orders.id, order.id))
    expect((await openWith(number, placed.orderToken)).status).toBe(404)
  })

  it('puts the link in the cancellation email too', async () => {
    const [a] = await sellableProducts(server, 1)
    if (!a) throw new Error('fixture')
    const body = orderBody([{ productId: a.id, quantity: 1 }], { mpesaNumber: phoneEnding('1032') })
    const placed = await placeOrder(guest, body)
    expect(placed.status).toBe(201)
    const cancelled = await guest.post(`/api/checkout/orders/${placed.body.order.orderNumber}/cancel/`, undefined, {
      'x-order-token': placed.body.orderToken,
    })
    expect(cancelled.status).toBe(200)
    const link = await mailedLink(server, body.email, 'cancelled')
    expect(link.url.startsWith(`${server.url}/orders/${placed.body.order.orderNumber}?token=`)).toBe(true)
    expect((await openWith(link.orderNumber, link.token)).status).toBe(200)
  })

  it('joins guest orders to an account at sign-in once its email is verified, never before', async () => {
    const credentials = await registerUser(server)
    const placed = await paidGuestOrder({ email: credentials.email })
    const number = placed.order.orderNumber
    const myOrders = async () => {
      const { client } = await signIn(server, credentials)
      const answer = await client.get<OrderDetail[]>('/api/user/orders')
      expect(answer.status).toBe(200)
      return answer.body.map((order) => order.orderNumber)
    }
    // Signed up with the address, not shown to own it: the order stays the guest's.
    expect(await myOrders()).not.toContain(number)
    // The address is verified (as a password reset through its mailed link does): the next sign-in claims the order.
    await server.database.db
      .update(users)
      .set({ emailVerifiedAt: sql`now()` })
      .where(eq(users.email, credentials.email))
    expect(await myOrders()).toContain(number)
    // The order has its owner now: no later account can claim it.
    const [row] = await server.database.db
      .select({ userId: orders.userId })
      .from(orders)
      .where(eq(orders.orderNumber, number))
    expect(row?.userId).not.toBeNull()
  })
})

describe.each(engines)('guest order look-ups per client address on %s', (engine) => {
  it('limits look-ups per client address', async () => {
    await withTestServer(engine, { env: { ...RELAXED_LIMITS, ORDER_LOOKUP_LIMIT_PER_IP: '3/1h' } }, async (server) => {
      const client = new Client(server)
      const lookup = (orderNumber: string) =>
        client.post('/api/checkout/orders/lookup/', { orderNumber, contact: '0712 345 678' })
      for (const number of ['SK-AAAAA1', 'SK-AAAAA2', 'SK-AAAAA3']) expect((await lookup(number)).status).toBe(404)
      const limited = await lookup('SK-AAAAA4')
      expect(limited.status).toBe(429)
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    })
  })
})
