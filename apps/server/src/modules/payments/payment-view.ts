import type { PaymentState, PaymentStatus } from '@soko/contract/checkout'
import { centsToKes, formatKes } from '@soko/domain/money'
import { maskKenyanMobile } from '@soko/domain/phone'
import { MPESA_RESULT_MESSAGES } from './mpesa/daraja.ts'
import type { PaymentRow } from './repository.ts'

/** What the shopper reads about a payment attempt. */
export function paymentMessage(payment: PaymentRow): string {
  const amount = formatKes(payment.amount_cents)
  const phone = payment.phone ? maskKenyanMobile(payment.phone) : ''
  switch (payment.status as PaymentStatus) {
    case 'pending':
      if (payment.method === 'pay-on-delivery') {
        return `Pay ${amount} on delivery, in cash or by M-Pesa to the rider. Each shop's parcel is paid as it arrives.`
      }
      if (payment.method === 'credit-card') return `Waiting for your card payment of ${amount}.`
      if (payment.method === 'mpesa-paybill') {
        return `Waiting for your M-Pesa payment of ${amount} to our Paybill. It shows here as soon as M-Pesa confirms it.`
      }
      return payment.checkout_request_id
        ? `We sent an M-Pesa request for ${amount} to ${phone}. Enter your M-Pesa PIN on your phone to pay.`
        : `Sending an M-Pesa request for ${amount} to ${phone}...`
    case 'paid':
      if (payment.method === 'pay-on-delivery') return `Paid on delivery: ${amount}.`
      return payment.method === 'credit-card'
        ? `Paid ${amount} by card.`
        : `Paid ${amount} with M-Pesa${payment.method === 'mpesa-paybill' ? ' Paybill' : ''}${payment.receipt ? ` (receipt ${payment.receipt})` : ''}.`
    case 'failed':
    case 'cancelled':
      if (payment.method === 'credit-card') return payment.result_desc ?? 'The card payment did not go through.'
      return (
        (payment.result_code !== null ? MPESA_RESULT_MESSAGES[payment.result_code] : undefined) ??
        payment.result_desc ??
        'The M-Pesa payment did not go through.'
      )
    case 'expired':
      return payment.method === 'credit-card'
        ? 'The card payment was not completed in time.'
        : 'M-Pesa did not confirm the payment in time. If money left your account, it will be matched or returned.'
    case 'refund_due':
      return `Your payment of ${amount} will be refunded.`
    case 'refunded':
      return `Your payment of ${amount} was refunded.`
  }
}

/** Paying by Paybill: its business number, and the simulator's phone page when it is the simulator's (demo). */
export interface PaybillSettings {
  shortCode: string
  phonePageUrl: string | null
}

function paybillView(paybill: PaybillSettings, orderNumber: string, amountCents: number): PaymentState['paybill'] {
  const amount = centsToKes(amountCents)
  const query = new URLSearchParams({ business: paybill.shortCode, account: orderNumber, amount: String(amount) })
  return {
    businessNumber: paybill.shortCode,
    accountNumber: orderNumber,
    amount,
    phonePageUrl: paybill.phonePageUrl === null ? null : `${paybill.phonePageUrl}?${query}`,
  }
}

/**
 * The attempt as the shopper's pages show it. While the order awaits payment and Paybill is on
 * (`paybill`), it also says how to pay from one's own M-Pesa menu: any unpaid order's number works as the
 * account number, whichever way the shopper chose to pay.
 */
export function toPaymentState(
  payment: PaymentRow,
  order: { status: string; order_number: string },
  paybill: PaybillSettings | null,
): PaymentState {
  const orderStatus = order.status
  const settledBadly = ['failed', 'cancelled', 'expired'].includes(payment.status)
  return {
    id: payment.id,
    method: payment.method,
    status: payment.status as PaymentStatus,
    amount: centsToKes(payment.amount_cents),
    phone: payment.phone ? maskKenyanMobile(payment.phone) : null,
    message: paymentMessage(payment),
    receipt: payment.receipt,
    redirectUrl: payment.status === 'pending' ? payment.redirect_url : null,
    canRetry: settledBadly && orderStatus === 'pending_payment',
    updatedAt: payment.updated_at.toISOString(),
    paybill:
      paybill !== null && orderStatus === 'pending_payment'
        ? paybillView(paybill, order.order_number, payment.amount_cents)
        : null,
  }
}
