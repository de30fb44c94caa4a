// Paying an order by M-Pesa Paybill (C2B): the shopper types our business number and, as the account number, the
// order number. What they type is matched here; what M-Pesa is told (validation) and what becomes of the money
// (confirmation) are decided here too, so the server only loads the order and stores the answer.

/** Crockford's base 32 as order numbers use it (no I, L, O or U). */
const ORDER_CODE = /^[0-9A-HJKMNP-TV-Z]{6}$/

/**
 * The order number an account number names: case and spaces ignored, with or without the `SK-` (or `SK`, `SK `)
 * prefix, and the letters Crockford's base 32 reads as digits (O → 0, I and L → 1) taken as those digits, as a
 * shopper copying by eye may type them. Null when it cannot be an order number.
 */
export function orderNumberFromAccount(account: string): string | null {
  const compact = account.toUpperCase().replace(/[\s_.]/g, '')
  const code = compact.replace(/^SK-?/, '').replace(/^-/, '')
  const read = code.replace(/O/g, '0').replace(/[IL]/g, '1')
  return ORDER_CODE.test(read) ? `SK-${read}` : null
}

/** What an order is to a Paybill payment naming it. */
export type PaybillOrderState = 'awaiting' | 'paid' | 'cancelled' | 'expired'

/** Why a C2B payment was refused (validation) or not applied (confirmation). */
export const PAYBILL_PROBLEMS = [
  'unknown_account',
  'wrong_amount',
  'order_paid',
  'order_cancelled',
  'order_expired',
] as const
export type PaybillProblem = (typeof PAYBILL_PROBLEMS)[number]

/** M-Pesa's validation result codes (Daraja C2B): the reply that refuses the payment before money moves. */
export const C2B_REJECT_CODES: Record<PaybillProblem, string> = {
  unknown_account: 'C2B00012',
  wrong_amount: 'C2B00013',
  order_paid: 'C2B00016',
  order_cancelled: 'C2B00016',
  order_expired: 'C2B00016',
}

/** Words for each problem, for M-Pesa's ResultDesc and the admin's reconciliation list. */
export const PAYBILL_PROBLEM_TEXT: Record<PaybillProblem, string> = {
  unknown_account: 'No order has this account number.',
  wrong_amount: "The amount is not the order's total.",
  order_paid: 'The order was already paid.',
  order_cancelled: 'The order was cancelled.',
  order_expired: 'The order expired before it was paid.',
}

/**
 * What a Paybill payment of `amountCents` to an order (null: none found) comes to: accepted, or the problem. The
 * amount must be the total exactly (less leaves the order unpaid, more would need a refund of the rest); an order
 * that is not awaiting payment takes no money.
 */
export function judgePaybillPayment(
  order: { state: PaybillOrderState; totalCents: number } | null,
  amountCents: number,
): { ok: true } | { ok: false; problem: PaybillProblem } {
  if (order === null) return { ok: false, problem: 'unknown_account' }
  if (order.state === 'paid') return { ok: false, problem: 'order_paid' }
  if (order.state === 'cancelled') return { ok: false, problem: 'order_cancelled' }
  if (order.state === 'expired') return { ok: false, problem: 'order_expired' }
  if (amountCents !== order.totalCents) return { ok: false, problem: 'wrong_amount' }
  return { ok: true }
}

/**
 * Whether money confirmed with this problem is owed back to the payer: it named an order that will not take it. Money
 * naming no order is not (yet): the admin first finds whose it is.
 */
export const isRefundOwed = (problem: PaybillProblem): boolean => problem !== 'unknown_account'

/** An M-Pesa TransAmount ("1500", "1500.00", 1500) as cents; null when it is not a positive amount. */
export function transAmountCents(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null
  const cents = Math.round(Number(text) * 100)
  return cents > 0 ? cents : null
}
