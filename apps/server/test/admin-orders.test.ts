import { orders } from '@soko/db/schema/orders'
import { typedRows, value } from '@soko/db/typed-sql'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, type newCustomer, outbox, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import {
  FAST_PAYMENTS,
  orderBody,
  type Placed,
  placeOrder,
  runJobUntilDone,
  sellableProducts,
  settledPayment,
  stockOf,
} from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

async function newAdmin(server: TestServer): Promise<Awaited<ReturnType<typeof newCustomer>>> {
  const credentials = await registerUser(server)
  await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${credentials.email}`)
  return { ...credentials, ...(await signIn(server, credentials)) }
}

interface Dashboard {
  orders: { count: number; by_status: Record<string, number> }
  revenue: { today: number; this_month: number; all_time: number }
  commission: { this_month: number; all_time: number }
  users: { count: number; by_role: Record<string, number>; new_this_month: number }
  products: { active: number; inactive: number; out_of_stock: number }
  shops: { verified: number; unverified: number; suspended: number }
  sales: { date: string; orders: number; revenue: number }[]
  recent_activity: { kind: string; text: string }[]
  quick_actions: { unverified_shops: number; unhandled_contact_messages: number; refunds_due: number }
}

interface AdminOrder {
  id: number
  order_number: string
  status: string
  total: number
  can_refund: boolean
  vendor_parts: { id: number; shop: { id: number }; status: string; subtotal: number; commission: number }[]
  payments: { status: string; events: { source: string; outcome: string }[] }[]
  refund: { reason: string; reference: string | null; by: string } | null
}

describe.each(engines)('admin orders, refunds, payouts and dashboard (%s)', (engine) => {
  let server: TestServer
  let admin: Client
  let guest: Client

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS } })
    admin = (await newAdmin(server)).client
    guest = new Client(server)
  })
  afterAll(() => server?.close())

  /** A paid order of `quantity` of one product, bought and paid through the M-Pesa simulator. */
  async function paidOrder(productId: number, quantity = 2): Promise<Placed> {
    const placed = await placeOrder(guest, orderBody([{ productId, quantity }]))
    expect(placed.status).toBe(201)
    expect((await settledPayment(guest, placed.body)).status).toBe('paid')
    return placed.body
  }

  const dashboard = async () => {
    const answer = await admin.get<Dashboard>('/api/admin/dashboard/')
    expect(answer.status).toBe(200)
    return answer.body
  }

  it('dashboard figures move with a paid order and a product taken down', async () => {
    const before = await dashboard()
    expect(before.sales).toHaveLength(30)
    expect(before.users.by_role.superuser).toBeGreaterThanOrEqual(1)
    expect(before.products.active).toBeGreaterThan(0)
    const [product] = await sellableProducts(server, 1)
    if (!product) throw new Error('fixture')
    const placed = await paidOrder(product.id)

    const after = await dashboard()
    const total = placed.order.total
    expect(after.orders.count).toBe(before.orders.count + 1)
    expect(after.orders.by_status.paid).toBe((before.orders.by_status.paid ?? 0) + 1)
    expect(after.revenue.today).toBeCloseTo(before.revenue.today + total, 2)
    expect(after.revenue.this_month).toBeCloseTo(before.revenue.this_month + total, 2)
    expect(after.revenue.all_time).toBeCloseTo(before.revenue.all_time + total, 2)
    expect(after.commission.all_time).toBeGreaterThan(before.commission.all_time)
    const today = after.sales.at(-1)
    expect(today?.orders).toBe((before.sales.at(-1)?.orders ?? 0) + 1)
    expect(today?.revenue).toBeCloseTo((before.sales.at(-1)?.revenue ?? 0) + total, 2)
    expect(after.recent_activity.some((a) => a.kind === 'order' && a.text.includes(placed.order.orderNumber))).toBe(
      true,
    )
    expect(JSON.stringify(after)).not.toContain('$')

    const down = await admin.post(`/api/admin/products/${product.id}/deactivate/`, { reason: 'Expired stock' })
    expect(down.status).toBe(200)
    const later = await dashboard()
    expect(later.products.active).toBe(after.products.active - 1)
    expect(later.products.inactive).toBe(after.products.inactive + 1)
    expect(later.recent_activity[0]).toMatchObject({ kind: 'audit' })
    expect(later.recent_activity[0]?.text).toMatch(/took down the product .*: Expired stock\.$/)
    await admin.post(`/api/admin/products/${product.id}/reactivate/`)
  })

  it('lists and finds orders, and shows one with its vendor parts, payments and payment events', async () => {
    const [product] = await sellableProducts(server, 1)
    if (!product) throw new Error('fixture')
    const placed = await paidOrder(product.id, 1)
    const number = placed.order.orderNumber
    const byNumber = await admin.get<{ count: number; results: { id: number; order_number: string }[] }>(
      `/api/admin/orders/?q=${number}`,
    )
    expect(byNumber.body.results.map((o) => o.order_number)).toEqual([number])
    const [row] = await server.database.db
      .select({ email: orders.email })
      .from(orders)
      .where(eq(orders.orderNumber, number))
    const byEmail = await admin.get<{ results: { order_number: string }[] }>(`/api/admin/orders/?q=${row?.email}`)
    expect(byEmail.body.results.map((o) => o.order_number)).toEqual([number])
    const byPhone = await admin.get<{ results: { order_number: string }[] }>(
      `/api/admin/orders/?q=${encodeURIComponent('0712 345 678')}&per_page=100`,
    )
    expect(byPhone.body.results.map((o) => o.order_number)).toContain(number)
    const paidOnly = await admin.get<{ results: { status: string }[] }>('/api/admin/orders/?status=paid')
    expect(paidOnly.body.results.every((o) => o.status === 'paid')).toBe(true)
    expect((await admin.get('/api/admin/orders/?status=lost')).status).toBe(400)

    const id = byNumber.body.results[0]?.id
    const detail = await admin.get<AdminOrder>(`/api/admin/orders/${id}/`)
    expect(detail.status).toBe(200)
    expect(detail.body).toMatchObject({ order_number: number, status: 'paid', can_refund: true, refund: null })
    expect(detail.body.vendor_parts).toHaveLength(1)
    expect(detail.body.vendor_parts[0]?.shop.id).toBe(product.business_id)
    expect(detail.body.payments[0]?.status).toBe('paid')
    expect(detail.body.payments[0]?.events.some((e) => e.outcome === 'applied')).toBe(true)
  })

  it('refunds a paid order: payments, order and parts refunded, stock back, shopper emailed; only once', async () => {
    const [product] = await sellableProducts(server, 1)
    if (!product) throw new Error('fixture')
    const stockBefore = await stockOf(server, product.id)
    const placed = await paidOrder(product.id, 3)
    expect(await stockOf(server, product.id)).toBe(stockBefore - 3)
    const [order] = await server.database.db
      .select({ id: orders.id, email: orders.email })
      .from(orders)
      .where(eq(orders.orderNumber, placed.order.orderNumber))
    if (!order) throw new Error('fixture')
    const before = await dashboard()

    const noReason = await admin.post(`/api/admin/orders/${order.id}/refund/`, { reference: 'X' })
    expect(noReason.status).toBe(400)
    expect(noReason.body).toMatchObject({ errors: { reason: ['Reason is required'] } })
    const refunded = await admin.post<AdminOrder>(`/api/admin/orders/${order.id}/refund/`, {
      reason: 'The shop could not deliver to Kisumu',
      reference: 'QKL7H2X9RT',
    })
    expect(refunded.status).toBe(200)
    expect(refunded.body).toMatchObject({
      status: 'refunded',
      can_refund: false,
      refund: { reason: 'The shop could not deliver to Kisumu', reference: 'QKL7H2X9RT' },
    })
    expect(refunded.body.vendor_parts.every((part) => part.status === 'refunded')).toBe(true)
    expect(refunded.body.payments.map((p) => p.status)).toEqual(['refunded'])
    expect(refunded.body.payments[0]?.events.some((e) => e.source === 'admin_refund')).toBe(true)
    expect(await stockOf(server, product.id)).toBe(stockBefore)
    const mail = await outbox(server, order.email)
    expect(mail.map((m) => m.subject)).toContain(`Order ${placed.order.orderNumber} refunded`)
    expect(mail.find((m) => m.subject.endsWith('refunded'))?.text).toContain('KSh')

    // The shopper sees it refunded too.
    const seen = await guest.get<{ status: string }>(`/api/checkout/orders/${placed.order.orderNumber}/`, {
      'x-order-token': placed.orderToken,
    })
    expect(seen.body.status).toBe('refunded')
    const again = await admin.post(`/api/admin/orders/${order.id}/refund/`, { reason: 'Twice' })
    expect(again.status).toBe(409)
    const byPayment = await admin.get<{ results: { id: number }[] }>('/api/admin/orders/?payment_status=refunded')
    expect(byPayment.body.results.map((row) => row.id)).toContain(order.id)
    const due = await admin.get<{ results: { id: number }[] }>('/api/admin/orders/?payment_status=refund_due')
    expect(due.body.results.map((row) => row.id)).not.toContain(order.id)
    expect(await stockOf(server, product.id)).toBe(stockBefore)

    const after = await dashboard()
    expect(after.revenue.all_time).toBeCloseTo(before.revenue.all_time - placed.order.total, 2)
    expect(after.recent_activity[0]?.text).toMatch(/refunded order SK-.*: The shop could not deliver to Kisumu/)

    // An order not paid yet cannot be refunded.
    const unpaid = await placeOrder(
      guest,
      orderBody([{ productId: product.id, quantity: 1 }], { mpesaNumber: '0712001032' }),
    )
    const [pending] = await server.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, unpaid.body.order.orderNumber))
    expect((await admin.post(`/api/admin/orders/${pending?.id}/refund/`, { reason: 'x' })).status).toBe(409)
    expect((await admin.post('/api/admin/orders/99999999/refund/', { reason: 'x' })).status).toBe(404)
  })

  it('a cancelled paid order waits as a refund due on the dashboard until refunded', async () => {
    const [product] = await sellableProducts(server, 1)
    if (!product) throw new Error('fixture')
    const placed = await paidOrder(product.id, 1)
    const before = await dashboard()
    const cancelled = await guest.post(`/api/checkout/orders/${placed.order.orderNumber}/cancel/`, undefined, {
      'x-order-token': placed.orderToken,
    })
    expect(cancelled.status).toBe(200)
    expect((await dashboard()).quick_actions.refunds_due).toBe(before.quick_actions.refunds_due + 1)
    const [order] = await server.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, placed.order.orderNumber))
    const refunded = await admin.post<AdminOrder>(`/api/admin/orders/${order?.id}/refund/`, { reason: 'Cancelled' })
    expect(refunded.status).toBe(200)
    expect(refunded.body.refund?.reference).toBeNull()
    expect((await dashboard()).quick_actions.refunds_due).toBe(before.quick_actions.refunds_due)
  })

  it('records payouts to a shop up to what is available: delivered, confirmed and past the return window', async () => {
    const [product] = await sellableProducts(server, 1)
    if (!product) throw new Error('fixture')
    const shopId = product.business_id
    const start = await admin.get<{ balance_owed: number; paid_out: number }>(`/api/admin/vendors/${shopId}/payouts/`)
    expect(start.status).toBe(200)
    const placed = await paidOrder(product.id, 2)
    await server.database.db.execute(
      sql`update vendor_orders v set status = 'delivered', shipped_at = now() - interval '31 days',
            delivered_at = now() - interval '31 days', delivery_confirmed_at = now() - interval '30 days',
            delivery_confirmed_by = 'shopper'
          from orders o where o.id = v.order_id and o.order_number = ${placed.order.orderNumber}`,
    )
    const [part] = await typedRows(
      server.database.db,
      { id: value.int, net: value.int },
      sql`select v.id, (v.subtotal_cents - v.commission_cents)::int as net from vendor_orders v
          join orders o on o.id = v.order_id where o.order_number = ${placed.order.orderNumber}`,
    )
    const net = (part?.net ?? 0) / 100
    expect(net).toBeGreaterThan(0)
    // The ledger makes it available when the part's release job runs (queued by a confirmation, which the SQL above
    // stood in for).
    const partId = part?.id ?? 0
    await server.database.db.transaction((t) =>
      server.app.soko.postings.enqueueRelease(t, partId, new Date(Date.now() - 30 * 86_400_000)),
    )
    await runJobUntilDone(server, `vendor_part.release:${partId}`)
    const owed = await admin.get<{ balance_owed: number; available: number }>(`/api/admin/vendors/${shopId}/payouts/`)
    expect(owed.body.balance_owed).toBeCloseTo(start.body.balance_owed + net, 2)
    expect(owed.body.available).toBeGreaterThanOrEqual(net)

    const tooMuch = await admin.post(`/api/admin/vendors/${shopId}/payouts/`, {
      amount: owed.body.available + 1,
      reference: 'QKP1',
    })
    expect(tooMuch.status).toBe(409)
    expect((await admin.post(`/api/admin/vendors/${shopId}/payouts/`, { amount: -5, reference: 'Q' })).status).toBe(400)
    const cents = await admin.post(`/api/admin/vendors/${shopId}/payouts/`, { amount: 1.234, reference: 'Q' })
    expect(cents.status).toBe(400)
    expect(cents.body).toMatchObject({ errors: { amount: ['Amount may have at most two decimals'] } })
    const noRef = await admin.post(`/api/admin/vendors/${shopId}/payouts/`, { amount: 1 })
    expect(noRef.body).toMatchObject({ errors: { reference: ['Reference is required'] } })

    const paid = await admin.post<{ balance_owed: number; paid_out: number; results: { amount: number }[] }>(
      `/api/admin/vendors/${shopId}/payouts/`,
      { amount: 100, reference: 'QKP7Y3M2ZA', note: 'M-Pesa to the shop owner' },
    )
    expect(paid.status).toBe(201)
    expect(paid.body.balance_owed).toBeCloseTo(owed.body.balance_owed - 100, 2)
    expect(paid.body.paid_out).toBeCloseTo(start.body.paid_out + 100, 2)
    expect(paid.body.results[0]?.amount).toBe(100)
    const listed = await admin.get<{ results: { id: number; balance_owed: number }[] }>(
      `/api/admin/vendors/?per_page=100&q=${encodeURIComponent(String(shopId))}`,
    )
    expect(listed.status).toBe(200)
  })
})
