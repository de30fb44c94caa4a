import { formatKes } from './money.ts'

// Reconciling M-Pesa against the ledger (docs/decisions/0032-reconciliation.md): each money movement at M-Pesa (an STK
// payment, a Paybill payment, a B2C payout, a B2C refund), what M-Pesa said of it, what it was for and the ledger
// transaction it should have, judged by one pure rule into the exceptions an admin must look at.

export const MOVEMENT_KINDS = ['stk', 'paybill', 'payout', 'refund'] as const
export type MovementKind = (typeof MOVEMENT_KINDS)[number]

export const MOVEMENT_KIND_LABELS: Record<MovementKind, string> = {
  stk: 'M-Pesa payment (STK)',
  paybill: 'Paybill payment (C2B)',
  payout: 'Payout to a shop (B2C)',
  refund: 'Refund to a shopper (B2C)',
}

export const EXCEPTION_CODES = ['no_order', 'sent_twice', 'amount_differs', 'not_in_ledger', 'no_receipt'] as const
export type ExceptionCode = (typeof EXCEPTION_CODES)[number]

export const EXCEPTION_LABELS: Record<ExceptionCode, string> = {
  no_order: 'Paid, no order',
  sent_twice: 'Moved twice',
  amount_differs: 'Amount differs',
  not_in_ledger: 'Not in the ledger',
  no_receipt: 'No M-Pesa receipt',
}

/** One success M-Pesa reported: a callback, a confirmation, a B2C Result or a Transaction Status answer. */
export interface MpesaSuccess {
  /** The M-Pesa receipt (TransID for Paybill); null when the message carried none. */
  receipt: string | null
  amountCents: number
}

/** What is known of one movement. */
export interface MovementFacts {
  kind: MovementKind
  /**
   * What Soko asked for or sent: the STK payment's amount, the named order's total (Paybill), the payout's or the
   * refund's amount. Null when there is nothing to compare with (a Paybill payment naming no order).
   */
  expectedCents: number | null
  /** Every success M-Pesa reported for it, applied or not (repeats included). */
  successes: readonly MpesaSuccess[]
  /**
   * How Soko took the money: `taken` (it paid its order, or the payout or refund is settled), `no_order` (money in
   * for no order that could take it: a Paybill payment that matched nothing, an STK payment after its order was
   * cancelled or paid by other means), `open` (not settled: a payment still waiting, a payout or refund not confirmed
   * or failed).
   */
  standing: 'taken' | 'no_order' | 'open'
  /** The ledger transaction that moves the M-Pesa float for it, and by how much; null when none is posted. */
  ledger: { key: string; floatCents: number } | null
  /** A Paybill payment an admin marked handled: its exceptions are dealt with. */
  handled: boolean
  /** Why it paid no order, in words (the Paybill problem, or the late payment's reason). */
  noOrderReason?: string
}

export interface ReconciliationException {
  code: ExceptionCode
  /** The admin's words: what is wrong, with the figures. */
  text: string
}

const WHAT_MPESA_SAYS: Record<MovementKind, string> = {
  stk: 'the callback says',
  paybill: 'M-Pesa received',
  payout: "M-Pesa's Result says",
  refund: "M-Pesa's Result says",
}

const WHAT_WAS_ASKED: Record<MovementKind, string> = {
  stk: 'asked',
  paybill: 'order total',
  payout: 'payout of',
  refund: 'refund of',
}

/** The distinct receipts among the successes, in the order first seen. */
export function distinctReceipts(successes: readonly MpesaSuccess[]): string[] {
  const seen: string[] = []
  for (const success of successes) {
    if (success.receipt !== null && !seen.includes(success.receipt)) seen.push(success.receipt)
  }
  return seen
}

/** The money M-Pesa moved for it: the first success's amount, or null when M-Pesa reported none. */
export function mpesaCents(facts: MovementFacts): number | null {
  return facts.successes[0]?.amountCents ?? null
}

