import type { PaymentState, RetryPaymentBody } from '@soko/contract/checkout'
import type { Db } from '@soko/db/client'
import type { OrdersService } from '../modules/orders/service.ts'
import { toPaymentState } from '../modules/payments/payment-view.ts'
import type { PaymentService } from '../modules/payments/service.ts'
import type { RateLimiter } from '../modules/rate-limits/service.ts'
import type { Ctx } from '../plugins/auth.ts'
import { AppError } from '../plugins/errors.ts'
import { limitPaymentAttempts, type PaymentLimits } from './payment-limits.ts'

/**
 * A new payment attempt after one failed, in one transaction on the locked order: never while an M-Pesa push is
 * still waiting for the shopper; an open attempt closed; the reservation kept going a little; the new attempt
 * created; then, after commit, its push or card page starts.
 */
export class RetryPayment {
  constructor(
    private readonly modules: {
      db: Db
      orders: OrdersService
      payments: PaymentService
      limiter: RateLimiter
    },
    private readonly limits: PaymentLimits,
  ) {}

  async run(
    ctx: Ctx,
    orderNumber: string,
    token: string | undefined,
    body: RetryPaymentBody,
    returnUrl: string,
  ): Promise<PaymentState> {
    const { db, orders, payments } = this.modules
    if (body.paymentMethod === 'pay-on-delivery') {
      // Its rules are checked when an order is placed; an unpaid order is paid now, by M-Pesa, Paybill or card.
      const message = 'Pay on delivery is chosen when you place an order. Pay this one by M-Pesa or card.'
      throw new AppError('invalid_data', message, { paymentMethod: [message] })
    }
    // The contract has checked it is a Safaricom line and answers it as E.164.
    const phone = body.mpesaNumber ?? null
    const current = await orders.authorised(ctx, orderNumber, token)
    const [previous] = await payments.latestOf(db, [current.id])
    const nextMethod = body.paymentMethod ?? previous?.method ?? current.payment_method
    await limitPaymentAttempts(
      this.modules.limiter,
      this.limits,
      ctx,
      nextMethod === 'mpesa' ? (phone ?? previous?.phone ?? current.phone) : null,
    )
    const paymentId = await db.transaction(async (t) => {
      const order = await orders.authorised(ctx, orderNumber, token, t, true)
      if (order.status !== 'pending_payment') {
        throw new AppError(
          'conflict',
          order.status === 'cancelled'
            ? 'This order was cancelled, so it can no longer be paid. Its items may still be in stock: order them again.'
            : order.payment_method === 'pay-on-delivery'
              ? 'This order is paid on delivery, to the rider.'
              : 'This order is already paid.',
        )
      }
      const pending = await payments.pendingOf(t, order.id)
      if (pending?.method === 'mpesa' && pending.checkout_request_id) {
        throw new AppError('conflict', 'We are still waiting for your M-Pesa payment. Check your phone.')
      }
      if (pending) await payments.closePending(t, order.id, 'cancelled')
      const [last] = await payments.latestOf(t, [order.id])
      const method = body.paymentMethod ?? last?.method ?? order.payment_method
      const attempt = (await payments.countOf(t, order.id)) + 1
      // A new attempt gets a little time of its own, so the stock is not released while the shopper pays.
      await orders.extendReservation(t, order.id, new Date(Date.now() + 3 * 60_000))
      return payments.createAttempt(t, {
        orderId: order.id,
        method,
        amountCents: order.total_cents,
        phone: method === 'mpesa' ? (phone ?? last?.phone ?? order.phone) : null,
        reference: `${order.order_number}-${attempt}`,
      })
    })
    await payments.start(
      paymentId,
      { orderNumber: current.order_number, phone: current.phone, email: current.email },
      returnUrl,
    )
    const payment = await payments.byId(db, paymentId)
    if (!payment) throw new Error('payment vanished')
    return toPaymentState(payment, { status: 'pending_payment', order_number: current.order_number }, payments.paybill)
  }
}
