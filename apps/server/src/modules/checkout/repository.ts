import { type Db, queryRows } from '@soko/db/client'
import type { AddressSnapshot } from '@soko/db/schema/orders'
import { sql } from 'drizzle-orm'

// SQL of checkout, orders and payments. Every function takes the Db (or transaction) to run on.

export interface StockLine {
  productId: number
  quantity: number
}

/** What an order took from stock, per product (lines of removed products left out). */
export function stockLinesOf(db: Db, orderId: number, options: { unshippedOnly?: boolean } = {}): Promise<StockLine[]> {
  return queryRows<StockLine>(
    db,
    options.unshippedOnly
      ? sql`select i.product_id as "productId", sum(i.quantity)::int as quantity from order_items i
            join vendor_orders v on v.id = i.vendor_order_id
            where i.order_id = ${orderId} and i.product_id is not null and v.shipped_at is null
              and v.status not in ('shipped', 'delivered')
            group by i.product_id order by i.product_id`
      : sql`select product_id as "productId", sum(quantity)::int as quantity from order_items
            where order_id = ${orderId} and product_id is not null group by product_id order by product_id`,
  )
}

/**
 * Claims the giving back of an order's stock (unpaid and expired, cancelled, or refunded), once: false when it was
 * claimed already. The caller gives the stock back to the catalogue in the same transaction.
 */
export async function claimStockRelease(db: Db, orderId: number): Promise<boolean> {
  const marked = await queryRows<{ id: number }>(
    db,
    sql`update orders set stock_released_at = now() where id = ${orderId} and stock_released_at is null returning id`,
  )
  return marked.length > 0
}

/** The order holds its stock again (a payment that came in after its reservation ended took it back). */
export async function markStockRetaken(db: Db, orderId: number): Promise<void> {
  await db.execute(sql`update orders set stock_released_at = null where id = ${orderId}`)
}

export interface NewOrder {
  orderNumber: string
  userId: number | null
  firstName: string
  lastName: string
  email: string
  phone: string
  shippingAddress: AddressSnapshot
  billingAddress: AddressSnapshot
  notes: string
  paymentMethod: string
  subtotalCents: number
  shippingCents: number
  vatCents: number
  totalCents: number
  vatRateBp: number
  idempotencyKey: string
  requestHash: string
  reservedUntil: Date
}

export async function insertOrder(db: Db, order: NewOrder): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
      insert into orders (order_number, user_id, first_name, last_name, email, phone, shipping_address,
        billing_address, notes, payment_method, subtotal_cents, shipping_cents, vat_cents, total_cents, vat_rate_bp,
        idempotency_key, request_hash, reserved_until)
      values (${order.orderNumber}, ${order.userId}, ${order.firstName}, ${order.lastName}, ${order.email},
        ${order.phone}, ${JSON.stringify(order.shippingAddress)}::jsonb, ${JSON.stringify(order.billingAddress)}::jsonb,
        ${order.notes}, ${order.paymentMethod}, ${order.subtotalCents}, ${order.shippingCents}, ${order.vatCents},
        ${order.totalCents}, ${order.vatRateBp}, ${order.idempotencyKey}, ${order.requestHash},
        ${order.reservedUntil.toISOString()})
      returning id`,
  )
  const id = rows[0]?.id
  if (id === undefined) throw new Error('insert into orders returned no id')
  return id
}

export async function insertVendorOrder(
  db: Db,
  orderId: number,
  businessId: number,
  subtotalCents: number,
  commissionCents: number,
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into vendor_orders (order_id, business_id, subtotal_cents, commission_cents)
        values (${orderId}, ${businessId}, ${subtotalCents}, ${commissionCents}) returning id`,
  )
  const id = rows[0]?.id
  if (id === undefined) throw new Error('insert into vendor_orders returned no id')
  return id
}

export interface NewOrderItem {
  productId: number
  productName: string
  productSlug: string
  imageUrl: string | null
  unitPriceCents: number
  quantity: number
}

