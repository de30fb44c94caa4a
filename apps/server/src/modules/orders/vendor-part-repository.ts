import type { Db } from '@soko/db/client'
import { orderItems, orders, vendorOrders } from '@soko/db/schema/orders'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { OPEN_RETURN_STATES } from '@soko/domain/return-states'
import { type Carrier, type DeliveryConfirmer, type PartStage, statusOfStage } from '@soko/domain/vendor-part-states'
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm'

import { vendorOrderShape } from './repository.ts'

// SQL of vendor_orders as a shop works with them: its parts to fulfil, shipping and delivering them, and its sales
// and earnings. Every query is scoped by the shop (business) id.

const shopPartShape = {
  ...vendorOrderShape,
  commission_cents: vendorOrders.commissionCents,
  order_number: orders.orderNumber,
  created_at: vendorOrders.createdAt,
  order_paid_at: orders.paidAt,
  first_name: orders.firstName,
  last_name: orders.lastName,
  phone: orders.phone,
  shipping_address: orders.shippingAddress,
  delivery: orders.delivery,
  collection_code: orders.collectionCode,
  payment_method: orders.paymentMethod,
  order_shipping_cents: orders.shippingCents,
  order_vat_cents: orders.vatCents,
  collected_reference: vendorOrders.collectedReference,
}

export type ShopPartRow = RowOf<typeof shopPartShape>

const partColumns = sql`v.id, v.order_id, v.business_id, o.order_number, v.status, v.subtotal_cents, v.commission_cents,
  v.marketplace_discount_cents,
  v.tracking_note, v.carrier, v.tracking_reference, v.processing_at, v.shipped_at, v.delivered_at,
  v.delivery_confirmed_at, v.delivery_confirmed_by, v.created_at, o.paid_at as order_paid_at, o.first_name,
  o.last_name, o.phone, o.shipping_address, v.at_station_at, o.delivery, o.collection_code, v.collected_at,
  v.collected_via, v.collected_by, v.refused_at, o.payment_method, v.collected_reference,
  o.shipping_cents as order_shipping_cents, o.vat_cents as order_vat_cents`

/** The shop's parts whose money came in (unpaid ones are not the vendor's to act on), newest first. */
export function partsOfShop(db: Db, businessId: number): Promise<ShopPartRow[]> {
  return typedRows(
    db,
    shopPartShape,
    sql`select ${partColumns} from vendor_orders v join orders o on o.id = v.order_id
        where v.business_id = ${businessId} and v.status <> 'pending_payment'
        order by v.created_at desc, v.id desc limit 200`,
  )
}

export async function itemsOfParts(db: Db, partIds: number[]) {
  if (partIds.length === 0) return []
  return db
    .select({
      vendor_order_id: orderItems.vendorOrderId,
      product_name: orderItems.productName,
      quantity: orderItems.quantity,
      unit_price_cents: orderItems.unitPriceCents,
    })
    .from(orderItems)
    .where(inArray(orderItems.vendorOrderId, partIds))
    .orderBy(asc(orderItems.id))
}

/** One part with its order, both rows locked until the transaction ends. */
export async function lockPart(db: Db, partId: number): Promise<ShopPartRow | null> {
  const [row] = await typedRows(
    db,
    shopPartShape,
    sql`select ${partColumns} from vendor_orders v join orders o on o.id = v.order_id
        where v.id = ${partId} for update of v, o`,
  )
  return row ?? null
}

export interface PartMove {
  to: PartStage
  /** Shipping: how it travels. */
  shipping?: { carrier: Carrier; trackingReference: string; trackingNote: string }
  /** Receiving: who confirmed. */
  confirmedBy?: DeliveryConfirmer
  /** Pickup: the parcel reached its station (the part stays shipped; only the arrival is kept). */
  arrived?: true
}