/**
 * The exceptions of one movement, in a fixed order (no order, moved twice, amount, ledger, receipt). The rules:
 * - **no_order**: money came in (`standing` no_order) that no order took;
 * - **sent_twice**: M-Pesa reported two or more different receipts for it (the same receipt again is a repeat);
 * - **amount_differs**: a success's amount is not what was asked or sent, or the ledger's float movement is not what
 *   M-Pesa moved;
 * - **not_in_ledger**: M-Pesa reported success, yet no ledger transaction moves the float for it (a Paybill payment
 *   for no order is left out of the ledger by design: its no_order says it);
 * - **no_receipt**: a payout or refund the ledger has as settled that M-Pesa gave no receipt for.
 * A Paybill payment an admin marked handled has none.
 */
export function reconciliationExceptions(facts: MovementFacts): ReconciliationException[] {
  if (facts.handled) return []
  const found: ReconciliationException[] = []
  const { kind, expectedCents, successes, ledger } = facts
  if (facts.standing === 'no_order') {
    found.push({
      code: 'no_order',
      text: `Paid at M-Pesa, but no order took it${facts.noOrderReason ? `: ${facts.noOrderReason}` : ''}`,
    })
  }
  const receipts = distinctReceipts(successes)
  if (receipts.length > 1) {
    const verb = kind === 'stk' || kind === 'paybill' ? 'Paid' : 'Sent'
    found.push({
      code: 'sent_twice',
      text: `${verb} ${receipts.length === 2 ? 'twice' : `${receipts.length} times`} at M-Pesa: receipts ${receipts.join(', ')}`,
    })
  }
  const differs = expectedCents === null ? undefined : successes.find((s) => s.amountCents !== expectedCents)
  const moved = mpesaCents(facts)
  if (differs !== undefined && expectedCents !== null) {
    found.push({
      code: 'amount_differs',
      text: `Amount differs: ${WHAT_WAS_ASKED[kind]} ${formatKes(expectedCents)}, ${WHAT_MPESA_SAYS[kind]} ${formatKes(differs.amountCents)}`,
    })
  } else if (ledger !== null && moved !== null && ledger.floatCents !== moved) {
    found.push({
      code: 'amount_differs',
      text: `Amount differs: the ledger has ${formatKes(ledger.floatCents)}, M-Pesa moved ${formatKes(moved)}`,
    })
  }
  const leftOutByDesign = kind === 'paybill' && facts.standing === 'no_order'
  if (successes.length > 0 && ledger === null && !leftOutByDesign) {
    found.push({ code: 'not_in_ledger', text: 'M-Pesa moved the money, but the ledger has no transaction for it' })
  }
  if (
    (kind === 'payout' || kind === 'refund') &&
    ledger !== null &&
    facts.standing === 'taken' &&
    receipts.length === 0
  ) {
    found.push({
      code: 'no_receipt',
      text: `The ledger has ${kind === 'payout' ? 'this payout' : 'this refund'} sent (${formatKes(ledger.floatCents)}), but M-Pesa gave no receipt for it`,
    })
  }
  return found
}

/** How many movements have each exception (a movement with two counts in both). */
export function countExceptions(
  judged: readonly (readonly ReconciliationException[])[],
): Record<ExceptionCode, number> & { movements: number } {
  const counts = { no_order: 0, sent_twice: 0, amount_differs: 0, not_in_ledger: 0, no_receipt: 0, movements: 0 }
  for (const exceptions of judged) {
    if (exceptions.length > 0) counts.movements += 1
    for (const code of new Set(exceptions.map((e) => e.code))) counts[code] += 1
  }
  return counts
}

/**
 * The ledger transaction that moves the M-Pesa float for a movement (decision 0014's keys): an STK or Paybill
 * payment's `payment_received` (by the payment attempt it paid), a payout's `payout_settled`, a refund's
 * `refund_sent`.
 */
export function floatLedgerKey(kind: MovementKind, id: number): string {
  if (kind === 'payout') return `payout_settled:payout:${id}`
  if (kind === 'refund') return `refund_sent:refund:${id}`
  return `payment_received:payment:${id}`
}