export async function insertOrderItems(
  db: Db,
  orderId: number,
  vendorOrderId: number,
  items: NewOrderItem[],
): Promise<void> {
  await db.execute(sql`
    insert into order_items (order_id, vendor_order_id, product_id, product_name, product_slug, image_url,
      unit_price_cents, quantity, line_total_cents)
    values ${sql.join(
      items.map(
        (item) => sql`(${orderId}, ${vendorOrderId}, ${item.productId}, ${item.productName}, ${item.productSlug},
          ${item.imageUrl}, ${item.unitPriceCents}, ${item.quantity}, ${item.unitPriceCents * item.quantity})`,
      ),
      sql`, `,
    )}`)
}

export interface OrderRow {
  id: number
  order_number: string
  user_id: number | null
  status: string
  first_name: string
  last_name: string
  email: string
  phone: string
  shipping_address: AddressSnapshot
  billing_address: AddressSnapshot
  notes: string
  payment_method: 'mpesa' | 'credit-card'
  subtotal_cents: number
  shipping_cents: number
  vat_cents: number
  total_cents: number
  request_hash: string
  reserved_until: Date | null
  stock_released_at: Date | null
  paid_at: Date | null
  cancel_reason: string | null
  created_at: Date
}

const orderColumns = sql`o.id, o.order_number, o.user_id, o.status, o.first_name, o.last_name, o.email, o.phone,
  o.shipping_address, o.billing_address, o.notes, o.payment_method, o.subtotal_cents, o.shipping_cents, o.vat_cents,
  o.total_cents, o.request_hash, o.reserved_until, o.stock_released_at, o.paid_at, o.cancel_reason, o.created_at`

export async function orderByNumber(db: Db, orderNumber: string, lock = false): Promise<OrderRow | null> {
  const rows = await queryRows<OrderRow>(
    db,
    sql`select ${orderColumns} from orders o where o.order_number = ${orderNumber} ${lock ? sql`for update` : sql``}`,
  )
  return rows[0] ?? null
}

export async function orderById(db: Db, id: number, lock = false): Promise<OrderRow | null> {
  const rows = await queryRows<OrderRow>(
    db,
    sql`select ${orderColumns} from orders o where o.id = ${id} ${lock ? sql`for update` : sql``}`,
  )
  return rows[0] ?? null
}

export async function orderByIdempotencyKey(db: Db, key: string): Promise<OrderRow | null> {
  const rows = await queryRows<OrderRow>(db, sql`select ${orderColumns} from orders o where o.idempotency_key = ${key}`)
  return rows[0] ?? null
}

export function ordersOfUser(db: Db, userId: number, limit: number): Promise<OrderRow[]> {
  return queryRows<OrderRow>(
    db,
    sql`select ${orderColumns} from orders o where o.user_id = ${userId} order by o.created_at desc, o.id desc
        limit ${limit}`,
  )
}

export interface VendorOrderRow {
  id: number
  order_id: number
  business_id: number
  business_name: string
  business_slug: string
  status: string
  subtotal_cents: number
  tracking_note: string | null
  shipped_at: Date | null
  delivered_at: Date | null
}

export function vendorOrdersOf(db: Db, orderIds: number[]): Promise<VendorOrderRow[]> {
  if (orderIds.length === 0) return Promise.resolve([])
  return queryRows<VendorOrderRow>(
    db,
    sql`select v.id, v.order_id, v.business_id, b.name as business_name, b.slug as business_slug, v.status,
          v.subtotal_cents, v.tracking_note, v.shipped_at, v.delivered_at
        from vendor_orders v join businesses b on b.id = v.business_id
        where v.order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by v.order_id, v.id`,
  )
}

export interface OrderItemRow {
  id: number
  order_id: number
  vendor_order_id: number
  product_id: number | null
  product_name: string
  product_slug: string
  image_url: string | null
  unit_price_cents: number
  quantity: number
  line_total_cents: number
  reviewed: boolean
}

/** The lines of orders; `reviewed` says whether the order's shopper has reviewed the product. */
export function itemsOf(db: Db, orderIds: number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([])
  return queryRows<OrderItemRow>(
    db,
    sql`select i.id, i.order_id, i.vendor_order_id, i.product_id, i.product_name, i.product_slug, i.image_url,
          i.unit_price_cents, i.quantity, i.line_total_cents,
          exists (select 1 from reviews r join orders o on o.id = i.order_id
                  where r.product_id = i.product_id and r.user_id = o.user_id) as reviewed
        from order_items i
        where i.order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by i.order_id, i.id`,
  )
}