/** Stores a part's move (its status and the time of the step); the statuses of all the order's parts after. */
export async function movePart(db: Db, part: { id: number; orderId: number }, move: PartMove): Promise<string[]> {
  const now = sql`now()`
  const step = {
    pending_payment: {},
    paid: {},
    processing: { processingAt: now },
    shipped: {
      shippedAt: now,
      carrier: move.shipping?.carrier ?? null,
      trackingReference: move.shipping?.trackingReference || null,
      trackingNote: move.shipping?.trackingNote || null,
    },
    // Confirmed straight from shipped: it was delivered when its shopper says it arrived.
    delivered: { deliveredAt: now },
    received: {
      deliveredAt: sql`coalesce(${vendorOrders.deliveredAt}, now())`,
      deliveryConfirmedAt: now,
      deliveryConfirmedBy: move.confirmedBy ?? 'shopper',
    },
    cancelled: {},
    refunded: {},
  }[move.to]
  if (move.arrived) {
    await db.update(vendorOrders).set({ atStationAt: now, updatedAt: now }).where(eq(vendorOrders.id, part.id))
    const rows = await db
      .select({ status: vendorOrders.status })
      .from(vendorOrders)
      .where(eq(vendorOrders.orderId, part.orderId))
    return rows.map((row) => row.status)
  }
  await db
    .update(vendorOrders)
    .set({ status: statusOfStage(move.to), updatedAt: now, ...step })
    .where(eq(vendorOrders.id, part.id))
  const rows = await db
    .select({ status: vendorOrders.status })
    .from(vendorOrders)
    .where(eq(vendorOrders.orderId, part.orderId))
  return rows.map((row) => row.status)
}

/** Vendor parts whose money came in (whatever happened to them since, short of cancelling). */
const PAID_PARTS = sql`('paid', 'processing', 'shipped', 'delivered')`
/** A part earns once its money is in: a pay-on-delivery part only when it was collected at the door. */
const EARNING = sql`(o.payment_method <> 'pay-on-delivery' or v.collected_at is not null)`
const OPEN_RETURNS = sql.raw(`(${OPEN_RETURN_STATES.map((state) => `'${state}'`).join(', ')})`)
/** Kenya keeps East Africa Time all year; days and months are counted there, whatever the server's zone. */
const NAIROBI = 'Africa/Nairobi'
const paidAt: SQL = sql`(coalesce(o.paid_at, v.created_at) at time zone ${NAIROBI})`
const today: SQL = sql`(now() at time zone ${NAIROBI})`

/** The shop's sales today and this month, orders today, and parts still to ship. */
export async function salesTotals(db: Db, businessId: number) {
  const [row] = await typedRows(
    db,
    { sales_today: value.int, orders_today: value.int, sales_month: value.int, to_fulfil: value.int },
    sql`select
          coalesce(sum(v.subtotal_cents) filter (where ${paidAt}::date = ${today}::date), 0)::int as sales_today,
          count(*) filter (where ${paidAt}::date = ${today}::date)::int as orders_today,
          coalesce(sum(v.subtotal_cents) filter (
            where date_trunc('month', ${paidAt}) = date_trunc('month', ${today})), 0)::int as sales_month,
          count(*) filter (where v.status in ('paid', 'processing'))::int as to_fulfil
        from vendor_orders v join orders o on o.id = v.order_id
        where v.business_id = ${businessId} and v.status in ${PAID_PARTS}`,
  )
  return row ?? null
}

/** The shop's sales and orders per Nairobi day over the last `days` days, oldest first (days without any too). */
export function salesSeries(db: Db, businessId: number, days: number) {
  return typedRows(
    db,
    { day: value.text, sales: value.int, orders: value.int },
    sql`with days as (
          select (${today}::date - n) as day from generate_series(0, ${days - 1}::int) as n
        ), sales as (
          select ${paidAt}::date as day, sum(v.subtotal_cents)::int as sales, count(*)::int as orders
          from vendor_orders v join orders o on o.id = v.order_id
          where v.business_id = ${businessId} and v.status in ${PAID_PARTS}
            and coalesce(o.paid_at, v.created_at) > now() - interval '32 days'
          group by 1
        )
        select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(sales.sales, 0)::int as sales,
          coalesce(sales.orders, 0)::int as orders
        from days left join sales on sales.day = days.day order by days.day`,
  )
}

