// A refund's life (issue 19, "refunds that are sent"): approved (owed to the shopper, written in the ledger, its
// sending queued) → sending (handed to M-Pesa B2C or the card provider, result awaited) → sent (the provider
// confirmed the money reached the shopper) or failed (refused: still owed; an admin may send it again).

export const REFUND_STATES = ['approved', 'sending', 'sent', 'failed'] as const
export type RefundState = (typeof REFUND_STATES)[number]

/** What approved a refund: an admin's refund of an order, a shop's received return, a dispute's award, a shopper's
 * cancellation of a paid order, or a payment that arrived for an order already cancelled or expired. */
export const REFUND_CAUSES = ['order_refund', 'return', 'dispute', 'cancellation', 'late_payment'] as const
export type RefundCause = (typeof REFUND_CAUSES)[number]

/** What happens to a refund: handed to its provider, confirmed, refused, or sent again by an admin after failing. */
export const REFUND_MOVES = {
  send: { from: ['approved'], to: 'sending' },
  confirm: { from: ['sending'], to: 'sent' },
  fail: { from: ['sending'], to: 'failed' },
  retry: { from: ['failed'], to: 'approved' },
} as const satisfies Record<string, { from: readonly RefundState[]; to: RefundState }>
export type RefundMove = keyof typeof REFUND_MOVES

/** The state a move leads to from `state`, or null when that move cannot be made from it. */
export function refundMove(state: RefundState, move: RefundMove): RefundState | null {
  const rule = REFUND_MOVES[move]
  return (rule.from as readonly RefundState[]).includes(state) ? rule.to : null
}