export interface PaymentRow {
  id: number
  order_id: number
  method: 'mpesa' | 'credit-card'
  status: string
  amount_cents: number
  phone: string | null
  reference: string
  checkout_request_id: string | null
  receipt: string | null
  result_code: number | null
  result_desc: string | null
  redirect_url: string | null
  queries: number
  created_at: Date
  updated_at: Date
}

const paymentColumns = sql`p.id, p.order_id, p.method, p.status, p.amount_cents, p.phone, p.reference,
  p.checkout_request_id, p.receipt, p.result_code, p.result_desc, p.redirect_url, p.queries, p.created_at, p.updated_at`

/** The latest payment attempt of each order. */
export function latestPayments(db: Db, orderIds: number[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return Promise.resolve([])
  return queryRows<PaymentRow>(
    db,
    sql`select distinct on (p.order_id) ${paymentColumns} from payments p
        where p.order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by p.order_id, p.created_at desc, p.id desc`,
  )
}

export async function paymentById(db: Db, id: number, lock = false): Promise<PaymentRow | null> {
  const rows = await queryRows<PaymentRow>(
    db,
    sql`select ${paymentColumns} from payments p where p.id = ${id} ${lock ? sql`for update` : sql``}`,
  )
  return rows[0] ?? null
}

export async function paymentByCheckoutRequestId(db: Db, checkoutRequestId: string): Promise<PaymentRow | null> {
  const rows = await queryRows<PaymentRow>(
    db,
    sql`select ${paymentColumns} from payments p where p.checkout_request_id = ${checkoutRequestId} for update`,
  )
  return rows[0] ?? null
}

export async function paymentByReference(db: Db, reference: string): Promise<PaymentRow | null> {
  const rows = await queryRows<PaymentRow>(
    db,
    sql`select ${paymentColumns} from payments p where p.reference = ${reference} for update`,
  )
  return rows[0] ?? null
}

/**
 * The one M-Pesa attempt whose push was accepted but whose CheckoutRequestID was never stored (its process died
 * between Daraja's answer and the write), matched by phone and amount; null when none or several could be it.
 */
export async function unrecordedPush(db: Db, phoneE164: string, amountCents: number): Promise<PaymentRow | null> {
  const rows = await queryRows<PaymentRow>(
    db,
    sql`select ${paymentColumns} from payments p
        where p.method = 'mpesa' and p.checkout_request_id is null and p.status in ('pending', 'expired')
          and p.phone = ${phoneE164} and p.amount_cents = ${amountCents}
          and p.created_at > now() - interval '1 day'
        order by p.id limit 2 for update`,
  )
  return rows.length === 1 ? (rows[0] ?? null) : null
}

export async function hasCheckoutRequest(db: Db, checkoutRequestId: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from payments where checkout_request_id = ${checkoutRequestId}`,
  )
  return rows.length > 0
}

export async function pendingPaymentOf(db: Db, orderId: number): Promise<PaymentRow | null> {
  const rows = await queryRows<PaymentRow>(
    db,
    sql`select ${paymentColumns} from payments p where p.order_id = ${orderId} and p.status = 'pending' for update`,
  )
  return rows[0] ?? null
}

export async function countPayments(db: Db, orderId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from payments where order_id = ${orderId}`,
  )
  return rows[0]?.n ?? 0
}

