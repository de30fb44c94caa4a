import { type OrderDetail, type OrderStatus, orderStatusLabel, type RefundView } from '@soko/contract/checkout'
import { centsToKes } from '@soko/domain/money'
import {
  autoConfirmAt,
  type Carrier,
  carrierLabel,
  type DeliveryConfirmer,
  movePart,
  partStage,
  partTimeline,
} from '@soko/domain/vendor-part-states'
import { deliveryQuoteOf } from '../delivery/service.ts'
import { type PaybillSettings, toPaymentState } from '../payments/payment-view.ts'
import type { PaymentRow } from '../payments/service.ts'
import type * as repo from './repository.ts'

const iso = (date: Date | null): string | null => date?.toISOString() ?? null

/** Statuses in which the shopper may still cancel (nothing has left a vendor yet). */
export const CANCELLABLE: readonly string[] = ['pending_payment', 'paid', 'processing']

/** What an order's view gathers from the orders module and others, for a few orders at once. */
export interface OrderViewParts {
  vendorOrders: repo.VendorOrderRow[]
  items: repo.OrderItemRow[]
  /** The latest payment attempt of each order (the payments module's). */
  payments: PaymentRow[]
  /** Each order's refunds as its shopper sees them (the payments module's). */
  refunds: Map<number, RefundView[]>
  /** Each shop's name and slug (the vendors module's). */
  shops: Map<number, { name: string; slug: string }>
  /** Whether the order's shopper has reviewed a product (the reviews module's). */
  isReviewed(userId: number, productId: number): boolean
  /** Days after the seller's "delivered" that a delivery confirms itself. */
  confirmDays: number
  /** The Paybill an unpaid order can be paid to (null: off). */
  paybill: PaybillSettings | null
}

/** A part's delivery as its shopper sees it: carrier, confirmation, timeline, and whether receipt may be confirmed. */
export function partDelivery(
  part: repo.VendorOrderRow,
  order: { paid_at: Date | null; payment_method: string },
  confirmDays: number,
) {
  const status = part.status as OrderStatus
  const confirmedBy = part.delivery_confirmed_by as DeliveryConfirmer | null
  const stage = partStage(status, part.delivery_confirmed_at)
  return {
    carrier: part.carrier as Carrier | null,
    carrierLabel: carrierLabel(part.carrier),
    trackingReference: part.tracking_reference,
    deliveryConfirmedAt: iso(part.delivery_confirmed_at),
    deliveryConfirmedBy: confirmedBy,
    autoConfirmAt:
      stage === 'delivered' && part.delivered_at ? autoConfirmAt(part.delivered_at, confirmDays).toISOString() : null,
    canConfirm: movePart(stage, 'confirm', 'shopper').ok,
    timeline: partTimeline({
      status,
      paidAt: order.paid_at,
      processingAt: part.processing_at,
      shippedAt: part.shipped_at,
      deliveredAt: part.delivered_at,
      confirmedAt: part.delivery_confirmed_at,
      confirmedBy,
      carrier: part.carrier,
      trackingReference: part.tracking_reference,
      trackingNote: part.tracking_note,
      ...(order.payment_method === 'pay-on-delivery'
        ? { payOnDelivery: { collectedAt: part.collected_at, refusedAt: part.refused_at } }
        : {}),
    }),
  }
}

/** Orders as their shopper sees them, each with its vendor parts, lines and latest payment. */
export function toOrderDetails(orders: repo.OrderRow[], parts: OrderViewParts): OrderDetail[] {
  const { vendorOrders, items, payments, shops } = parts
  return orders.map((order) => {
    const payment = payments.find((row) => row.order_id === order.id) ?? null
    const orderParts = vendorOrders.filter((part) => part.order_id === order.id)
    const toItem = (item: repo.OrderItemRow) => {
      const part = orderParts.find((row) => row.id === item.vendor_order_id)
      const reviewed =
        order.user_id !== null && item.product_id !== null && parts.isReviewed(order.user_id, item.product_id)
      return {
        id: item.id,
        productId: item.product_id,
        name: item.product_name,
        slug: item.product_slug,
        image: item.image_url,
        price: centsToKes(item.unit_price_cents),
        quantity: item.quantity,
        lineTotal: centsToKes(item.line_total_cents),
        canReview: order.user_id !== null && item.product_id !== null && part?.status === 'delivered' && !reviewed,
      }
    }
    const orderItems = items.filter((item) => item.order_id === order.id)
    const status = order.status as OrderStatus
    return {
      id: order.id,
      orderNumber: order.order_number,
      date: order.created_at.toISOString(),
      status,
      statusLabel: orderStatusLabel(status, order.payment_method),
      items: orderItems.map(toItem),
      vendors: orderParts.map((part) => ({
        id: part.id,
        business: {
          id: part.business_id,
          name: shops.get(part.business_id)?.name ?? '',
          slug: shops.get(part.business_id)?.slug ?? '',
        },
        status: part.status as OrderStatus,
        statusLabel: orderStatusLabel(part.status as OrderStatus, order.payment_method),
        subtotal: centsToKes(part.subtotal_cents),
        trackingNote: part.tracking_note,
        shippedAt: iso(part.shipped_at),
        atStationAt: iso(part.at_station_at),
        deliveredAt: iso(part.delivered_at),
        ...partDelivery(part, order, parts.confirmDays),
        items: orderItems.filter((item) => item.vendor_order_id === part.id).map(toItem),
      })),
      contact: { firstName: order.first_name, lastName: order.last_name, email: order.email, phone: order.phone },
      shippingAddress: order.shipping_address,
      billingAddress: order.billing_address,
      notes: order.notes,
      subtotal: centsToKes(order.subtotal_cents),
      voucherCode: order.voucher_code,
      discount: centsToKes(order.discount_cents),
      shipping: centsToKes(order.shipping_cents),
      delivery: order.delivery ? deliveryQuoteOf(order.delivery) : null,
      collectionCode: order.collection_code,
      vat: centsToKes(order.vat_cents),
      total: centsToKes(order.total_cents),
      paymentMethod: order.payment_method,
      payment: payment ? toPaymentState(payment, order, parts.paybill) : null,
      canCancel: CANCELLABLE.includes(order.status) && orderParts.every((part) => CANCELLABLE.includes(part.status)),
      reservedUntil: order.status === 'pending_payment' ? iso(order.reserved_until) : null,
      refunds: parts.refunds.get(order.id) ?? [],
    }
  })
}
