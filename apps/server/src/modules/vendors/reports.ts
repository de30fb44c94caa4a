import type { Dashboard, PayoutSummary } from '@soko/contract/vendor'
import type { Db } from '@soko/db/client'
import { vendorAccount } from '@soko/domain/ledger'
import { centsToKes } from '@soko/domain/money'
import { PAYOUT_STATES, type PayoutState } from '@soko/domain/payout-states'
import {
  availableFrom,
  type EarningState,
  earningState,
  type VendorBalance,
  vendorBalance,
} from '@soko/domain/vendor-balance'
import type { Ctx } from '../../plugins/auth.ts'
import type { ShopProductService } from '../catalog/shop-products.ts'
import type { Ledger } from '../ledger/service.ts'
import type { VendorParts } from '../orders/vendor-parts.ts'
import type { ShopService } from './shop.ts'
import * as repo from './shop-repository.ts'

// A shop's figures: the dashboard (sales by Nairobi day and month, orders to ship, low stock) and what it is owed.
// Sales are the orders module's, stock the catalogue's, payouts this module's own. What the shop is owed is the
// ledger's (decision 0014): its pending, available and in-transit accounts; a delivered part's money moves from
// pending to available when its return window has passed (the release job). The statement's lines say where each
// part stands by the rules of packages/domain/src/vendor-balance.ts.

/** A shop's balance: the figures of `VendorBalance`, from the ledger, and what is on its way to M-Pesa. */
export interface LedgerVendorBalance extends VendorBalance {
  /** Payouts sent to M-Pesa whose result is not back yet (out of available, not paid out yet). */
  inTransitCents: number
  /**
   * Pay on delivery: what the shop's riders collected at the door and the shop still owes Soko (delivery fees, VAT
   * and commission), not yet set against its earnings. The balance is net of it.
   */
  owedCents: number
}

const SERIES_DAYS = 30

export interface PayoutRules {
  /** DELIVERY_CONFIRM_DAYS: a delivery confirms itself this long after the vendor marked it (shown, not applied here). */
  deliveryConfirmDays: number
  /** RETURN_WINDOW_DAYS: after a delivery's confirmation, how long its money stays pending. */
  returnWindowDays: number
  /** When the next scheduled payout runs; null when payouts are not scheduled (PAYOUT_SCHEDULE=off). */
  nextPayoutRun?: () => Date | null
}

/** A statement line's state: the statement holds paid parts only, so none of them is outside the balance. */
function statementEarning(state: EarningState): Exclude<EarningState, 'none'> {
  return state === 'none' ? 'awaiting' : state
}

function payoutState(state: string): PayoutState {
  const known = PAYOUT_STATES.find((candidate) => candidate === state)
  if (known === undefined) throw new Error(`a payout holds an unknown state ${state}`)
  return known
}

export class VendorReports {
  constructor(
    private readonly db: Db,
    private readonly shops: ShopService,
    private readonly parts: VendorParts,
    private readonly products: ShopProductService,
    private readonly ledger: Ledger,
    readonly rules: PayoutRules,
  ) {}

  /**
   * What the shop is owed, pending and available, at this moment, from the ledger; read in `t` when given (an
   * admin's payout reads it with the shop's row locked, so two payouts cannot both fit). Of the ledger's pending, the
   * net of parts paid but not delivered yet is shown apart (awaiting delivery); paid out is what M-Pesa confirmed.
   */
  async balance(businessId: number, t: Db = this.db): Promise<LedgerVendorBalance> {
    const [pending, available, inTransit, collected] = await this.ledger.balances(
      [
        vendorAccount('vendor_pending', businessId),
        vendorAccount('vendor_available', businessId),
        vendorAccount('vendor_payout_in_transit', businessId),
        vendorAccount('vendor_collected', businessId),
      ],
      t,
    )
    const paidOutCents = await this.ledger.settledPayoutsOf(businessId, t)
    const parts = await this.parts.earningParts(businessId, t)
    const { awaitingCents } = vendorBalance(parts, 0, {
      returnWindowDays: this.rules.returnWindowDays,
      now: new Date(),
    })
    const pendingCents = (pending?.balanceCents ?? 0) - awaitingCents
    const availableCents = available?.balanceCents ?? 0
    const inTransitCents = inTransit?.balanceCents ?? 0
    const owedCents = collected?.balanceCents ?? 0
    const balanceCents = pendingCents + availableCents + inTransitCents - owedCents
    return {
      awaitingCents,
      pendingCents,
      availableCents,
      earnedCents: balanceCents + paidOutCents,
      paidOutCents,
      balanceCents,
      inTransitCents,
      owedCents,
    }
  }

  async dashboard(ctx: Ctx): Promise<Dashboard> {
    const shop = await this.shops.requireOwnShop(ctx)
    const { totals, series } = await this.parts.sales(shop.id, SERIES_DAYS)
    const { counts, low } = await this.products.stockOfShop(shop.id)
    const balance = await this.balance(shop.id)
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
      pending: centsToKes(balance.pendingCents),
      available: centsToKes(balance.availableCents),
    }
  }

  /**
   * What the shop is owed: the net (subtotal less commission) of its delivered parts, less what was paid out; of it,
   * what is pending (confirmation, return window) and what is available to pay out.
   */
  async payouts(ctx: Ctx): Promise<PayoutSummary> {
    const shop = await this.shops.requireOwnShop(ctx)
    const balance = await this.balance(shop.id)
    const lines = await this.parts.earningLines(shop.id)
    const payouts = await repo.listPayouts(this.db, shop.id)
    const rules = { returnWindowDays: this.rules.returnWindowDays, now: new Date() }
    return {
      balance: centsToKes(balance.balanceCents),
      earned: centsToKes(balance.earnedCents),
      paidOut: centsToKes(balance.paidOutCents),
      awaitingDelivery: centsToKes(balance.awaitingCents),
      owedForCollections: centsToKes(balance.owedCents),
      pending: centsToKes(balance.pendingCents),
      available: centsToKes(balance.availableCents),
      deliveryConfirmDays: this.rules.deliveryConfirmDays,
      returnWindowDays: this.rules.returnWindowDays,
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
        earning: statementEarning(
          earningState(
            { status: line.status, confirmedAt: line.confirmed_at, hasOpenReturn: line.has_open_return },
            rules,
          ),
        ),
        availableFrom:
          line.status === 'delivered' && line.confirmed_at
            ? availableFrom(line.confirmed_at, this.rules.returnWindowDays).toISOString()
            : null,
      })),
      payouts: payouts.map((payout) => ({
        id: payout.id,
        amount: centsToKes(payout.amount_cents),
        reference: payout.mpesa_receipt ?? payout.reference,
        note: payout.note,
        date: payout.created_at.toISOString(),
        method: payout.method === 'mpesa_b2c' ? ('mpesa_b2c' as const) : ('manual' as const),
        state: payoutState(payout.state),
        failureReason: payout.failure_reason,
      })),
      nextPayoutRun: this.rules.nextPayoutRun?.()?.toISOString() ?? null,
    }
  }
}
