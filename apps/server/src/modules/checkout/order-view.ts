import {
  ORDER_STATUS_LABELS,
  type OrderDetail,
  type OrderStatus,
  type PaymentState,
  type PaymentStatus,
} from '@soko/contract/checkout'
import type { Db } from '@soko/db/client'
import { centsToKes, formatKes } from '@soko/domain/money'
import { maskKenyanMobile } from '@soko/domain/phone'
import { MPESA_RESULT_MESSAGES } from '../payments/mpesa/daraja.ts'
import * as repo from './repository.ts'

const iso = (date: Date | null): string | null => (date ? new Date(date).toISOString() : null)

/** Statuses in which the shopper may still cancel (nothing has left a vendor yet). */
export const CANCELLABLE: readonly string[] = ['pending_payment', 'paid', 'processing']

/** What the shopper reads about a payment attempt. */
export function paymentMessage(payment: repo.PaymentRow): string {
  const amount = formatKes(payment.amount_cents)
  const phone = payment.phone ? maskKenyanMobile(payment.phone) : ''
  switch (payment.status as PaymentStatus) {
    case 'pending':
      if (payment.method === 'credit-card') return `Waiting for your card payment of ${amount}.`
      return payment.checkout_request_id
        ? `We sent an M-Pesa request for ${amount} to ${phone}. Enter your M-Pesa PIN on your phone to pay.`
        : `Sending an M-Pesa request for ${amount} to ${phone}...`
    case 'paid':
      return payment.method === 'credit-card'
        ? `Paid ${amount} by card.`
        : `Paid ${amount} with M-Pesa${payment.receipt ? ` (receipt ${payment.receipt})` : ''}.`
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

export function toPaymentState(payment: repo.PaymentRow, orderStatus: string): PaymentState {
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
    updatedAt: new Date(payment.updated_at).toISOString(),
  }
}

/** Orders as their shopper sees them, each with its vendor parts, lines and latest payment (few queries). */
export async function loadOrderDetails(db: Db, orders: repo.OrderRow[]): Promise<OrderDetail[]> {
  const ids = orders.map((order) => order.id)
  const [vendorOrders, items, payments] = await Promise.all([
    repo.vendorOrdersOf(db, ids),
    repo.itemsOf(db, ids),
    repo.latestPayments(db, ids),
  ])
  return orders.map((order) => {
    const payment = payments.find((row) => row.order_id === order.id) ?? null
    const parts = vendorOrders.filter((part) => part.order_id === order.id)
    const toItem = (item: repo.OrderItemRow) => {
      const part = parts.find((row) => row.id === item.vendor_order_id)
      return {
        id: item.id,
        productId: item.product_id,
        name: item.product_name,
        slug: item.product_slug,
        image: item.image_url,
        price: centsToKes(item.unit_price_cents),
        quantity: item.quantity,
        lineTotal: centsToKes(item.line_total_cents),
        canReview: order.user_id !== null && item.product_id !== null && part?.status === 'delivered' && !item.reviewed,
      }
    }
    const orderItems = items.filter((item) => item.order_id === order.id)
    const status = order.status as OrderStatus
    return {
      id: order.id,
      orderNumber: order.order_number,
      date: new Date(order.created_at).toISOString(),
      status,
      statusLabel: ORDER_STATUS_LABELS[status],
      items: orderItems.map(toItem),
      vendors: parts.map((part) => ({
        id: part.id,
        business: { id: part.business_id, name: part.business_name, slug: part.business_slug },
        status: part.status as OrderStatus,
        statusLabel: ORDER_STATUS_LABELS[part.status as OrderStatus],
        subtotal: centsToKes(part.subtotal_cents),
        trackingNote: part.tracking_note,
        shippedAt: iso(part.shipped_at),
        deliveredAt: iso(part.delivered_at),
        items: orderItems.filter((item) => item.vendor_order_id === part.id).map(toItem),
      })),
      contact: { firstName: order.first_name, lastName: order.last_name, email: order.email, phone: order.phone },
      shippingAddress: order.shipping_address,
      billingAddress: order.billing_address,
      notes: order.notes,
      subtotal: centsToKes(order.subtotal_cents),
      shipping: centsToKes(order.shipping_cents),
      vat: centsToKes(order.vat_cents),
      total: centsToKes(order.total_cents),
      paymentMethod: order.payment_method,
      payment: payment ? toPaymentState(payment, order.status) : null,
      canCancel: CANCELLABLE.includes(order.status) && parts.every((part) => CANCELLABLE.includes(part.status)),
      reservedUntil: order.status === 'pending_payment' ? iso(order.reserved_until) : null,
    }
  })
}

export async function loadOrderDetail(db: Db, order: repo.OrderRow): Promise<OrderDetail> {
  const [detail] = await loadOrderDetails(db, [order])
  if (!detail) throw new Error('order detail missing')
  return detail
}
