import {
  type AdminC2bPayment,
  type AdminC2bPaymentsPage,
  type AdminC2bUnmatchedQuery,
  type AdminReconciliationQuery,
  type MpesaMovement,
  RECONCILIATION_MAX_DAYS,
  type ReconciliationPage,
  type ResolveC2bBody,
} from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { centsToKes } from '@soko/domain/money'
import type { OrderStatus } from '@soko/domain/order-states'
import { PAYBILL_PROBLEM_TEXT, type PaybillProblem } from '@soko/domain/paybill'
import { formatPhone } from '@soko/domain/phone'
import {
  countExceptions,
  EXCEPTION_LABELS,
  floatLedgerKey,
  MOVEMENT_KIND_LABELS,
  MOVEMENT_KINDS,
  type MovementFacts,
  type MovementKind,
  reconciliationExceptions,
} from '@soko/domain/reconciliation'
import { addDays, dayStart, daysIn, nairobiDay } from '@soko/domain/statement'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import type { AuditService } from '../../audit/service.ts'
import type { Ledger } from '../../ledger/service.ts'
import type { PaymentMovement, PaymentService } from '../../payments/service.ts'
import type { PayoutMovement, PayoutService } from '../../payouts/service.ts'
import { audited, isoOrNull, listPage, requireAdmin } from '../shared.ts'
import * as read from './c2b-read-model.ts'
import * as movementsRead from './movements-read-model.ts'

/** At most this many movements of each kind are read for one period (the answer says `truncated` past it). */
export const MOVEMENTS_READ_LIMIT = 2000

/** The period asked (Nairobi days, both included): by default the 7 days to today. */
export function reconciliationPeriod(
  query: Pick<AdminReconciliationQuery, 'from' | 'to'>,
  now = Date.now(),
): { from: Date; to: Date; fromDay: string; toDay: string } {
  const today = nairobiDay(new Date(now))
  // A From alone runs to today, or to the longest period's end when today is further.
  const longest = query.from === undefined ? today : addDays(query.from, RECONCILIATION_MAX_DAYS - 1)
  // biome-ignore lint/complexity/useMathMinMax: days are YYYY-MM-DD strings, compared as text; Math.min takes numbers
  const toDay = query.to ?? (longest < today ? longest : today)
  const fromDay = query.from ?? addDays(toDay, -6)
  if (fromDay > toDay)
    throw new AppError('invalid_data', 'From must not be after To.', { from: ['From must not be after To'] })
  if (daysIn({ from: fromDay, to: toDay }) > RECONCILIATION_MAX_DAYS) {
    const message = `The period must be at most ${RECONCILIATION_MAX_DAYS} days: choose a later From`
    throw new AppError('invalid_data', `${message}.`, { from: [message] })
  }
  return { from: dayStart(fromDay), to: dayStart(addDays(toDay, 1)), fromDay, toDay }
}

type Movement = PaymentMovement | PayoutMovement

const DIRECTION: Record<MovementKind, 'in' | 'out'> = { stk: 'in', paybill: 'in', payout: 'out', refund: 'out' }

/** The ledger transaction that moves the float for it, if it should have one. */
function ledgerKeyOf(movement: Movement): string | null {
  if (movement.kind === 'payout' || movement.kind === 'refund') return floatLedgerKey(movement.kind, movement.id)
  return movement.paymentId === null ? null : floatLedgerKey(movement.kind, movement.paymentId)
}

function toC2bPayment(row: read.AdminC2bRow): AdminC2bPayment {
  const reason = (row.problem ?? 'unknown_account') as PaybillProblem
  return {
    id: row.id,
    trans_id: row.trans_id,
    amount: centsToKes(row.amount_cents),
    account: row.bill_ref,
    msisdn: row.msisdn,
    first_name: row.first_name,
    business_number: row.short_code,
    reason,
    reason_text: PAYBILL_PROBLEM_TEXT[reason],
    refund_owed: row.refund_owed,
    order:
      row.order_id !== null && row.order_number !== null && row.order_status !== null
        ? { id: row.order_id, order_number: row.order_number, status: row.order_status as OrderStatus }
        : null,
    received_at: row.created_at.toISOString(),
    resolved_at: isoOrNull(row.resolved_at),
    resolution_note: row.resolution_note,
  }
}

