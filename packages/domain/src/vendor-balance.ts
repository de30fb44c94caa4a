// What a shop is owed and when it may be paid (docs/decisions/0012-vendor-part-states.md, "Money waits for the
// window"). Pure: the server loads the shop's parts and payouts, asks here, and shows or checks the answer.

import type { OrderStatus } from './order-states.ts'

const DAY_MS = 86_400_000

/**
 * Where one part's net (subtotal less commission) stands for its shop:
 * - `awaiting`: paid but not delivered yet (owed once delivered);
 * - `pending`: delivered, but its delivery is not confirmed, or the return window after the confirmation has not
 *   passed, or a return or dispute is open;
 * - `available`: confirmed, the window passed and nothing is open: it may be paid out;
 * - `none`: not the shop's money (unpaid, cancelled or refunded).
 */
export type EarningState = 'awaiting' | 'pending' | 'available' | 'none'

export interface EarningPart {
  /** The part's stored status (an OrderStatus; anything else counts as none). */
  status: OrderStatus | (string & {})
  /** When its delivery was confirmed (by the shopper, an admin, or by itself); null while unconfirmed. */
  confirmedAt: Date | null
  /**
   * Whether a return or dispute is open on the part. Neither exists yet: the returns work sets it; until then it is
   * false, and a part is never held back by it.
   */
  hasOpenReturn?: boolean
}

export interface BalanceRules {
  /** RETURN_WINDOW_DAYS: days after a part's delivery is confirmed during which its shopper may still return it. */
  returnWindowDays: number
  now: Date
}

/** When a confirmed part's money becomes available: the end of its return window. */
export function availableFrom(confirmedAt: Date, returnWindowDays: number): Date {
  return new Date(confirmedAt.getTime() + returnWindowDays * DAY_MS)
}

export function earningState(part: EarningPart, rules: BalanceRules): EarningState {
  switch (part.status) {
    case 'paid':
    case 'processing':
    case 'shipped':
      return 'awaiting'
    case 'delivered':
      if (part.confirmedAt === null || part.hasOpenReturn === true) return 'pending'
      return rules.now.getTime() >= availableFrom(part.confirmedAt, rules.returnWindowDays).getTime()
        ? 'available'
        : 'pending'
    default:
      return 'none'
  }
}

export interface BalancePart extends EarningPart {
  /** The part's subtotal less the marketplace's commission, in cents. */
  netCents: number
}

export interface VendorBalance {
  /** Net of paid parts not delivered yet. */
  awaitingCents: number
  /** Net of delivered parts still waiting for confirmation, the return window, or an open return. */
  pendingCents: number
  /** Net of parts whose money is free, less everything paid out: what may be paid out now (negative if overpaid). */
  availableCents: number
  /** Net of every delivered part, pending or not. */
  earnedCents: number
  paidOutCents: number
  /** What the shop is owed in all: earned less paid out (pending plus available). */
  balanceCents: number
}

/**
 * A shop's balance from its parts and what it was paid: payouts come out of the available money only, so what an
 * admin may still pay is `availableCents` (never more), while `balanceCents` also counts what is pending.
 */
export function vendorBalance(parts: readonly BalancePart[], paidOutCents: number, rules: BalanceRules): VendorBalance {
  let awaitingCents = 0
  let pendingCents = 0
  let freeCents = 0
  for (const part of parts) {
    const state = earningState(part, rules)
    if (state === 'awaiting') awaitingCents += part.netCents
    if (state === 'pending') pendingCents += part.netCents
    if (state === 'available') freeCents += part.netCents
  }
  const earnedCents = pendingCents + freeCents
  return {
    awaitingCents,
    pendingCents,
    availableCents: freeCents - paidOutCents,
    earnedCents,
    paidOutCents,
    balanceCents: earnedCents - paidOutCents,
  }
}

/** The sentence the payout screens show under the two figures, from the same settings the server uses. */
export function pendingExplanation(rules: { deliveryConfirmDays: number; returnWindowDays: number }): string {
  const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`
  return (
    'A delivered order is pending until its delivery is confirmed (by the shopper, or by itself ' +
    `${days(rules.deliveryConfirmDays)} after it was marked delivered) and the ${rules.returnWindowDays}-day ` +
    'return window after that has passed with no open return. Then it becomes available to pay out.'
  )
}
