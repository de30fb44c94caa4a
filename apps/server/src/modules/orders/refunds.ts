/** An order can be refunded once its money is in (or owed back after a cancellation)... */
export const REFUNDABLE_ORDER: readonly string[] = ['paid', 'processing', 'shipped', 'delivered', 'cancelled']
/** ...and one of its payment attempts holds money: paid, or owed back. */
export const REFUNDABLE_PAYMENT: readonly string[] = ['paid', 'refund_due']

/** Whether an order in `orderStatus` whose attempts are in `paymentStatuses` can be refunded. */
export function canRefund(orderStatus: string, paymentStatuses: readonly string[]): boolean {
  return REFUNDABLE_ORDER.includes(orderStatus) && paymentStatuses.some((status) => REFUNDABLE_PAYMENT.includes(status))
}
