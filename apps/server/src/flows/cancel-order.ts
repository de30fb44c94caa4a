import { ORDER_STATUS_LABELS, type OrderDetail, type OrderStatus } from '@soko/contract/checkout'
import type { Mailer } from '../modules/mail/mailer.ts'
import { orderCancelledEmail } from '../modules/orders/mail-templates.ts'
import { CANCELLABLE } from '../modules/orders/order-view.ts'
import { NO_SUCH_ORDER } from '../modules/orders/service.ts'
import type { Ctx } from '../plugins/auth.ts'
import { AppError } from '../plugins/errors.ts'
import type { LedgerPostings } from './ledger-postings.ts'
import { cancelOrder, type OrderModules } from './order-stock.ts'

/**
 * The shopper cancels before anything has shipped, in one transaction: the order and its vendor parts cancelled →
 * its stock back on sale → open payment attempts closed (a paid order's money marked to be refunded) → the
 * shopper's email; the email leaves after commit.
 */
export class CancelOrder {
  constructor(
    private readonly modules: OrderModules & { mailer: Mailer; postings: Pick<LedgerPostings, 'refundRest'> },
  ) {}

  async run(ctx: Ctx, orderNumber: string, token: string | undefined): Promise<OrderDetail> {
    const { db, orders, payments, mailer } = this.modules
    const mail: number[] = []
    const orderId = await db.transaction(async (t) => {
      const order = await orders.authorised(ctx, orderNumber, token, t, true)
      if (order.status === 'cancelled') return order.id
      const parts = await orders.partsOf(t, [order.id])
      if (!CANCELLABLE.includes(order.status) || parts.some((part) => !CANCELLABLE.includes(part.status))) {
        throw new AppError(
          'conflict',
          `This order is ${ORDER_STATUS_LABELS[order.status as OrderStatus].toLowerCase()}, so it can no longer be cancelled.`,
        )
      }
      // What was paid is owed back in full: a refunds row per vendor part, posted, its sending queued. A
      // pay-on-delivery order cancelled before anything shipped was not paid at all.
      const paid =
        order.status === 'pending_payment'
          ? []
          : (await payments.ofOrder(t, order.id)).filter((payment) => payment.status === 'paid')
      const wasPaid = paid.length > 0
      for (const payment of paid) {
        for (const part of parts) {
          await this.modules.postings.refundRest(t, {
            order,
            payment,
            partId: part.id,
            cause: 'cancellation',
            reason: 'Cancelled by the shopper.',
            approvedBy: ctx.user?.id ?? null,
          })
        }
      }
      await cancelOrder(t, this.modules, order.id, {
        reason: 'Cancelled by the shopper.',
        partsFrom: [...CANCELLABLE],
        attempts: 'cancelled',
      })
      if (wasPaid) await payments.markRefundDue(t, order.id)
      const link = orders.buyerLink(order.order_number)
      mail.push(await mailer.enqueue(t, orderCancelledEmail(order, 'you cancelled it.', wasPaid, link)))
      return order.id
    })
    mailer.deliver(mail)
    const order = await orders.byId(db, orderId)
    if (!order) throw new AppError('not_found', NO_SUCH_ORDER)
    return orders.detail(order)
  }
}
