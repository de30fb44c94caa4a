import type { RefundBody } from '@soko/contract/admin'
import { formatKes } from '@soko/domain/money'
import type { AuditService } from '../modules/audit/service.ts'
import type { Mailer } from '../modules/mail/mailer.ts'
import { orderRefundedEmail } from '../modules/orders/mail-templates.ts'
import { canRefund } from '../modules/orders/refunds.ts'
import type { Returns } from '../modules/orders/returns.ts'
import type { Ctx } from '../plugins/auth.ts'
import { AppError } from '../plugins/errors.ts'
import type { LedgerPostings } from './ledger-postings.ts'
import { type OrderModules, releaseOrder } from './order-stock.ts'

export const NO_ORDER_WITH_ID = 'No order with this id.'

/**
 * An admin refunds a paid (or cancelled and owed-back) order, in one transaction: the stock of what has not shipped
 * back on sale → open attempts closed, paid ones refunded (each with an event saying who and why) → the order and
 * every vendor part refunded → the audit entry → the shopper's email, which leaves after commit. What returns refunded
 * already is not owed again: the refund is the total less that. Each vendor part's rest is a refunds row, posted to
 * the ledger, whose sending is queued: the money goes back by itself (M-Pesa B2C to the paying number, or the card
 * provider's refund: flows/send-refund.ts); the admin's optional reference is kept with the event.
 */
export class RefundOrder {
  constructor(
    private readonly modules: OrderModules & {
      audit: AuditService
      mailer: Mailer
      returns: Pick<Returns, 'refundedCents'>
      postings: Pick<LedgerPostings, 'refundRest'>
    },
  ) {}

  async run(ctx: Ctx, adminId: number, orderId: number, body: RefundBody): Promise<void> {
    const { db, orders, payments, audit, mailer } = this.modules
    const reference = body.reference ? body.reference : null
    const mailId = await db.transaction(async (t) => {
      const order = await orders.byId(t, orderId, true)
      if (!order) throw new AppError('not_found', NO_ORDER_WITH_ID)
      if (order.status === 'refunded') throw new AppError('conflict', 'This order has been refunded already.')
      const attempts = await payments.ofOrder(t, orderId)
      if (
        !canRefund(
          order.status,
          attempts.map((payment) => payment.status),
        )
      ) {
        throw new AppError('conflict', 'Only an order whose payment has been received can be refunded.')
      }
      // Items refunded through a return were given back already: the order's refund is what is left.
      const returnedCents = await this.modules.returns.refundedCents(t, orderId)
      const owedCents = order.total_cents - returnedCents
      if (owedCents <= 0) {
        throw new AppError('conflict', 'Everything paid for this order has been refunded through returns already.')
      }
      const parts = await orders.partsOf(t, [orderId])
      const shipped = parts.some((part) => part.shipped_at !== null || ['shipped', 'delivered'].includes(part.status))
      // The stock of what never left its shop goes back on sale, once (the same claim as a cancellation's).
      await releaseOrder(t, this.modules, orderId, 'cancelled', { unshippedOnly: shipped })
      // Each vendor part's paid share, less what earlier refunds gave back, is owed: a refunds row each (decision 0014).
      for (const payment of attempts.filter((attempt) => ['paid', 'refund_due'].includes(attempt.status))) {
        for (const part of parts) {
          await this.modules.postings.refundRest(t, {
            order,
            payment,
            partId: part.id,
            cause: 'order_refund',
            reason: body.reason,
            approvedBy: adminId,
          })
        }
      }
      for (const paymentId of await payments.markRefunded(t, orderId)) {
        await payments.recordEvent(t, {
          paymentId,
          source: 'admin_refund',
          outcome: 'applied',
          rawBody: JSON.stringify({
            by: adminId,
            reason: body.reason,
            reference,
            amountCents: owedCents,
            returnedCents,
          }),
          remoteAddress: ctx.ip,
        })
      }
      await orders.setStatus(t, orderId, 'refunded')
      await orders.setAllPartsStatus(t, orderId, 'refunded')
      await audit.write(t, adminId, {
        action: 'order.refunded',
        subjectType: 'order',
        subjectId: orderId,
        detail: {
          name: order.order_number,
          reason: body.reason,
          reference,
          amount: formatKes(owedCents),
          ...(returnedCents > 0 ? { refundedByReturns: formatKes(returnedCents) } : {}),
        },
      })
      const link = orders.buyerLink(order.order_number)
      return mailer.enqueue(t, orderRefundedEmail(order, body.reason, reference, link, owedCents))
    })
    mailer.deliver([mailId])
  }
}
