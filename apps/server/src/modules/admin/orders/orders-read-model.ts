import type { AdminOrdersQuery } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { orders, vendorOrders } from '@soko/db/schema/orders'
import { paymentEvents, payments } from '@soko/db/schema/payments'
import { businesses } from '@soko/db/schema/vendors'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { asc, eq, type SQL, sql } from 'drizzle-orm'
import { readPage } from '../page-read-model.ts'
import { likePattern } from '../shared.ts'

// Orders as the admin area reads them: any shopper's, with their shops, every payment attempt and what the providers
// said. Read only: a refund is the refund-order flow's (src/flows/refund-order.ts).

const summaryShape = {
  id: orders.id,
  order_number: orders.orderNumber,
  status: orders.status,
  first_name: orders.firstName,
  last_name: orders.lastName,
  email: orders.email,
  phone: orders.phone,
  user_id: orders.userId,
  total_cents: orders.totalCents,
  payment_method: orders.paymentMethod,
  created_at: orders.createdAt,
  paid_at: orders.paidAt,
  payment_status: value.nullable(payments.status),
  vendor_count: value.int,
  waiting_since: value.nullable(value.timestamp),
}

export type AdminOrderRow = RowOf<typeof summaryShape>

const summaryColumns = sql`o.id, o.order_number, o.status, o.first_name, o.last_name, o.email, o.phone, o.user_id,
  o.total_cents, o.payment_method, o.created_at, o.paid_at,
  (select p.status from payments p where p.order_id = o.id order by p.created_at desc, p.id desc limit 1)
    as payment_status,
  (select count(*)::int from vendor_orders v where v.order_id = o.id) as vendor_count,
  (select min(v.at_station_at) from vendor_orders v where v.order_id = o.id and v.status = 'shipped')
    as waiting_since`

function filters(query: AdminOrdersQuery): SQL {
  const where: SQL[] = [sql`true`]
  if (query.status) where.push(sql`o.status = ${query.status}`)
  if (query.payment_status) {
    where.push(sql`exists (select 1 from payments p where p.order_id = o.id and p.status = ${query.payment_status})`)
  }
  if (query.q) {
    const q = query.q
    const digits = q.replace(/\D/g, '')
    // A phone as typed (0712 345 678) matches the stored E.164 (+254712345678) by its last nine digits.
    const phone = digits.length >= 6 ? sql` or o.phone like ${`%${digits.replace(/^(254|0)/, '')}%`}` : sql``
    where.push(
      sql`(o.order_number ilike ${likePattern(q)} or o.email ilike ${likePattern(q)}
           or concat_ws(' ', o.first_name, o.last_name) ilike ${likePattern(q)}${phone})`,
    )
  }
  return sql.join(where, sql` and `)
}

export function listOrders(db: Db, query: AdminOrdersQuery): Promise<{ count: number; rows: AdminOrderRow[] }> {
  const orderBy = sql`o.created_at desc, o.id desc`
  return readPage(db, query, {
    shape: summaryShape,
    columns: summaryColumns,
    from: sql`orders o`,
    where: filters(query),
    orderBy,
  })
}

export async function getOrderSummary(db: Db, id: number): Promise<AdminOrderRow | null> {
  const rows = await typedRows(db, summaryShape, sql`select ${summaryColumns} from orders o where o.id = ${id}`)
  return rows[0] ?? null
}

const partShape = {
  id: vendorOrders.id,
  business_id: vendorOrders.businessId,
  business_name: businesses.name,
  business_slug: businesses.slug,
  status: vendorOrders.status,
  subtotal_cents: vendorOrders.subtotalCents,
  commission_cents: vendorOrders.commissionCents,
  tracking_note: vendorOrders.trackingNote,
  carrier: vendorOrders.carrier,
  tracking_reference: vendorOrders.trackingReference,
  shipped_at: vendorOrders.shippedAt,
  delivered_at: vendorOrders.deliveredAt,
  delivery_confirmed_at: vendorOrders.deliveryConfirmedAt,
  delivery_confirmed_by: vendorOrders.deliveryConfirmedBy,
  at_station_at: vendorOrders.atStationAt,
  collected_at: vendorOrders.collectedAt,
  collected_via: vendorOrders.collectedVia,
  collected_by: vendorOrders.collectedBy,
  collected_reference: vendorOrders.collectedReference,
  refused_at: vendorOrders.refusedAt,
}

export type PartRow = RowOf<typeof partShape>

export function partsOf(db: Db, orderId: number): Promise<PartRow[]> {
  return typedRows(
    db,
    partShape,
    sql`select v.id, v.business_id, b.name as business_name, b.slug as business_slug, v.status, v.subtotal_cents,
          v.commission_cents, v.tracking_note, v.carrier, v.tracking_reference, v.shipped_at, v.delivered_at,
          v.delivery_confirmed_at, v.delivery_confirmed_by, v.at_station_at, v.collected_at, v.collected_via,
          v.collected_by, v.collected_reference, v.refused_at
        from vendor_orders v join businesses b on b.id = v.business_id
        where v.order_id = ${orderId} order by v.id`,
  )
}

const paymentShape = {
  id: payments.id,
  method: payments.method,
  status: payments.status,
  amount_cents: payments.amountCents,
  phone: payments.phone,
  reference: payments.reference,
  receipt: payments.receipt,
  result_desc: payments.resultDesc,
  created_at: payments.createdAt,
  settled_at: payments.settledAt,
}

export type PaymentRow = RowOf<typeof paymentShape>

export function paymentsOf(db: Db, orderId: number): Promise<PaymentRow[]> {
  return db
    .select(paymentShape)
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id))
}

const eventShape = {
  id: value.int,
  payment_id: paymentEvents.paymentId,
  source: paymentEvents.source,
  outcome: paymentEvents.outcome,
  created_at: paymentEvents.createdAt,
}

export type EventRow = RowOf<typeof eventShape>

export function eventsOf(db: Db, orderId: number): Promise<EventRow[]> {
  return typedRows(
    db,
    eventShape,
    sql`select e.id::int as id, e.payment_id, e.source, e.outcome, e.created_at
        from payment_events e join payments p on p.id = e.payment_id
        where p.order_id = ${orderId} order by e.created_at, e.id`,
  )
}
