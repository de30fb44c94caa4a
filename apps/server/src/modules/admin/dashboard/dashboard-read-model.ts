import type { Db } from '@soko/db/client'
import { orders } from '@soko/db/schema/orders'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { desc, sql } from 'drizzle-orm'

// The dashboard's figures, read across orders, payments, users, products, shops and contact messages (read only).
// Days and months are Nairobi's (UTC+3, no daylight saving), whatever the server's zone.

const TZ = 'Africa/Nairobi'
const today = sql`(now() at time zone ${TZ})::date`
const localDate = (column: ReturnType<typeof sql>) => sql`(${column} at time zone ${TZ})::date`
const thisMonth = (column: ReturnType<typeof sql>) =>
  sql`date_trunc('month', ${column} at time zone ${TZ}) = date_trunc('month', now() at time zone ${TZ})`

/** Orders whose money is in and stays in (not cancelled, not refunded). */
const paidOrder = sql`o.status in ('paid', 'processing', 'shipped', 'delivered') and o.paid_at is not null`

export function ordersByStatus(db: Db) {
  return typedRows(
    db,
    { status: orders.status, count: value.int },
    sql`select status, count(*)::int as count from orders group by status`,
  )
}

export async function revenue(db: Db): Promise<{ today: number; month: number; all_time: number }> {
  const [row] = await typedRows(
    db,
    { today: value.decimal, month: value.decimal, all_time: value.decimal },
    sql`select
          coalesce(sum(o.total_cents) filter (where ${localDate(sql`o.paid_at`)} = ${today}), 0)::float8 as today,
          coalesce(sum(o.total_cents) filter (where ${thisMonth(sql`o.paid_at`)}), 0)::float8 as month,
          coalesce(sum(o.total_cents), 0)::float8 as all_time
        from orders o where ${paidOrder}`,
  )
  return row ?? { today: 0, month: 0, all_time: 0 }
}

export async function commission(db: Db): Promise<{ month: number; all_time: number }> {
  const [row] = await typedRows(
    db,
    { month: value.decimal, all_time: value.decimal },
    sql`select coalesce(sum(v.commission_cents) filter (where ${thisMonth(sql`o.paid_at`)}), 0)::float8 as month,
          coalesce(sum(v.commission_cents), 0)::float8 as all_time
        from vendor_orders v join orders o on o.id = v.order_id
        where ${paidOrder} and v.status in ('paid', 'processing', 'shipped', 'delivered')`,
  )
  return row ?? { month: 0, all_time: 0 }
}

export async function users(
  db: Db,
): Promise<{ customer: number; vendor: number; superuser: number; new_this_month: number; disabled: number }> {
  const [row] = await typedRows(
    db,
    { customer: value.int, vendor: value.int, superuser: value.int, new_this_month: value.int, disabled: value.int },
    sql`select count(*) filter (where role = 'customer')::int as customer,
          count(*) filter (where role = 'vendor')::int as vendor,
          count(*) filter (where role = 'superuser')::int as superuser,
          count(*) filter (where ${thisMonth(sql`created_at`)})::int as new_this_month,
          count(*) filter (where disabled_at is not null)::int as disabled
        from users`,
  )
  return row ?? { customer: 0, vendor: 0, superuser: 0, new_this_month: 0, disabled: 0 }
}

export async function products(db: Db): Promise<{ active: number; inactive: number; out_of_stock: number }> {
  const [row] = await typedRows(
    db,
    { active: value.int, inactive: value.int, out_of_stock: value.int },
    sql`select count(*) filter (where is_active)::int as active, count(*) filter (where not is_active)::int as inactive,
          count(*) filter (where is_active and stock_qty = 0)::int as out_of_stock
        from products`,
  )
  return row ?? { active: 0, inactive: 0, out_of_stock: 0 }
}

export async function shops(db: Db): Promise<{ verified: number; unverified: number; suspended: number }> {
  const [row] = await typedRows(
    db,
    { verified: value.int, unverified: value.int, suspended: value.int },
    sql`select count(*) filter (where is_active and is_verified)::int as verified,
          count(*) filter (where is_active and not is_verified)::int as unverified,
          count(*) filter (where not is_active)::int as suspended
        from businesses`,
  )
  return row ?? { verified: 0, unverified: 0, suspended: 0 }
}

/** The last 30 Nairobi days, oldest first, each with its paid orders (days without any included). */
export function salesSeries(db: Db) {
  return typedRows(
    db,
    { date: value.text, orders: value.int, revenue_cents: value.decimal },
    sql`with days as (
          select (${today} - offs)::date as day from generate_series(0, 29) as offs
        )
        select to_char(d.day, 'YYYY-MM-DD') as date, count(o.id)::int as orders,
          coalesce(sum(o.total_cents), 0)::float8 as revenue_cents
        from days d
        left join orders o on ${localDate(sql`o.paid_at`)} = d.day and ${paidOrder}
        group by d.day order by d.day`,
  )
}

export async function quickActions(
  db: Db,
): Promise<{ unhandled_contact_messages: number; refunds_due: number; failed_refunds: number }> {
  const [row] = await typedRows(
    db,
    { unhandled_contact_messages: value.int, refunds_due: value.int, failed_refunds: value.int },
    sql`select (select count(*)::int from contact_messages where handled_at is null) as unhandled_contact_messages,
          (select count(distinct order_id)::int from payments where status = 'refund_due') as refunds_due,
          (select count(*)::int from refunds where state = 'failed') as failed_refunds`,
  )
  return row ?? { unhandled_contact_messages: 0, refunds_due: 0, failed_refunds: 0 }
}

const recentOrderShape = {
  id: orders.id,
  order_number: orders.orderNumber,
  status: orders.status,
  first_name: orders.firstName,
  last_name: orders.lastName,
  total_cents: orders.totalCents,
  created_at: orders.createdAt,
}

export type RecentOrderRow = RowOf<typeof recentOrderShape>

export function recentOrders(db: Db, limit: number): Promise<RecentOrderRow[]> {
  return db.select(recentOrderShape).from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit)
}
