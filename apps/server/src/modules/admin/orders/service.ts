import type { AdminOrderDetail, AdminOrdersPage, AdminOrdersQuery, RefundBody } from '@soko/contract/admin'
import { ORDER_STATUS_LABELS, type OrderStatus } from '@soko/contract/checkout'
import type { Db } from '@soko/db/client'
import { centsToKes, formatKes } from '@soko/domain/money'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import type { AuditService } from '../../audit/service.ts'
import type { Stock } from '../../catalog/stock.ts'
import * as checkout from '../../checkout/repository.ts'
import type { Mailer, MailMessage } from '../../mail/mailer.ts'
import { latestAudit } from '../audit-read-model.ts'
import { inTransaction, isoOrNull, requireAdmin, toPage } from '../shared.ts'
import * as repo from './repository.ts'

const NOT_FOUND = 'No order with this id.'

/** An order can be refunded once its money is in (or owed back after a cancellation). */
const REFUNDABLE_ORDER: readonly string[] = ['paid', 'processing', 'shipped', 'delivered', 'cancelled']
const REFUNDABLE_PAYMENT: readonly string[] = ['paid', 'refund_due']

function summary(row: repo.AdminOrderRow) {
  return {
    id: row.id,
    order_number: row.order_number,
    status: row.status as OrderStatus,
    status_label: ORDER_STATUS_LABELS[row.status as OrderStatus],
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
    created_at: new Date(row.created_at).toISOString(),
    paid_at: isoOrNull(row.paid_at),
  }
}

function refundEmail(order: checkout.OrderRow, reason: string, reference: string | null): MailMessage {
  return {
    to: order.email,
    subject: `Order ${order.order_number} refunded`,
    text: [
      `Hello ${order.first_name},`,
      '',
      `We have refunded your order ${order.order_number}: ${reason}`,
      `${formatKes(order.total_cents)} is on its way back to you${
        order.payment_method === 'mpesa' ? ' by M-Pesa' : ' to your card'
      }${reference ? ` (reference ${reference})` : ''}.`,
      '',
      'Soko',
    ].join('\n'),
  }
}

/** Every order, with its vendor parts, payments and the providers' answers; refunds. */
export class AdminOrdersService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly stock: Stock,
    private readonly mailer: Mailer,
  ) {}

  async list(ctx: Ctx, query: AdminOrdersQuery): Promise<AdminOrdersPage> {
    requireAdmin(ctx)
    const { count, rows } = await repo.listOrders(this.db, query)
    return toPage(query, count, rows.map(summary))
  }

  async detail(ctx: Ctx, id: number): Promise<AdminOrderDetail> {
    requireAdmin(ctx)
    const [row, order] = await Promise.all([repo.getOrderSummary(this.db, id), checkout.orderById(this.db, id)])
    if (!row || !order) throw new AppError('not_found', NOT_FOUND)
    const [parts, items, payments, events, refund] = await Promise.all([
      repo.partsOf(this.db, id),
      checkout.itemsOf(this.db, [id]),
      repo.paymentsOf(this.db, id),
      repo.eventsOf(this.db, id),
      latestAudit(this.db, 'order.refunded', 'order', id),
    ])
    return {
      ...summary(row),
      subtotal: centsToKes(order.subtotal_cents),
      shipping: centsToKes(order.shipping_cents),
      vat: centsToKes(order.vat_cents),
      notes: order.notes,
      shipping_address: order.shipping_address,
      cancel_reason: order.cancel_reason,
      can_refund:
        REFUNDABLE_ORDER.includes(order.status) && payments.some((p) => REFUNDABLE_PAYMENT.includes(p.status)),
      vendor_parts: parts.map((part) => ({
        id: part.id,
        shop: { id: part.business_id, name: part.business_name, slug: part.business_slug },
        status: part.status as OrderStatus,
        subtotal: centsToKes(part.subtotal_cents),
        commission: centsToKes(part.commission_cents),
        tracking_note: part.tracking_note,
        shipped_at: isoOrNull(part.shipped_at),
        delivered_at: isoOrNull(part.delivered_at),
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
        created_at: new Date(payment.created_at).toISOString(),
        settled_at: isoOrNull(payment.settled_at),
        events: events
          .filter((event) => event.payment_id === payment.id)
          .map((event) => ({
            id: event.id,
            source: event.source,
            outcome: event.outcome,
            at: new Date(event.created_at).toISOString(),
          })),
      })),
      refund: refund
        ? {
            reason: String(refund.detail.reason ?? ''),
            reference: typeof refund.detail.reference === 'string' ? refund.detail.reference : null,
            at: new Date(refund.created_at).toISOString(),
            by: refund.actor_name ?? 'A former admin',
          }
        : null,
    }
  }

  /**
   * Refunds a paid (or cancelled and owed-back) order in one transaction: its payments, the order and every vendor
   * part become refunded, the stock of what has not shipped goes back on sale, and the shopper is emailed. The money
   * itself goes back by hand (an M-Pesa reversal or the card provider's refund): its reference is recorded.
   */
  async refund(ctx: Ctx, id: number, body: RefundBody): Promise<AdminOrderDetail> {
    const admin = requireAdmin(ctx)
    const reference = body.reference ? body.reference : null
    const mailId = await inTransaction(this.db, async (t) => {
      const order = await checkout.orderById(t, id, true)
      if (!order) throw new AppError('not_found', NOT_FOUND)
      if (order.status === 'refunded') throw new AppError('conflict', 'This order has been refunded already.')
      const payments = await repo.paymentsOf(t, id)
      if (
        !REFUNDABLE_ORDER.includes(order.status) ||
        !payments.some((payment) => REFUNDABLE_PAYMENT.includes(payment.status))
      ) {
        throw new AppError('conflict', 'Only an order whose payment has been received can be refunded.')
      }
      const parts = await repo.partsOf(t, id)
      const shipped = parts.some((part) => part.shipped_at !== null || ['shipped', 'delivered'].includes(part.status))
      // The stock of what never left its shop goes back on sale, once (the same claim as the checkout's release).
      if (await checkout.claimStockRelease(t, id)) {
        await this.stock.giveBack(t, await checkout.stockLinesOf(t, id, { unshippedOnly: shipped }))
      }
      await checkout.closePendingPayments(t, id, 'cancelled')
      const refunded = await repo.markPaymentsRefunded(t, id)
      for (const paymentId of refunded) {
        await checkout.insertPaymentEvent(t, {
          paymentId,
          source: 'admin_refund',
          outcome: 'applied',
          rawBody: JSON.stringify({ by: admin.id, reason: body.reason, reference }),
          remoteAddress: ctx.ip,
        })
      }
      await checkout.setOrderStatus(t, id, 'refunded')
      await repo.setAllPartsStatus(t, id, 'refunded')
      await this.audit.write(t, admin.id, {
        action: 'order.refunded',
        subjectType: 'order',
        subjectId: id,
        detail: { name: order.order_number, reason: body.reason, reference, amount: formatKes(order.total_cents) },
      })
      return this.mailer.enqueue(t, refundEmail(order, body.reason, reference))
    })
    this.mailer.deliver([mailId])
    return this.detail(ctx, id)
  }
}
