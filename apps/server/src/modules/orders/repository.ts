import { type Db, queryRows } from '@soko/db/client'
import type { AddressSnapshot } from '@soko/db/schema/orders'
import { sql } from 'drizzle-orm'

// SQL of orders, their vendor parts (vendor_orders) and lines (order_items). Every function takes the Db (or the
// transaction) to run on.

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
    sql`select v.id, v.order_id, v.business_id, v.status, v.subtotal_cents, v.tracking_note, v.shipped_at,
          v.delivered_at
        from vendor_orders v
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
}

/** The lines of orders. */
export function itemsOf(db: Db, orderIds: number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([])
  return queryRows<OrderItemRow>(
    db,
    sql`select i.id, i.order_id, i.vendor_order_id, i.product_id, i.product_name, i.product_slug, i.image_url,
          i.unit_price_cents, i.quantity, i.line_total_cents
        from order_items i
        where i.order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by i.order_id, i.id`,
  )
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

/** Sets every vendor part of an order to `status`, whatever it was (an admin's refund). */
export async function setAllPartsStatus(db: Db, orderId: number, status: string): Promise<void> {
  await db.execute(sql`update vendor_orders set status = ${status}, updated_at = now() where order_id = ${orderId}`)
}

/** Whether one of the user's orders has a delivered part with the product in it. */
export async function hasDelivered(db: Db, userId: number, productId: number): Promise<boolean> {
  const rows = await queryRows<{ delivered: boolean }>(
    db,
    sql`select exists (select 1 from order_items i join vendor_orders v on v.id = i.vendor_order_id
          join orders o on o.id = i.order_id
          where i.product_id = ${productId} and o.user_id = ${userId} and v.status = 'delivered') as delivered`,
  )
  return rows[0]?.delivered ?? false
}

export interface PaidPartRow {
  vendor_order_id: number
  business_id: number
  order_number: string
  subtotal_cents: number
  commission_cents: number
  first_name: string
  last_name: string
  city: string
  county: string
}

/** The order's vendor parts that are paid, with what their shops are told of the order. */
export function paidPartsOf(db: Db, orderId: number): Promise<PaidPartRow[]> {
  return queryRows<PaidPartRow>(
    db,
    sql`select v.id as vendor_order_id, v.business_id, o.order_number, v.subtotal_cents, v.commission_cents,
          o.first_name, o.last_name, o.shipping_address->>'city' as city, o.shipping_address->>'county' as county
        from vendor_orders v join orders o on o.id = v.order_id
        where v.order_id = ${orderId} and v.status = 'paid'
        order by v.id`,
  )
}