export async function insertPayment(
  db: Db,
  payment: { orderId: number; method: string; amountCents: number; phone: string | null; reference: string },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into payments (order_id, method, amount_cents, phone, reference)
        values (${payment.orderId}, ${payment.method}, ${payment.amountCents}, ${payment.phone}, ${payment.reference})
        returning id`,
  )
  const id = rows[0]?.id
  if (id === undefined) throw new Error('insert into payments returned no id')
  return id
}

export interface PaymentUpdate {
  status?: string
  merchantRequestId?: string
  checkoutRequestId?: string
  receipt?: string | null
  resultCode?: number | null
  resultDesc?: string | null
  redirectUrl?: string
  cardLast4?: string | null
  cardBrand?: string | null
  settled?: boolean
  addQuery?: boolean
}

export async function updatePayment(db: Db, id: number, update: PaymentUpdate): Promise<void> {
  const sets = [sql`updated_at = now()`]
  if (update.status !== undefined) sets.push(sql`status = ${update.status}`)
  if (update.merchantRequestId !== undefined) sets.push(sql`merchant_request_id = ${update.merchantRequestId}`)
  if (update.checkoutRequestId !== undefined) sets.push(sql`checkout_request_id = ${update.checkoutRequestId}`)
  if (update.receipt !== undefined) sets.push(sql`receipt = ${update.receipt}`)
  if (update.resultCode !== undefined) sets.push(sql`result_code = ${update.resultCode}`)
  if (update.resultDesc !== undefined) sets.push(sql`result_desc = ${update.resultDesc}`)
  if (update.redirectUrl !== undefined) sets.push(sql`redirect_url = ${update.redirectUrl}`)
  if (update.cardLast4 !== undefined) sets.push(sql`card_last4 = ${update.cardLast4}`)
  if (update.cardBrand !== undefined) sets.push(sql`card_brand = ${update.cardBrand}`)
  if (update.settled) sets.push(sql`settled_at = now()`)
  if (update.addQuery) sets.push(sql`queries = queries + 1`)
  await db.execute(sql`update payments set ${sql.join(sets, sql`, `)} where id = ${id}`)
}

/** Marks every other pending attempt of an order cancelled (one attempt has been paid). */
export async function supersedePendingPayments(db: Db, orderId: number, paidPaymentId: number): Promise<void> {
  await db.execute(sql`
    update payments set status = 'cancelled', settled_at = now(), updated_at = now(),
      result_desc = 'Another payment for this order went through.'
    where order_id = ${orderId} and id <> ${paidPaymentId} and status = 'pending'`)
}

/** Settles an order's open attempts when the order ends unpaid. */
export async function closePendingPayments(db: Db, orderId: number, status: 'expired' | 'cancelled'): Promise<void> {
  await db.execute(sql`
    update payments set status = ${status}, settled_at = now(), updated_at = now()
    where order_id = ${orderId} and status = 'pending'`)
}

/** Marks an order's paid attempts as owed back to the shopper (a paid order cancelled). */
export async function markRefundDue(db: Db, orderId: number): Promise<void> {
  await db.execute(sql`
    update payments set status = 'refund_due', updated_at = now() where order_id = ${orderId} and status = 'paid'`)
}

/** Payment attempts by method and status (for /metrics). */
export function countPaymentsByOutcome(db: Db): Promise<{ method: string; status: string; n: number }[]> {
  return queryRows(
    db,
    sql`select method, status, count(*)::int as n from payments group by method, status order by 1, 2`,
  )
}

export async function insertPaymentEvent(
  db: Db,
  event: { paymentId: number | null; source: string; outcome: string; rawBody: string; remoteAddress: string },
): Promise<void> {
  await db.execute(sql`
    insert into payment_events (payment_id, source, outcome, raw_body, remote_address)
    values (${event.paymentId}, ${event.source}, ${event.outcome}, ${event.rawBody.slice(0, 65_536)},
      ${event.remoteAddress})`)
}

export async function setOrderStatus(
  db: Db,
  orderId: number,
  status: string,
  extra: { paid?: boolean; cancelReason?: string } = {},
): Promise<void> {
  await db.execute(sql`
    update orders set status = ${status}, updated_at = now()
      ${extra.paid ? sql`, paid_at = now(), reserved_until = null, cancelled_at = null, cancel_reason = null` : sql``}
      ${extra.cancelReason !== undefined ? sql`, cancelled_at = now(), reserved_until = null, cancel_reason = ${extra.cancelReason}` : sql``}
    where id = ${orderId}`)
}

/** Sets every vendor part of an order that is still in one of `from` to `status`. */
export async function setVendorOrdersStatus(db: Db, orderId: number, status: string, from: string[]): Promise<void> {
  await db.execute(sql`
    update vendor_orders set status = ${status}, updated_at = now()
    where order_id = ${orderId} and status in (${sql.join(
      from.map((value) => sql`${value}`),
      sql`, `,
    )})`)
}

/** Keeps a reservation going until at least `until` (a new payment attempt near its end). */
export async function extendReservation(db: Db, orderId: number, until: Date): Promise<void> {
  await db.execute(sql`
    update orders set reserved_until = greatest(reserved_until, ${until.toISOString()}::timestamptz)
    where id = ${orderId} and status = 'pending_payment'`)
}