/** The reconciliation list: Paybill payments that paid no order, and marking one handled. */
export class AdminReconciliationService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly payments: Pick<PaymentService, 'resolveC2b' | 'c2bById' | 'movements'>,
    private readonly payouts: Pick<PayoutService, 'movements'>,
    private readonly ledger: Pick<Ledger, 'floatMovements'>,
  ) {}

  /**
   * Every M-Pesa money movement of a period against the ledger, newest first, each judged by the domain's
   * `reconciliationExceptions`; the totals count the whole period (of the kind and search asked).
   */
  async movements(ctx: Ctx, query: AdminReconciliationQuery): Promise<ReconciliationPage> {
    requireAdmin(ctx)
    const { from, to, fromDay, toDay } = reconciliationPeriod(query)
    const period = { from, to, limit: MOVEMENTS_READ_LIMIT }
    const kinds: readonly MovementKind[] = query.kind ? [query.kind] : MOVEMENT_KINDS
    const paymentKinds = kinds.filter((kind): kind is 'stk' | 'paybill' | 'refund' => kind !== 'payout')
    const [ofPayments, ofPayouts] = await Promise.all([
      paymentKinds.length > 0 ? this.payments.movements(period, paymentKinds) : { movements: [], cut: false },
      kinds.includes('payout') ? this.payouts.movements(period) : { movements: [], cut: false },
    ])
    const all: Movement[] = [...ofPayments.movements, ...ofPayouts.movements]
    const keys = all.map(ledgerKeyOf).filter((key): key is string => key !== null)
    const orderIds = all.flatMap((m) => (m.kind !== 'payout' && m.orderId !== null ? [m.orderId] : []))
    const partIds = all.flatMap((m) => (m.kind === 'refund' && m.vendorOrderId !== null ? [m.vendorOrderId] : []))
    const shopIds = all.flatMap((m) => (m.kind === 'payout' ? [m.businessId] : []))
    const [floats, orderRows, partShops, shopRows] = await Promise.all([
      this.ledger.floatMovements(keys),
      movementsRead.ordersByIds(this.db, orderIds),
      movementsRead.shopsOfParts(this.db, partIds),
      movementsRead.shopsByIds(this.db, shopIds),
    ])
    const ordersById = new Map(orderRows.map((row) => [row.id, row]))
    const shopOfPart = new Map(partShops.map((row) => [row.part_id, { id: row.id, name: row.name }]))
    const shopsById = new Map(shopRows.map((row) => [row.id, { id: row.id, name: row.name }]))

    const items = all.map((movement): MpesaMovement => {
      const key = ledgerKeyOf(movement)
      const floatCents = key === null ? undefined : floats.get(key)
      const order = movement.kind === 'payout' || movement.orderId === null ? null : ordersById.get(movement.orderId)
      const shop =
        movement.kind === 'payout'
          ? (shopsById.get(movement.businessId) ?? null)
          : movement.kind === 'refund' && movement.vendorOrderId !== null
            ? (shopOfPart.get(movement.vendorOrderId) ?? null)
            : null
      const facts: MovementFacts = {
        ...movement.facts,
        ...(movement.kind === 'paybill' && movement.expectsOrderTotal && order
          ? { expectedCents: order.total_cents }
          : {}),
        ledger: key !== null && floatCents !== undefined ? { key, floatCents } : null,
      }
      const orderRef = order ? { id: order.id, order_number: order.order_number } : null
      return {
        kind: movement.kind,
        kind_label: MOVEMENT_KIND_LABELS[movement.kind],
        id: movement.id,
        direction: DIRECTION[movement.kind],
        receipt: movement.receipt,
        amount: centsToKes(movement.amountCents),
        phone: movement.phone === null ? null : formatPhone(movement.phone),
        at: movement.at.toISOString(),
        purpose: purposeOf(movement, orderRef, shop),
        order: orderRef,
        shop,
        ledger: facts.ledger === null ? null : { key: facts.ledger.key, amount: centsToKes(facts.ledger.floatCents) },
        handled:
          movement.kind === 'payout' ? null : movement.facts.handled ? (movement.handledNote ?? 'Handled') : null,
        exceptions: reconciliationExceptions(facts).map((e) => ({ ...e, label: EXCEPTION_LABELS[e.code] })),
      }
    })
    const words = query.q?.toLowerCase()
    const searched = words
      ? items.filter((item) =>
          [item.receipt, item.order?.order_number, item.shop?.name, item.purpose].some((text) =>
            text?.toLowerCase().includes(words),
          ),
        )
      : items
    searched.sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1))
    const counts = countExceptions(searched.map((item) => item.exceptions))
    const shown = query.exceptions === 'only' ? searched.filter((item) => item.exceptions.length > 0) : searched
    const start = (query.page - 1) * query.per_page
    return {
      count: shown.length,
      page: query.page,
      per_page: query.per_page,
      total_pages: Math.ceil(shown.length / query.per_page),
      results: shown.slice(start, start + query.per_page),
      from: fromDay,
      to: toDay,
      truncated: ofPayments.cut || ofPayouts.cut,
      totals: {
        movements: searched.length,
        with_exceptions: counts.movements,
        by_exception: {
          no_order: counts.no_order,
          sent_twice: counts.sent_twice,
          amount_differs: counts.amount_differs,
          not_in_ledger: counts.not_in_ledger,
          no_receipt: counts.no_receipt,
        },
      },
    }
  }

  list(ctx: Ctx, query: AdminC2bUnmatchedQuery): Promise<AdminC2bPaymentsPage> {
    return listPage(ctx, query, () => read.listUnmatched(this.db, query), toC2bPayment)
  }

  async resolve(ctx: Ctx, id: number, body: ResolveC2bBody): Promise<AdminC2bPayment> {
    await audited(ctx, this.db, this.audit, async (t, record) => {
      const row = await this.payments.c2bById(t, id)
      if (row === null || row.problem === null)
        throw new AppError('not_found', 'No unmatched Paybill payment with this id.')
      if (row.resolved_at !== null) throw new AppError('conflict', 'This payment was marked handled already.')
      const admin = ctx.user
      if (!admin || !(await this.payments.resolveC2b(t, id, admin.id, body.note))) {
        throw new AppError('conflict', 'This payment was marked handled already.')
      }
      await record({
        action: 'c2b.resolved',
        subjectType: 'c2b_payment',
        subjectId: id,
        detail: { name: row.trans_id, reason: body.note, problem: row.problem },
      })
    })
    const row = await read.getUnmatched(this.db, id)
    if (!row) throw new AppError('not_found', 'No unmatched Paybill payment with this id.')
    return toC2bPayment(row)
  }
}

/** What a movement was for, in words. */
function purposeOf(movement: Movement, order: { order_number: string } | null, shop: { name: string } | null): string {
  switch (movement.kind) {
    case 'stk':
      return order ? `Payment for order ${order.order_number}` : 'Payment for an order no longer here'
    case 'paybill':
      if (order && movement.paymentId !== null) return `Payment for order ${order.order_number}`
      if (order) return `Paid to the Paybill for order ${order.order_number} (account "${movement.account ?? ''}")`
      return `Paid to the Paybill for account "${movement.account ?? ''}": no such order`
    case 'refund':
      return `Refund of order ${order?.order_number ?? '(unknown)'}${shop ? ` (${shop.name})` : ''}`
    case 'payout':
      return `Payout to ${shop?.name ?? 'a shop'}`
  }
}
