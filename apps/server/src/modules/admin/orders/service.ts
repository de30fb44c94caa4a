import type { AdminOrderDetail, AdminOrdersPage, AdminOrdersQuery, RefundBody } from '@soko/contract/admin'
import { type OrderStatus, orderStatusLabel } from '@soko/contract/checkout'
import type { CollectionBodySchema } from '@soko/contract/pay-on-delivery'
import type { Db } from '@soko/db/client'
import { collectByOf, PICKUP_HOLD_DAYS } from '@soko/domain/delivery'
import { centsToKes } from '@soko/domain/money'
import { partShares } from '@soko/domain/part-money'
import { collectionWords, podMove } from '@soko/domain/pay-on-delivery'
import { carrierLabel, type DeliveryConfirmer, movePart, partStage } from '@soko/domain/vendor-part-states'
import type { z } from 'zod'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import { canRefund } from '../../orders/refunds.ts'
import type { OrderRow, OrdersService } from '../../orders/service.ts'
import { isPastCollectBy } from '../../orders/vendor-parts.ts'
import { latestAudit } from '../audit-read-model.ts'
import { isoOrNull, listPage, requireAdmin } from '../shared.ts'
import * as read from './orders-read-model.ts'

type CollectionBody = z.output<typeof CollectionBodySchema>

const NOT_FOUND = 'No order with this id.'

function summary(row: read.AdminOrderRow) {
  return {
    id: row.id,
    order_number: row.order_number,
    status: row.status as OrderStatus,
    status_label: orderStatusLabel(row.status as OrderStatus, row.payment_method),
    customer: {
      name: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
      phone: row.phone,
      user_id: row.user_id,
    },
    total: centsToKes(row.total_cents),
    payment_method: row.payment_method,
    payment_status: row.payment_status,
    vendor_count: row.vendor_count,
    created_at: row.created_at.toISOString(),
    paid_at: isoOrNull(row.paid_at),
    past_collect_by: isPastCollectBy('shipped', row.waiting_since, new Date()),
  }
}

/** A pay-on-delivery part's money at the door: what is due, whether and how it was taken, or the parcel refused. */
function payOnDeliveryOf(part: read.PartRow, amountCents: number) {
  const collected = part.collected_at !== null
  const refused = part.refused_at !== null
  return {
    amount: centsToKes(amountCents),
    collected_at: isoOrNull(part.collected_at),
    collected_how: part.collected_via
      ? collectionWords(
          { via: part.collected_via, by: part.collected_by ?? 'vendor', reference: part.collected_reference },
          'admin',
        )
      : null,
    refused_at: isoOrNull(part.refused_at),
    can_collect: podMove({ status: part.status, collected, refused }, 'collect').ok,
  }
}

/** A pickup part's station, arrival and collect-by, and which of the two counter steps it is ready for. */
function pickupOf(order: OrderRow, part: read.PartRow, now: Date) {
  const station = order.delivery?.method === 'pickup' ? order.delivery.station : null
  if (!station) return null
  const isShipped = part.status === 'shipped'
  return {
    station: `${station.name}, ${station.address}, ${station.town}`,
    opening_hours: station.openingHours,
    at_station_at: isoOrNull(part.at_station_at),
    collect_by: part.at_station_at ? collectByOf(part.at_station_at, PICKUP_HOLD_DAYS).toISOString() : null,
    past_collect_by: isPastCollectBy(part.status, part.at_station_at, now),
    can_mark_arrived: isShipped && part.at_station_at === null,
    can_collect: isShipped && part.at_station_at !== null && part.delivery_confirmed_at === null,
  }
}

