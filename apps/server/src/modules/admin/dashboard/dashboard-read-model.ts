import { type Db, queryRows } from '@soko/db/client'
import { sql } from 'drizzle-orm'

// The dashboard's figures, read across orders, payments, users, products, shops and contact messages (read only).
// Days and months are Nairobi's (UTC+3, no daylight saving), whatever the server's zone.

const TZ = 'Africa/Nairobi'
const today = sql`(now() at time zone ${TZ})::date`
const localDate = (column: ReturnType<typeof sql>) => sql`(${column} at time zone ${TZ})::date`
const thisMonth = (column: ReturnType<typeof sql>) =>
  sql`date_trunc('month', ${column} at time zone ${TZ}) = date_trunc('month', now() at time zone ${TZ})`

/** Orders whose money is in and stays in (not cancelled, not refunded). */
const paidOrder = sql`o.status in ('paid', 'processing', 'shipped', 'delivered') and o.paid_at is not null`

export function ordersByStatus(db: Db): Promise<{ status: string; count: number }[]> {
  return queryRows(db, sql`select status, count(*)::int as count from orders group by status`)
}

export async function revenue(db: Db): Promise<{ today: number; month: number; all_time: number }> {
  const [row] = await queryRows<{ today: number; month: number; all_time: number }>(
    db,
    sql`select
          coalesce(sum(o.total_cents) filter (where ${localDate(sql`o.paid_at`)} = ${today}), 0)::float8 as today,
          coalesce(sum(o.total_cents) filter (where ${thisMonth(sql`o.paid_at`)}), 0)::float8 as month,
          coalesce(sum(o.total_cents), 0)::float8 as all_time
        from orders o where ${paidOrder}`,
  )
  return row ?? { today: 0, month: 0, all_time: 0 }
}

export async function commission(db: Db): Promise<{ month: number; all_time: number }> {
  const [row] = await queryRows<{ month: number; all_time: number }>(
    db,
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
  const [row] = await queryRows<{
    customer: number
    vendor: number
    superuser: number
    new_this_month: number
    disabled: number
  }>(
    db,
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
  const [row] = await queryRows<{ active: number; inactive: number; out_of_stock: number }>(
    db,
    sql`select count(*) filter (where is_active)::int as active, count(*) filter (where not is_active)::int as inactive,
          count(*) filter (where is_active and stock_qty = 0)::int as out_of_stock
        from products`,
  )
  return row ?? { active: 0, inactive: 0, out_of_stock: 0 }
}

export async function shops(db: Db): Promise<{ verified: number; unverified: number; suspended: number }> {
  const [row] = await queryRows<{ verified: number; unverified: number; suspended: number }>(
    db,
    sql`select count(*) filter (where is_active and is_verified)::int as verified,
          count(*) filter (where is_active and not is_verified)::int as unverified,
          count(*) filter (where not is_active)::int as suspended
        from businesses`,
  )
  return row ?? { verified: 0, unverified: 0, suspended: 0 }
}

/** The last 30 Nairobi days, oldest first, each with its paid orders (days without any included). */
export function salesSeries(db: Db): Promise<{ date: string; orders: number; revenue_cents: number }[]> {
  return queryRows(
    db,
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

export async function quickActions(db: Db): Promise<{ unhandled_contact_messages: number; refunds_due: number }> {
  const [row] = await queryRows<{ unhandled_contact_messages: number; refunds_due: number }>(
    db,
    sql`select (select count(*)::int from contact_messages where handled_at is null) as unhandled_contact_messages,
          (select count(distinct order_id)::int from payments where status = 'refund_due') as refunds_due`,
  )
  return row ?? { unhandled_contact_messages: 0, refunds_due: 0 }
}

export interface RecentOrderRow {
  id: number
  order_number: string
  status: string
  first_name: string
  last_name: string
  total_cents: number
  created_at: Date | string
}

export function recentOrders(db: Db, limit: number): Promise<RecentOrderRow[]> {
  return queryRows<RecentOrderRow>(
    db,
    sql`select id, order_number, status, first_name, last_name, total_cents, created_at from orders
        order by created_at desc, id desc limit ${limit}`,
  )
}
