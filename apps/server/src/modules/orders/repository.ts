import type { Db } from '@soko/db/client'
import { type AddressSnapshot, orderItems, orders, vendorOrders } from '@soko/db/schema/orders'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import type { DeliverySnapshot } from '@soko/domain/delivery'
import type { PaymentMethod } from '@soko/domain/order-states'
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'

// SQL of orders, their vendor parts (vendor_orders) and lines (order_items). Every function takes the Db (or the
// transaction) to run on.

export interface StockLine {
  productId: number
  quantity: number
}

/** What an order took from stock, per product (lines of removed products left out). */
export async function stockLinesOf(
  db: Db,
  orderId: number,
  options: { unshippedOnly?: boolean; partId?: number } = {},
): Promise<StockLine[]> {
  const rows = await typedRows(
    db,
    { productId: orderItems.productId, quantity: value.int },
    options.partId !== undefined
      ? sql`select product_id as "productId", sum(quantity)::int as quantity from order_items
            where order_id = ${orderId} and vendor_order_id = ${options.partId} and product_id is not null
            group by product_id order by product_id`
      : options.unshippedOnly
        ? sql`select i.product_id as "productId", sum(i.quantity)::int as quantity from order_items i
            join vendor_orders v on v.id = i.vendor_order_id
            where i.order_id = ${orderId} and i.product_id is not null and v.shipped_at is null
              and v.status not in ('shipped', 'delivered')
            group by i.product_id order by i.product_id`
        : sql`select product_id as "productId", sum(quantity)::int as quantity from order_items
            where order_id = ${orderId} and product_id is not null group by product_id order by product_id`,
  )
  // The statement leaves out lines whose product was removed; the column itself may be null.
  return rows.flatMap(({ productId, quantity }) => (productId === null ? [] : [{ productId, quantity }]))
}

/**
 * Claims the giving back of an order's stock (unpaid and expired, cancelled, or refunded), once: false when it was
 * claimed already. The caller gives the stock back to the catalogue in the same transaction.
 */
export async function claimStockRelease(db: Db, orderId: number): Promise<boolean> {
  const marked = await db
    .update(orders)
    .set({ stockReleasedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReleasedAt)))
    .returning({ id: orders.id })
  return marked.length > 0
}

/** The order holds its stock again (a payment that came in after its reservation ended took it back). */
export async function markStockRetaken(db: Db, orderId: number): Promise<void> {
  await db.update(orders).set({ stockReleasedAt: null }).where(eq(orders.id, orderId))
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
  paymentMethod: PaymentMethod
  subtotalCents: number
  voucherCode: string | null
  discountCents: number
  discountFunderBusinessId: number | null
  shippingCents: number
  delivery: DeliverySnapshot | null
  collectionCode: string | null
  vatCents: number
  totalCents: number
  vatRateBp: number
  idempotencyKey: string
  requestHash: string
  reservedUntil: Date
}

export async function insertOrder(db: Db, order: NewOrder): Promise<number> {
  const rows = await db.insert(orders).values(order).returning({ id: orders.id })
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
  discounts: { vendorDiscountCents: number; marketplaceDiscountCents: number } = {
    vendorDiscountCents: 0,
    marketplaceDiscountCents: 0,
  },
): Promise<number> {
  const rows = await db
    .insert(vendorOrders)
    .values({ orderId, businessId, subtotalCents, commissionCents, ...discounts })
    .returning({ id: vendorOrders.id })
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
  await db
    .insert(orderItems)
    .values(
      items.map((item) => ({ ...item, orderId, vendorOrderId, lineTotalCents: item.unitPriceCents * item.quantity })),
    )
}

const orderShape = {
  id: orders.id,
  order_number: orders.orderNumber,
  user_id: orders.userId,
  status: orders.status,
  first_name: orders.firstName,
  last_name: orders.lastName,
  email: orders.email,
  phone: orders.phone,
  shipping_address: orders.shippingAddress,
  billing_address: orders.billingAddress,
  notes: orders.notes,
  payment_method: orders.paymentMethod,
  subtotal_cents: orders.subtotalCents,
  voucher_code: orders.voucherCode,
  discount_cents: orders.discountCents,
  shipping_cents: orders.shippingCents,
  delivery: orders.delivery,
  collection_code: orders.collectionCode,
  vat_cents: orders.vatCents,
  total_cents: orders.totalCents,
  request_hash: orders.requestHash,
  reserved_until: orders.reservedUntil,
  stock_released_at: orders.stockReleasedAt,
  paid_at: orders.paidAt,
  cancel_reason: orders.cancelReason,
  created_at: orders.createdAt,
  updated_at: orders.updatedAt,
}

