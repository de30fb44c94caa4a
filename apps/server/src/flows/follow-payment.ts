import type { PaymentState } from '@soko/contract/checkout'
import type { Db } from '@soko/db/client'
import type { OrdersService } from '../modules/orders/service.ts'
import { toPaymentState } from '../modules/payments/payment-view.ts'
import type { PaymentService } from '../modules/payments/service.ts'
import type { Ctx } from '../plugins/auth.ts'
import { AppError } from '../plugins/errors.ts'
import type { SettlePayment } from './settle-payment.ts'

/**
 * The latest payment attempt of an order, for the confirmation step that follows it. A card payment still open is
 * checked with the provider (the shopper may be back from its page before its webhook), which may settle it.
 */
export class FollowPayment {
  private readonly lastCardCheck = new Map<number, number>()

  constructor(
    private readonly modules: { db: Db; orders: OrdersService; payments: PaymentService; settle: SettlePayment },
  ) {}

  async run(ctx: Ctx, orderNumber: string, token: string | undefined): Promise<PaymentState> {
    const { db, orders, payments, settle } = this.modules
    const order = await orders.authorised(ctx, orderNumber, token)
    let [payment] = await payments.latestOf(db, [order.id])
    if (!payment) throw new AppError('not_found', 'This order has no payment yet.')
    let checked = false
    if (payment.status === 'pending' && payment.method === 'credit-card' && payment.redirect_url) {
      // At most one question to the provider every few seconds per payment, however often the page asks.
      const last = this.lastCardCheck.get(payment.id) ?? payment.updated_at.getTime()
      if (Date.now() - last > 3000) {
        this.lastCardCheck.set(payment.id, Date.now())
        if (this.lastCardCheck.size > 10_000) this.lastCardCheck.clear()
        if ((await settle.verifyCard(payment)) === 'settled') {
          payment = (await payments.byId(db, payment.id)) ?? payment
          checked = true
        }
      }
    }
    const current = checked ? ((await orders.byId(db, order.id)) ?? order) : order
    return toPaymentState(payment, current, payments.paybill)
  }
}
