import type { OrderStatus, PaymentMethod } from '@soko/domain/order-states'

// Checkout's and orders' fixed values and their words, without Zod: pages that show an order's status or a payment
// method use them as they are, and checkout.ts builds its schemas from them.

export const QUOTE_PROBLEMS = ['unavailable', 'out_of_stock', 'insufficient_stock', 'price_changed'] as const
export type QuoteProblem = (typeof QUOTE_PROBLEMS)[number]

export {
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '@soko/domain/order-states'

export type CheckoutPaymentMethod = PaymentMethod

/** How the shopper's screens name each payment method. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<CheckoutPaymentMethod, string>> = {
  mpesa: 'M-Pesa',
  'credit-card': 'Credit Card',
  'mpesa-paybill': 'Pay via M-Pesa Paybill',
  'pay-on-delivery': 'Pay on Delivery',
}

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending_payment: 'Pending payment',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
}

/**
 * An order's status in words: a pay-on-delivery order is placed straight into `paid` (its shops may ship it) but
 * nothing was paid yet, so it reads 'Confirmed' until it moves on.
 */
export function orderStatusLabel(status: OrderStatus, paymentMethod: string): string {
  return status === 'paid' && paymentMethod === 'pay-on-delivery' ? 'Confirmed' : ORDER_STATUS_LABELS[status]
}

/** The header that carries an order's token (a guest following or cancelling the order they placed). */
export const ORDER_TOKEN_HEADER = 'x-order-token'

/**
 * What a guest order look-up answers when the number and the phone or email do not match an order it may open: the
 * same words whether the order exists or not, so guessing numbers learns nothing.
 */
export const ORDER_LOOKUP_FAILED =
  'We could not find an order with that order number and phone number or email. Check both and try again.'