export type OrderRow = RowOf<typeof orderShape>

async function oneOrder(db: Db, where: SQL | undefined, lock: boolean): Promise<OrderRow | null> {
  const query = db.select(orderShape).from(orders).where(where)
  const rows = await (lock ? query.for('update') : query)
  return rows[0] ?? null
}

export function orderByNumber(db: Db, orderNumber: string, lock = false): Promise<OrderRow | null> {
  return oneOrder(db, eq(orders.orderNumber, orderNumber), lock)
}

export function orderById(db: Db, id: number, lock = false): Promise<OrderRow | null> {
  return oneOrder(db, eq(orders.id, id), lock)
}

export function orderByIdempotencyKey(db: Db, key: string): Promise<OrderRow | null> {
  return oneOrder(db, eq(orders.idempotencyKey, key), false)
}

export function ordersOfUser(db: Db, userId: number, limit: number): Promise<OrderRow[]> {
  return db
    .select(orderShape)
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
}

/** A vendor part's own columns, as every read of one selects them. */
export const vendorOrderShape = {
  id: vendorOrders.id,
  order_id: vendorOrders.orderId,
  business_id: vendorOrders.businessId,
  status: vendorOrders.status,
  subtotal_cents: vendorOrders.subtotalCents,
  marketplace_discount_cents: vendorOrders.marketplaceDiscountCents,
  tracking_note: vendorOrders.trackingNote,
  carrier: vendorOrders.carrier,
  tracking_reference: vendorOrders.trackingReference,
  processing_at: vendorOrders.processingAt,
  shipped_at: vendorOrders.shippedAt,
  at_station_at: vendorOrders.atStationAt,
  delivered_at: vendorOrders.deliveredAt,
  delivery_confirmed_at: vendorOrders.deliveryConfirmedAt,
  delivery_confirmed_by: vendorOrders.deliveryConfirmedBy,
  collected_at: vendorOrders.collectedAt,
  collected_via: vendorOrders.collectedVia,
  collected_by: vendorOrders.collectedBy,
  refused_at: vendorOrders.refusedAt,
}

export type VendorOrderRow = RowOf<typeof vendorOrderShape>

export async function vendorOrdersOf(db: Db, orderIds: number[]): Promise<VendorOrderRow[]> {
  if (orderIds.length === 0) return []
  return db
    .select(vendorOrderShape)
    .from(vendorOrders)
    .where(inArray(vendorOrders.orderId, orderIds))
    .orderBy(asc(vendorOrders.orderId), asc(vendorOrders.id))
}

const orderItemShape = {
  id: orderItems.id,
  order_id: orderItems.orderId,
  vendor_order_id: orderItems.vendorOrderId,
  product_id: orderItems.productId,
  product_name: orderItems.productName,
  product_slug: orderItems.productSlug,
  image_url: orderItems.imageUrl,
  unit_price_cents: orderItems.unitPriceCents,
  quantity: orderItems.quantity,
  line_total_cents: orderItems.lineTotalCents,
}

export type OrderItemRow = RowOf<typeof orderItemShape>

/** The lines of orders. */
export async function itemsOf(db: Db, orderIds: number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return []
  return db
    .select(orderItemShape)
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id))
}

export async function setOrderStatus(
  db: Db,
  orderId: number,
  status: string,
  extra: { paid?: boolean; cancelReason?: string } = {},
): Promise<void> {
  await db
    .update(orders)
    .set({
      status,
      updatedAt: sql`now()`,
      ...(extra.paid ? { paidAt: sql`now()`, reservedUntil: null, cancelledAt: null, cancelReason: null } : {}),
      ...(extra.cancelReason !== undefined
        ? { cancelledAt: sql`now()`, reservedUntil: null, cancelReason: extra.cancelReason }
        : {}),
    })
    .where(eq(orders.id, orderId))
}

/** Sets every vendor part of an order that is still in one of `from` to `status`. */
export async function setVendorOrdersStatus(db: Db, orderId: number, status: string, from: string[]): Promise<void> {
  await db
    .update(vendorOrders)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(vendorOrders.orderId, orderId), inArray(vendorOrders.status, from)))
}

