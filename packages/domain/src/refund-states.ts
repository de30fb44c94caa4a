// A refund's life (issue 19, "refunds that are sent"): approved (owed to the shopper, written in the ledger, its
// sending queued) → sending (handed to M-Pesa B2C or the card provider, result awaited) → sent (the provider
// confirmed the money reached the shopper) or failed (refused: still owed; an admin may send it again).

export const REFUND_STATES = ['approved', 'sending', 'sent', 'failed'] as const
export type RefundState = (typeof REFUND_STATES)[number]

/** What approved a refund: an admin's refund of an order, a shop's received return, a dispute's award, a shopper's
 * cancellation of a paid order, or a payment that arrived for an order already cancelled or expired. */
export const REFUND_CAUSES = ['order_refund', 'return', 'dispute', 'cancellation', 'late_payment'] as const
export type RefundCause = (typeof REFUND_CAUSES)[number]
