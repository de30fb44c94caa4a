import type { AdminOrdersQuery } from '@soko/contract/admin'
import { type Db, queryRows } from '@soko/db/client'
import { type SQL, sql } from 'drizzle-orm'
import { readPage } from '../page-read-model.ts'
import { likePattern } from '../shared.ts'

// Orders as the admin area reads them: any shopper's, with their shops, every payment attempt and what the providers
// said. Read only: a refund is the refund-order flow's (src/flows/refund-order.ts).

export interface AdminOrderRow {
  id: number
  order_number: string
  status: string
  first_name: string
  last_name: string
  email: string
  phone: string
  user_id: number | null
  total_cents: number
  payment_method: 'mpesa' | 'credit-card'
  payment_status: string | null
  vendor_count: number
  created_at: Date | string
  paid_at: Date | string | null
}

const summaryColumns = sql`o.id, o.order_number, o.status, o.first_name, o.last_name, o.email, o.phone, o.user_id,
  o.total_cents, o.payment_method, o.created_at, o.paid_at,
  (select p.status from payments p where p.order_id = o.id order by p.created_at desc, p.id desc limit 1)
    as payment_status,
  (select count(*)::int from vendor_orders v where v.order_id = o.id) as vendor_count`

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
  return readPage(db, query, { columns: summaryColumns, from: sql`orders o`, where: filters(query), orderBy })
}

export async function getOrderSummary(db: Db, id: number): Promise<AdminOrderRow | null> {
  const rows = await queryRows<AdminOrderRow>(db, sql`select ${summaryColumns} from orders o where o.id = ${id}`)
  return rows[0] ?? null
}

export interface PartRow {
  id: number
  business_id: number
  business_name: string
  business_slug: string
  status: string
  subtotal_cents: number
  commission_cents: number
  tracking_note: string | null
  shipped_at: Date | string | null
  delivered_at: Date | string | null
}

export function partsOf(db: Db, orderId: number): Promise<PartRow[]> {
  return queryRows<PartRow>(
    db,
    sql`select v.id, v.business_id, b.name as business_name, b.slug as business_slug, v.status, v.subtotal_cents,
          v.commission_cents, v.tracking_note, v.shipped_at, v.delivered_at
        from vendor_orders v join businesses b on b.id = v.business_id
        where v.order_id = ${orderId} order by v.id`,
  )
}

export interface PaymentRow {
  id: number
  method: string
  status: string
  amount_cents: number
  phone: string | null
  reference: string
  receipt: string | null
  result_desc: string | null
  created_at: Date | string
  settled_at: Date | string | null
}

export function paymentsOf(db: Db, orderId: number): Promise<PaymentRow[]> {
  return queryRows<PaymentRow>(
    db,
    sql`select id, method, status, amount_cents, phone, reference, receipt, result_desc, created_at, settled_at
        from payments where order_id = ${orderId} order by created_at, id`,
  )
}

export interface EventRow {
  id: number
  payment_id: number
  source: string
  outcome: string
  created_at: Date | string
}

export function eventsOf(db: Db, orderId: number): Promise<EventRow[]> {
  return queryRows<EventRow>(
    db,
    sql`select e.id::int as id, e.payment_id, e.source, e.outcome, e.created_at
        from payment_events e join payments p on p.id = e.payment_id
        where p.order_id = ${orderId} order by e.created_at, e.id`,
  )
}