/** Keeps a reservation going until at least `until` (a new payment attempt near its end). */
export async function extendReservation(db: Db, orderId: number, until: Date): Promise<void> {
  await db
    .update(orders)
    .set({ reservedUntil: sql`greatest(${orders.reservedUntil}, ${until.toISOString()}::timestamptz)` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')))
}

/** Sets every vendor part of an order to `status`, whatever it was (an admin's refund). */
export async function setAllPartsStatus(db: Db, orderId: number, status: string): Promise<void> {
  await db.update(vendorOrders).set({ status, updatedAt: sql`now()` }).where(eq(vendorOrders.orderId, orderId))
}

/** Whether one of the user's orders has a delivered part with the product in it. */
export async function hasDelivered(db: Db, userId: number, productId: number): Promise<boolean> {
  const rows = await typedRows(
    db,
    { delivered: value.bool },
    sql`select exists (select 1 from order_items i join vendor_orders v on v.id = i.vendor_order_id
          join orders o on o.id = i.order_id
          where i.product_id = ${productId} and o.user_id = ${userId} and v.status = 'delivered') as delivered`,
  )
  return rows[0]?.delivered ?? false
}

const paidPartShape = {
  vendor_order_id: vendorOrders.id,
  business_id: vendorOrders.businessId,
  order_number: orders.orderNumber,
  subtotal_cents: vendorOrders.subtotalCents,
  commission_cents: vendorOrders.commissionCents,
  first_name: orders.firstName,
  last_name: orders.lastName,
  city: value.text,
  county: value.text,
}

export type PaidPartRow = RowOf<typeof paidPartShape>

/** The order's vendor parts that are paid, with what their shops are told of the order. */
export function paidPartsOf(db: Db, orderId: number): Promise<PaidPartRow[]> {
  return typedRows(
    db,
    paidPartShape,
    sql`select v.id as vendor_order_id, v.business_id, o.order_number, v.subtotal_cents, v.commission_cents,
          o.first_name, o.last_name, o.shipping_address->>'city' as city, o.shipping_address->>'county' as county
        from vendor_orders v join orders o on o.id = v.order_id
        where v.order_id = ${orderId} and v.status = 'paid'
        order by v.id`,
  )
}

/** When the order's last vendor part was delivered (null while none was). */
export async function lastDeliveredAt(db: Db, orderId: number): Promise<Date | null> {
  const rows = await db
    .select({ at: sql<Date | null>`max(${vendorOrders.deliveredAt})`.mapWith(vendorOrders.deliveredAt) })
    .from(vendorOrders)
    .where(eq(vendorOrders.orderId, orderId))
  return rows[0]?.at ?? null
}

/**
 * Guest orders placed with `email` join the account `userId` (its email verified): the orders no account holds
 * yet. Answers the numbers of the orders claimed.
 */
export async function claimGuestOrders(db: Db, userId: number, email: string): Promise<string[]> {
  const rows = await db
    .update(orders)
    .set({ userId, updatedAt: sql`now()` })
    .where(and(isNull(orders.userId), sql`lower(${orders.email}) = lower(${email})`))
    .returning({ orderNumber: orders.orderNumber })
  return rows.map((row) => row.orderNumber)
}

/**
 * Whether a pay-on-delivery parcel of this shopper was refused at the door before: an order of their account, or
 * placed with their phone or email (a guest who refused once does not get pay on delivery with a new email alone).
 */
export async function hasRefusedDelivery(
  db: Db,
  shopper: { userId: number | null; phone: string | null; email: string },
): Promise<boolean> {
  const rows = await typedRows(
    db,
    { id: vendorOrders.id },
    sql`
    select v.id from vendor_orders v join orders o on o.id = v.order_id
    where v.refused_at is not null
      and (o.user_id = ${shopper.userId ?? -1} or o.phone = ${shopper.phone ?? ''}
           or lower(o.email) = ${shopper.email.trim().toLowerCase() || '-'})
    limit 1`,
  )
  return rows.length > 0
}

/** When a pay-on-delivery order's money was all collected (its status follows its parts, as it did). */
export async function markOrderPaid(db: Db, orderId: number): Promise<void> {
  await db
    .update(orders)
    .set({ paidAt: sql`coalesce(${orders.paidAt}, now())`, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
}
