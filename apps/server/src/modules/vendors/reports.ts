import type { Dashboard, PayoutSummary } from '@soko/contract/vendor'
import type { Db } from '@soko/db/client'
import { centsToKes } from '@soko/domain/money'
import type { Ctx } from '../../plugins/auth.ts'
import type { ShopProductService } from '../catalog/shop-products.ts'
import type { VendorParts } from '../orders/vendor-parts.ts'
import type { ShopService } from './shop.ts'
import * as repo from './shop-repository.ts'

// A shop's figures: the dashboard (sales by Nairobi day and month, orders to ship, low stock) and what it is owed.
// Sales are the orders module's, stock the catalogue's, payouts this module's own.

const SERIES_DAYS = 30

export class VendorReports {
  constructor(
    private readonly db: Db,
    private readonly shops: ShopService,
    private readonly parts: VendorParts,
    private readonly products: ShopProductService,
  ) {}

  async dashboard(ctx: Ctx): Promise<Dashboard> {
    const shop = await this.shops.requireOwnShop(ctx)
    const { totals, series } = await this.parts.sales(shop.id, SERIES_DAYS)
    const { counts, low } = await this.products.stockOfShop(shop.id)
    return {
      salesToday: centsToKes(totals?.sales_today ?? 0),
      salesThisMonth: centsToKes(totals?.sales_month ?? 0),
      ordersToday: totals?.orders_today ?? 0,
      ordersToFulfil: totals?.to_fulfil ?? 0,
      productCount: counts.products,
      activeProductCount: counts.active,
      lowStockCount: counts.low,
      lowStock: low.map((row) => ({
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
    const { totals, lines } = await this.parts.earnings(shop.id)
    const paidOut = await repo.paidOut(this.db, shop.id)
    const payouts = await repo.listPayouts(this.db, shop.id)
    const earned = Number(totals?.earned ?? 0)
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
        date: payout.created_at.toISOString(),
      })),
    }
  }
}
