// The values an order, a vendor part and a payment may hold, and the ways to pay: the one list the database's checks,
// the API's schemas and the pages' words are all built from.

/** An order's and a vendor part's life: paid once the money is in, then each vendor fulfils its own part (D7). */
export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/**
 * `mpesa` is an STK push to the shopper's phone; `mpesa-paybill` the shopper paying our Paybill from their own M-Pesa
 * menu with the order number as account (C2B: no push, no status query, the payer's number comes masked);
 * `pay-on-delivery` cash or M-Pesa to the rider, each vendor part paid when it arrives (decision 0022).
 */
export const PAYMENT_METHODS = ['mpesa', 'credit-card', 'mpesa-paybill', 'pay-on-delivery'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired', 'refund_due', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** What an order is, from the states of its vendor parts (D7): delivered when all are, shipped when all have left. */
export function orderStatusFromParts(parts: readonly string[]): OrderStatus {
  const live = parts.filter((status) => status !== 'cancelled')
  if (live.length === 0) return 'cancelled'
  if (live.every((status) => status === 'delivered')) return 'delivered'
  if (live.every((status) => status === 'shipped' || status === 'delivered')) return 'shipped'
  if (live.some((status) => status !== 'paid')) return 'processing'
  return 'paid'
}