/**
 * The net (subtotal less commission) of the shop's paid parts, summed by status, delivery confirmation and whether a
 * return is open: what the domain's balance (pending, available) is made of. Every paid part counts, not only the statement's last 200.
 */
export function earningParts(db: Db, businessId: number) {
  return typedRows(
    db,
    {
      status: vendorOrders.status,
      confirmed_at: vendorOrders.deliveryConfirmedAt,
      has_open_return: value.bool,
      net_cents: value.decimal,
    },
    sql`select v.status, v.delivery_confirmed_at as confirmed_at,
          exists (select 1 from returns r where r.vendor_order_id = v.id and r.state in ${OPEN_RETURNS}) as has_open_return,
          sum(v.subtotal_cents - v.commission_cents)::bigint::float8 as net_cents
        from vendor_orders v join orders o on o.id = v.order_id
        where v.business_id = ${businessId} and v.status in ${PAID_PARTS} and ${EARNING}
        group by 1, 2, 3`,
  )
}

/** The shop's paid parts as lines of its statement, newest first. */
export function earningLines(db: Db, businessId: number) {
  return typedRows(
    db,
    {
      id: vendorOrders.id,
      order_number: orders.orderNumber,
      date: value.timestamp,
      status: vendorOrders.status,
      subtotal_cents: vendorOrders.subtotalCents,
      commission_cents: vendorOrders.commissionCents,
      confirmed_at: vendorOrders.deliveryConfirmedAt,
      has_open_return: value.bool,
    },
    sql`select v.id, o.order_number, coalesce(o.paid_at, v.created_at) as date, v.status, v.subtotal_cents,
          v.commission_cents, v.delivery_confirmed_at as confirmed_at,
          exists (select 1 from returns r where r.vendor_order_id = v.id and r.state in ${OPEN_RETURNS}) as has_open_return
        from vendor_orders v join orders o on o.id = v.order_id
        where v.business_id = ${businessId} and v.status in ${PAID_PARTS} and ${EARNING}
        order by coalesce(o.paid_at, v.created_at) desc, v.id desc limit 200`,
  )
}

/** Every delivered part whose delivery was confirmed, with when (their money is released after the window). */
export function confirmedParts(db: Db): Promise<{ id: number; confirmed_at: Date | null }[]> {
  return db
    .select({ id: vendorOrders.id, confirmed_at: vendorOrders.deliveryConfirmedAt })
    .from(vendorOrders)
    .where(and(eq(vendorOrders.status, 'delivered'), isNotNull(vendorOrders.deliveryConfirmedAt)))
    .orderBy(asc(vendorOrders.id))
}

/** Pay on delivery: the part's money was taken at the door (how, by whom, the M-Pesa code if one was given). */
export async function recordCollection(
  db: Db,
  partId: number,
  collection: { via: string; by: string; reference: string | null },
): Promise<void> {
  await db
    .update(vendorOrders)
    .set({
      collectedAt: sql`now()`,
      collectedVia: collection.via,
      collectedBy: collection.by,
      collectedReference: collection.reference,
      updatedAt: sql`now()`,
    })
    .where(eq(vendorOrders.id, partId))
}

/** Pay on delivery: the shopper refused the parcel at the door; the part is cancelled with it. */
export async function recordRefusal(db: Db, partId: number): Promise<void> {
  await db
    .update(vendorOrders)
    .set({ refusedAt: sql`now()`, status: 'cancelled', updatedAt: sql`now()` })
    .where(eq(vendorOrders.id, partId))
}

/** The subtotals of every part of these orders: a part's share of its order's delivery fee and VAT needs them all. */
export function subtotalsOfOrders(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([])
  return db
    .select({
      id: vendorOrders.id,
      order_id: vendorOrders.orderId,
      subtotal_cents: vendorOrders.subtotalCents,
      marketplace_discount_cents: vendorOrders.marketplaceDiscountCents,
    })
    .from(vendorOrders)
    .where(inArray(vendorOrders.orderId, orderIds))
    .orderBy(asc(vendorOrders.id))
}
