import type { Dashboard, PayoutSummary, Statement, StatementQuery } from '@soko/contract/vendor'
import type { Db } from '@soko/db/client'
import { toCsv } from '@soko/domain/csv'
import { type Reference, vendorAccount } from '@soko/domain/ledger'
import { centsToKes } from '@soko/domain/money'
import { PAYOUT_STATES, type PayoutState } from '@soko/domain/payout-states'
import { REFUND_CAUSES } from '@soko/domain/refund-states'
import {
  buildStatement,
  type Movement,
  type MovementFacts,
  periodBounds,
  type Statement as ShopStatement,
  STATEMENT_CSV_TEXT_COLUMNS,
  statementCsvRows,
  statementFilename,
  statementPeriod,
} from '@soko/domain/statement'
import {
  availableFrom,
  type EarningState,
  earningState,
  type VendorBalance,
  vendorBalance,
} from '@soko/domain/vendor-balance'
import type { Ctx } from '../../plugins/auth.ts'
import { AppError } from '../../plugins/errors.ts'
import type { ShopProductService } from '../catalog/shop-products.ts'
import type { Ledger } from '../ledger/service.ts'
import type { VendorParts } from '../orders/vendor-parts.ts'
import type { ShopService } from './shop.ts'
import * as repo from './shop-repository.ts'
import { type ReferenceFacts, referenceFacts } from './statement-read-model.ts'

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

  /**
   * The shop's statement for a period (decision 0031): what Soko owed it at the start, every movement of that in
   * words, and what it owed at the end. A period the rules refuse is a 400 naming the field.
   */
  async statement(ctx: Ctx, query: StatementQuery, now = new Date()): Promise<Statement> {
    const shop = await this.shops.requireOwnShop(ctx)
    const statement = await this.shopStatement(shop.id, query, now)
    const kes = centsToKes
    return {
      shop: { name: shop.name, slug: shop.slug },
      period: statement.period,
      opening: kes(statement.openingCents),
      lines: statement.lines.map((line) => ({
        date: line.day,
        at: line.at.toISOString(),
        description: line.description,
        orderNumber: line.orderNumber,
        moneyIn: kes(line.inCents),
        moneyOut: kes(line.outCents),
        balance: kes(line.balanceCents),
      })),
      totalIn: kes(statement.totalInCents),
      totalOut: kes(statement.totalOutCents),
      closing: kes(statement.closingCents),
      closingSplit: {
        pending: kes(statement.closing.vendor_pending),
        available: kes(statement.closing.vendor_available),
        inTransit: kes(statement.closing.vendor_payout_in_transit),
        owedForCollections: kes(statement.closing.vendor_collected),
      },
    }
  }

  /** The same statement as a CSV file: its name (soko-statement-<shop>-<from>-<to>.csv) and text. */
  async statementCsv(ctx: Ctx, query: StatementQuery, now = new Date()): Promise<{ filename: string; text: string }> {
    const shop = await this.shops.requireOwnShop(ctx)
    const statement = await this.shopStatement(shop.id, query, now)
    return {
      filename: statementFilename(shop.slug, statement.period),
      text: toCsv(statementCsvRows(statement), STATEMENT_CSV_TEXT_COLUMNS),
    }
  }

  private async shopStatement(shopId: number, query: StatementQuery, now: Date): Promise<ShopStatement> {
    const checked = statementPeriod(query, now)
    if (!checked.ok) {
      const message = checked.errors.from?.[0] ?? checked.errors.to?.[0] ?? 'Choose another period.'
      throw new AppError('invalid_data', message, checked.errors)
    }
    const { start, end } = periodBounds(checked.period)
    const { opening, entries } = await this.ledger.vendorPeriod(shopId, start, end)
    const byTransaction = new Map<
      number,
      Omit<Movement, 'facts'> & { reference: Reference; entries: Movement['entries'][number][] }
    >()
    for (const entry of entries) {
      let movement = byTransaction.get(entry.transactionId)
      if (!movement) {
        movement = {
          transactionId: entry.transactionId,
          kind: entry.kind,
          at: entry.createdAt,
          memo: entry.memo,
          reference: entry.reference,
          entries: [],
        }
        byTransaction.set(entry.transactionId, movement)
      }
      movement.entries.push({ account: entry.account, side: entry.side, cents: entry.cents })
    }
    const movements = [...byTransaction.values()]
    const idsOf = (type: Reference['type']) => [
      ...new Set(movements.filter((m) => m.reference.type === type).map((m) => m.reference.id)),
    ]
    const facts = await referenceFacts(this.db, shopId, {
      payments: idsOf('payment'),
      parts: idsOf('vendor_part'),
      refunds: idsOf('refund'),
      payouts: idsOf('payout'),
    })
    return buildStatement(
      checked.period,
      opening,
      movements.map(({ reference, ...movement }) => ({ ...movement, facts: factsOf(reference, facts) })),
    )
  }
}

/** A ledger reference as what a shop knows it by: the order, the refund's cause, the payout's number and receipt. */
function factsOf(reference: Reference, facts: ReferenceFacts): MovementFacts {
  switch (reference.type) {
    case 'payment':
      return { orderNumber: facts.payments.get(reference.id) ?? null }
    case 'vendor_part':
      return { orderNumber: facts.parts.get(reference.id) ?? null }
    case 'refund': {
      const refund = facts.refunds.get(reference.id)
      return {
        orderNumber: refund?.orderNumber ?? null,
        refundCause: REFUND_CAUSES.find((cause) => cause === refund?.cause) ?? null,
      }
    }
    case 'payout': {
      const payout = facts.payouts.get(reference.id)
      if (!payout) return { payout: null }
      return {
        payout: {
          method: payout.method === 'mpesa_b2c' ? 'mpesa_b2c' : 'manual',
          phone: payout.phone,
          receipt: payout.receipt,
          reference: payout.reference || null,
        },
      }
    }
    case 'adjustment':
      return {}
  }
}
