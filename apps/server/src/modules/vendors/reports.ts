import type { Dashboard, PayoutSummary } from '@soko/contract/vendor'
import { type Db, queryRows } from '@soko/db/client'
import { centsToKes } from '@soko/domain/money'
import { sql } from 'drizzle-orm'
import type { Ctx } from '../../plugins/auth.ts'
import type { ShopService } from './shop.ts'

// A shop's figures: the dashboard (sales by Nairobi day and month, orders to ship, low stock) and what it is owed.

/** Vendor parts whose money came in (whatever happened to them since, short of cancelling). */
const PAID_PARTS = sql`('paid', 'processing', 'shipped', 'delivered')`
/** Kenya keeps East Africa Time all year; days and months are counted there, whatever the server's zone. */
const NAIROBI = 'Africa/Nairobi'
const SERIES_DAYS = 30

export class VendorReports {
  constructor(
    private readonly db: Db,
    private readonly shops: ShopService,
  ) {}

  async dashboard(ctx: Ctx): Promise<Dashboard> {
    const shop = await this.shops.requireOwnShop(ctx)
    const paidAt = sql`(coalesce(o.paid_at, v.created_at) at time zone ${NAIROBI})`
    const today = sql`(now() at time zone ${NAIROBI})`
    const [totals] = await queryRows<{
      sales_today: number
      orders_today: number
      sales_month: number
      to_fulfil: number
    }>(
      this.db,
      sql`select
            coalesce(sum(v.subtotal_cents) filter (where ${paidAt}::date = ${today}::date), 0)::int as sales_today,
            count(*) filter (where ${paidAt}::date = ${today}::date)::int as orders_today,
            coalesce(sum(v.subtotal_cents) filter (
              where date_trunc('month', ${paidAt}) = date_trunc('month', ${today})), 0)::int as sales_month,
            count(*) filter (where v.status in ('paid', 'processing'))::int as to_fulfil
          from vendor_orders v join orders o on o.id = v.order_id
          where v.business_id = ${shop.id} and v.status in ${PAID_PARTS}`,
    )
    const [counts] = await queryRows<{ products: number; active: number; low: number }>(
      this.db,
      sql`select count(*)::int as products, count(*) filter (where is_active)::int as active,
            count(*) filter (where is_active and stock_qty <= low_stock_threshold)::int as low
          from products where business_id = ${shop.id}`,
    )
    const lowStock = await queryRows<{ id: number; name: string; slug: string; stock_qty: number; threshold: number }>(
      this.db,
      sql`select id, name, slug, stock_qty, low_stock_threshold as threshold from products
          where business_id = ${shop.id} and is_active and stock_qty <= low_stock_threshold
          order by stock_qty, name, id limit 10`,
    )
    const series = await queryRows<{ day: string; sales: number; orders: number }>(
      this.db,
      sql`with days as (
            select (${today}::date - n) as day from generate_series(0, ${SERIES_DAYS - 1}::int) as n
          ), sales as (
            select ${paidAt}::date as day, sum(v.subtotal_cents)::int as sales, count(*)::int as orders
            from vendor_orders v join orders o on o.id = v.order_id
            where v.business_id = ${shop.id} and v.status in ${PAID_PARTS}
              and coalesce(o.paid_at, v.created_at) > now() - interval '32 days'
            group by 1
          )
          select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(sales.sales, 0)::int as sales,
            coalesce(sales.orders, 0)::int as orders
          from days left join sales on sales.day = days.day order by days.day`,
    )
    return {
      salesToday: centsToKes(totals?.sales_today ?? 0),
      salesThisMonth: centsToKes(totals?.sales_month ?? 0),
      ordersToday: totals?.orders_today ?? 0,
      ordersToFulfil: totals?.to_fulfil ?? 0,
      productCount: counts?.products ?? 0,
      activeProductCount: counts?.active ?? 0,
      lowStockCount: counts?.low ?? 0,
      lowStock: lowStock.map((row) => ({
        id: row.id,
        name: row.name,
        slug: row.slug,
        stockQty: row.stock_qty,
        threshold: row.threshold,
      })),
      salesSeries: series.map((row) => ({ date: row.day, sales: centsToKes(row.sales), orders: row.orders })),
    }
  }

  /** What the shop is owed: the net (subtotal less commission) of its delivered parts, less what was paid out. */
  async payouts(ctx: Ctx): Promise<PayoutSummary> {
    const shop = await this.shops.requireOwnShop(ctx)
    const [totals] = await queryRows<{ earned: number; awaiting: number; paid_out: number }>(
      this.db,
      sql`select
            coalesce((select sum(subtotal_cents - commission_cents) from vendor_orders
              where business_id = ${shop.id} and status = 'delivered'), 0)::bigint::float8 as earned,
            coalesce((select sum(subtotal_cents - commission_cents) from vendor_orders
              where business_id = ${shop.id} and status in ('paid', 'processing', 'shipped')), 0)::bigint::float8
              as awaiting,
            coalesce((select sum(amount_cents) from payouts where business_id = ${shop.id}), 0)::bigint::float8
              as paid_out`,
    )
    const lines = await queryRows<{
      id: number
      order_number: string
      date: Date | string
      status: string
      subtotal_cents: number
      commission_cents: number
    }>(
      this.db,
      sql`select v.id, o.order_number, coalesce(o.paid_at, v.created_at) as date, v.status, v.subtotal_cents,
            v.commission_cents
          from vendor_orders v join orders o on o.id = v.order_id
          where v.business_id = ${shop.id} and v.status in ${PAID_PARTS}
          order by coalesce(o.paid_at, v.created_at) desc, v.id desc limit 200`,
    )
    const payouts = await queryRows<{
      id: number
      amount_cents: number
      reference: string
      note: string
      created_at: Date | string
    }>(
      this.db,
      sql`select id, amount_cents, reference, note, created_at from payouts where business_id = ${shop.id}
          order by created_at desc, id desc limit 200`,
    )
    const earned = Number(totals?.earned ?? 0)
    const paidOut = Number(totals?.paid_out ?? 0)
    return {
      balance: centsToKes(earned - paidOut),
      earned: centsToKes(earned),
      paidOut: centsToKes(paidOut),
      awaitingDelivery: centsToKes(Number(totals?.awaiting ?? 0)),
      payoutPhone: shop.payout_phone,
      lines: lines.map((line) => ({
        vendorOrderId: line.id,
        orderNumber: line.order_number,
        date: new Date(line.date).toISOString(),
        status: line.status,
        subtotal: centsToKes(line.subtotal_cents),
        commission: centsToKes(line.commission_cents),
        net: centsToKes(line.subtotal_cents - line.commission_cents),
        isOwed: line.status === 'delivered',
      })),
      payouts: payouts.map((payout) => ({
        id: payout.id,
        amount: centsToKes(payout.amount_cents),
        reference: payout.reference,
        note: payout.note,
        date: new Date(payout.created_at).toISOString(),
      })),
    }
  }
}