/** Every order, with its vendor parts, payments and the providers' answers; refunds. */
export class AdminOrdersService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
    /** The refund-order flow (src/flows/refund-order.ts). */
    private readonly refunds: { run(ctx: Ctx, adminId: number, orderId: number, body: RefundBody): Promise<void> },
    /** The fulfil-vendor-order flow (src/flows/fulfil-vendor-order.ts): confirming a delivery for the shopper. */
    private readonly deliveries: { confirmAsAdmin(adminId: number, orderId: number, partId: number): Promise<number> },
    /** The pay-on-delivery flow (src/flows/pay-on-delivery.ts): money Soko collected at the door. */
    private readonly payOnDelivery: {
      collectAsAdmin(adminId: number, orderId: number, partId: number, body: CollectionBody): Promise<void>
    },
  ) {}

  list(ctx: Ctx, query: AdminOrdersQuery): Promise<AdminOrdersPage> {
    return listPage(ctx, query, () => read.listOrders(this.db, query), summary)
  }

  async detail(ctx: Ctx, id: number): Promise<AdminOrderDetail> {
    requireAdmin(ctx)
    const [row, order] = await Promise.all([read.getOrderSummary(this.db, id), this.orders.byId(this.db, id)])
    if (!row || !order) throw new AppError('not_found', NOT_FOUND)
    const now = new Date()
    const [parts, items, payments, events, refund] = await Promise.all([
      read.partsOf(this.db, id),
      this.orders.itemsOf(this.db, [id]),
      read.paymentsOf(this.db, id),
      read.eventsOf(this.db, id),
      latestAudit(this.db, 'order.refunded', 'order', id),
    ])
    const shares =
      order.payment_method === 'pay-on-delivery'
        ? partShares(
            { shippingCents: order.shipping_cents, vatCents: order.vat_cents },
            parts.map((part) => ({ id: part.id, subtotalCents: part.subtotal_cents })),
          )
        : null
    return {
      ...summary(row),
      subtotal: centsToKes(order.subtotal_cents),
      shipping: centsToKes(order.shipping_cents),
      vat: centsToKes(order.vat_cents),
      notes: order.notes,
      shipping_address: order.shipping_address,
      cancel_reason: order.cancel_reason,
      can_refund: canRefund(
        order.status,
        payments.map((payment) => payment.status),
      ),
      vendor_parts: parts.map((part) => ({
        id: part.id,
        shop: { id: part.business_id, name: part.business_name, slug: part.business_slug },
        status: part.status as OrderStatus,
        subtotal: centsToKes(part.subtotal_cents),
        commission: centsToKes(part.commission_cents),
        tracking_note: part.tracking_note,
        carrier_label: carrierLabel(part.carrier),
        tracking_reference: part.tracking_reference,
        shipped_at: isoOrNull(part.shipped_at),
        delivered_at: isoOrNull(part.delivered_at),
        delivery_confirmed_at: isoOrNull(part.delivery_confirmed_at),
        delivery_confirmed_by: part.delivery_confirmed_by as DeliveryConfirmer | null,
        can_confirm_delivery: movePart(
          partStage(part.status as OrderStatus, part.delivery_confirmed_at),
          'confirm',
          'admin',
        ).ok,
        pickup: pickupOf(order, part, now),
        pay_on_delivery: shares ? payOnDeliveryOf(part, shares.get(part.id)?.paidCents ?? 0) : null,
        items: items
          .filter((item) => item.vendor_order_id === part.id)
          .map((item) => ({
            product_id: item.product_id,
            name: item.product_name,
            price: centsToKes(item.unit_price_cents),
            quantity: item.quantity,
            total: centsToKes(item.line_total_cents),
          })),
      })),
      payments: payments.map((payment) => ({
        id: payment.id,
        method: payment.method,
        status: payment.status,
        amount: centsToKes(payment.amount_cents),
        phone: payment.phone,
        reference: payment.reference,
        receipt: payment.receipt,
        result_desc: payment.result_desc,
        created_at: payment.created_at.toISOString(),
        settled_at: isoOrNull(payment.settled_at),
        events: events
          .filter((event) => event.payment_id === payment.id)
          .map((event) => ({
            id: event.id,
            source: event.source,
            outcome: event.outcome,
            at: event.created_at.toISOString(),
          })),
      })),
      refund: refund
        ? {
            reason: String(refund.detail.reason ?? ''),
            reference: typeof refund.detail.reference === 'string' ? refund.detail.reference : null,
            at: refund.created_at.toISOString(),
            by: refund.actor_name ?? 'A former admin',
          }
        : null,
    }
  }

  /** Refunds the order (the refund-order flow), then answers it as it is now. */
  async refund(ctx: Ctx, id: number, body: RefundBody): Promise<AdminOrderDetail> {
    const admin = requireAdmin(ctx)
    await this.refunds.run(ctx, admin.id, id, body)
    return this.detail(ctx, id)
  }

  /** Confirms a vendor part received on the shopper's word, then answers the order as it is now. */
  /** Soko (a station it runs, its rider) collected a pay-on-delivery part's money; audited by the flow. */
  async collectPayment(ctx: Ctx, id: number, partId: number, body: CollectionBody): Promise<void> {
    const admin = requireAdmin(ctx)
    await this.payOnDelivery.collectAsAdmin(admin.id, id, partId, body)
  }

  async confirmDelivery(ctx: Ctx, id: number, partId: number): Promise<AdminOrderDetail> {
    const admin = requireAdmin(ctx)
    await this.deliveries.confirmAsAdmin(admin.id, id, partId)
    return this.detail(ctx, id)
  }
}
