import type { Db } from '@soko/db/client'
import { toMsisdn } from '@soko/domain/phone'
import type { FastifyBaseLogger } from 'fastify'
import type { Stock } from '../modules/catalog/stock.ts'
import type { Job, JobQueue, JobResult } from '../modules/jobs/queue.ts'
import type { Mailer } from '../modules/mail/mailer.ts'
import { orderCancelledEmail, orderConfirmedEmail } from '../modules/orders/mail-templates.ts'
import { EXPIRED_REASON, type OrdersService } from '../modules/orders/service.ts'
import type { CardCharge } from '../modules/payments/card/provider.ts'
import type { ApplyOutcome, MpesaResult, PaymentRow, PaymentService } from '../modules/payments/service.ts'
import type { LedgerPostings } from './ledger-postings.ts'
import { takeBackStock } from './order-stock.ts'
import type { OrderTexts } from './order-texts.ts'
import type { PaidShopNotices } from './paid-shop-notices.ts'

/** Whether a result may still settle the payment: 'expired' only means we stopped waiting (a late success counts). */
const isAwaitingResult = (payment: PaymentRow) => payment.status === 'pending' || payment.status === 'expired'

export interface SettlePaymentSettings {
  /** First STK status query after this long without a callback, then doubling. */
  queryAfterMs: number
  queryAttempts: number
  /** Links in emails: the marketplace's address. */
  publicUrl: () => string
}

/**
 * Applying what Daraja and the card provider say (DESIGN D5), whichever way it arrives (callback, webhook, status
 * query), exactly once: each result is applied under the payment's row lock and only to a payment still waiting for
 * one, so a repeated callback changes nothing. A callback must match the stored payment's CheckoutRequestID, amount
 * and phone, or it is recorded and ignored. Money that came in marks the payment, the order and its vendor parts
 * paid, posts it to the ledger, counts the sales and writes the shopper's and each shop's email, in one transaction.
 */
export class SettlePayment {
  constructor(
    private readonly modules: {
      db: Db
      payments: PaymentService
      orders: OrdersService
      stock: Stock
      mailer: Mailer
      shopNotices: PaidShopNotices
      jobs: JobQueue
      postings: LedgerPostings
      texts: Pick<OrderTexts, 'paid' | 'kick'>
      log: FastifyBaseLogger
    },
    private readonly settings: SettlePaymentSettings,
  ) {
    modules.jobs.register('mpesa.query', (job) => this.queryMpesaJob(job))
    modules.jobs.register('card.verify', (job) => this.verifyCardJob(job))
  }

  /** An M-Pesa result for a CheckoutRequestID, from the callback (checked against the payment) or a status query. */
  async applyMpesa(
    checkoutRequestId: string,
    result: MpesaResult,
    source: 'callback' | 'query',
    rawBody: string,
    remoteAddress = '',
  ): Promise<ApplyOutcome> {
    const { db, payments, mailer } = this.modules
    if (source === 'callback') await this.awaitPushRecorded(checkoutRequestId)
    const mail: number[] = []
    const outcome = await db.transaction(async (t) => {
      let payment = await payments.byCheckoutRequestId(t, checkoutRequestId)
      if (!payment && source === 'callback') payment = await this.reconcile(t, checkoutRequestId, result)
      const record = this.recorder(t, payment, { source: `mpesa-${source}`, rawBody, remoteAddress })
      if (!payment) {
        await record('rejected: unknown CheckoutRequestID')
        return 'rejected' as const
      }
      if (result.resultCode === 0 && source === 'callback') {
        const expectedPhone = payment.phone ? toMsisdn(payment.phone) : null
        if (result.amountKes !== payment.amount_cents / 100 || (expectedPhone && result.phone !== expectedPhone)) {
          await record('rejected: amount or phone does not match the payment')
          return 'rejected' as const
        }
      }
      if (!isAwaitingResult(payment)) {
        await record('duplicate')
        return 'duplicate' as const
      }
      if (result.resultCode === 0) {
        await this.markPaid(t, payment, { receipt: result.receipt ?? null }, mail)
      } else if (payment.status === 'pending') {
        await payments.update(t, payment.id, {
          status: result.resultCode === 1032 ? 'cancelled' : 'failed',
          resultCode: result.resultCode,
          resultDesc: result.resultDesc,
          settled: true,
        })
      }
      await record('applied')
      return 'applied' as const
    })
    mailer.deliver(mail)
    this.modules.texts.kick()
    return outcome
  }

  /** Writes what a provider's message did as an event of the payment it named (of none, for an unknown one). */
  private recorder(
    t: Db,
    payment: PaymentRow | null,
    message: { source: string; rawBody: string; remoteAddress: string },
  ): (outcome: string) => Promise<void> {
    return (outcome) => this.modules.payments.recordEvent(t, { paymentId: payment?.id ?? null, outcome, ...message })
  }

  /**
   * A callback can outrun the answer to the push that caused it (a quick customer, a busy server): the
   * CheckoutRequestID is stored only once Daraja's answer arrives. Give that answer a moment before calling the
   * callback unknown.
   */
  private async awaitPushRecorded(checkoutRequestId: string): Promise<void> {
    const { payments } = this.modules
    for (let waited = 0; waited < 5000; waited += 100) {
      if (await payments.hasCheckoutRequest(checkoutRequestId)) return
      if (!payments.isPushInFlight) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  /**
   * A successful callback for a push whose CheckoutRequestID was never stored (a process died between Daraja's
   * answer and the write): the money came, so it is matched to the one open attempt of that phone and amount, if
   * there is exactly one. A failure callback carries no amount or phone and cannot be matched: nothing was paid.
   */
  private async reconcile(t: Db, checkoutRequestId: string, result: MpesaResult): Promise<PaymentRow | null> {
    if (result.resultCode !== 0 || !result.phone || result.amountKes == null) return null
    const { payments, log } = this.modules
    const candidate = await payments.unrecordedPush(t, `+${result.phone}`, Math.round(result.amountKes * 100))
    if (!candidate) return null
    log.warn({ paymentId: candidate.id, checkoutRequestId }, 'M-Pesa callback matched to an unrecorded push')
    await payments.update(t, candidate.id, { checkoutRequestId })
    return { ...candidate, checkout_request_id: checkoutRequestId }
  }

  /** A card result for our reference, from the signed webhook or from asking the provider. */
  async applyCard(
    charge: CardCharge,
    source: 'webhook' | 'verify',
    rawBody: string,
    remoteAddress = '',
  ): Promise<ApplyOutcome> {
    const { db, payments, mailer } = this.modules
    const mail: number[] = []
    const outcome = await db.transaction(async (t): Promise<ApplyOutcome> => {
      const payment = await payments.byReference(t, charge.reference)
      const record = this.recorder(t, payment, { source: `card-${source}`, rawBody, remoteAddress })
      if (payment?.method !== 'credit-card') {
        await record('rejected: unknown reference')
        return 'rejected'
      }
      if (charge.status === 'pending') return 'duplicate'
      if (!isAwaitingResult(payment)) {
        await record('duplicate')
        return 'duplicate'
      }
      if (charge.status === 'success') {
        if (charge.amountCents !== payment.amount_cents || charge.currency !== 'KES') {
          await record('rejected: amount or currency does not match the payment')
          return 'rejected'
        }
        await this.markPaid(
          t,
          payment,
          { receipt: charge.reference, cardLast4: charge.last4, cardBrand: charge.brand },
          mail,
        )
      } else if (payment.status === 'pending') {
        await payments.update(t, payment.id, {
          status: charge.status === 'abandoned' ? 'cancelled' : 'failed',
          resultDesc:
            charge.status === 'abandoned'
              ? 'You left the card payment page before paying.'
              : `Your card was declined${charge.message ? `: ${charge.message}` : ''}. Try another card or M-Pesa.`,
          settled: true,
        })
      }
      await record('applied')
      return 'applied'
    })
    mailer.deliver(mail)
    this.modules.texts.kick()
    return outcome
  }

  /**
   * Money came in: the payment is paid and its order too (stock already taken). An order cancelled because its
   * reservation ran out takes its stock back if it is still there; otherwise, and for an order the shopper
   * cancelled or paid twice, the money is marked to be refunded. In the caller's transaction: the Paybill flow
   * pays through here too (flows/paybill-payment.ts), so whatever a paid order brings about happens once, here.
   */
  async markPaid(
    t: Db,
    payment: PaymentRow,
    details: { receipt: string | null; cardLast4?: string | null; cardBrand?: string | null },
    mail: number[],
  ): Promise<void> {
    const { orders, payments, stock, mailer, shopNotices, postings, log } = this.modules
    const order = await orders.byId(t, payment.order_id, true)
    if (!order) return
    let revived = order.status === 'pending_payment'
    if (!revived && order.status === 'cancelled' && order.stock_released_at !== null) {
      revived = order.cancel_reason === EXPIRED_REASON && (await takeBackStock(t, { orders, stock }, order.id))
    }
    await payments.update(t, payment.id, {
      status: revived ? 'paid' : 'refund_due',
      receipt: details.receipt,
      resultCode: 0,
      resultDesc: null,
      cardLast4: details.cardLast4 ?? null,
      cardBrand: details.cardBrand ?? null,
      settled: true,
    })
    const items = await orders.itemsOf(t, [order.id])
    // The money is in the float either way (decision 0014): received, and for an order that cannot take it owed back.
    const late = revived
      ? null
      : {
          reason:
            order.status === 'cancelled'
              ? 'The payment came in after the order was cancelled.'
              : 'The order had been paid already: this payment is given back.',
        }
    await postings.paymentReceived(t, payment, order, late)
    if (!revived) {
      log.warn({ orderId: order.id, paymentId: payment.id }, 'payment for an order that cannot take it: refund due')
      if (order.status === 'cancelled') {
        const link = orders.buyerLink(order.order_number)
        const reason = 'it was cancelled before the payment came in.'
        mail.push(await mailer.enqueue(t, orderCancelledEmail(order, reason, true, link)))
      }
      return
    }
    // Any other attempt still open is superseded (its push may still be answered: that money would be refunded).
    await payments.supersedePending(t, order.id, payment.id)
    await orders.setStatus(t, order.id, 'paid', { paid: true })
    await orders.setPartsStatus(t, order.id, 'paid', ['pending_payment', 'cancelled'])
    // Each shop hears of its own part (DESIGN D6, D7).
    mail.push(...(await shopNotices.enqueue(t, order.id, this.settings.publicUrl())))
    await stock.countSales(t, await orders.stockLines(t, order.id))
    const link = orders.buyerLink(order.order_number)
    mail.push(await mailer.enqueue(t, orderConfirmedEmail(order, items, link)))
    await this.modules.texts.paid(t, order)
  }

  /** Asks Daraja about a push that had no callback yet, with backoff; gives up waiting after the last attempt. */
  async queryMpesaJob(job: Job): Promise<JobResult | undefined> {
    const { db, payments } = this.modules
    const paymentId = Number(job.payload.paymentId)
    const payment = await payments.byId(db, paymentId)
    if (payment?.status !== 'pending' || !payment.checkout_request_id) return undefined
    const answer = await this.queryMpesa(payment)
    if (answer !== 'pending') return undefined
    if (job.attempts < this.settings.queryAttempts) {
      return { retryAt: new Date(Date.now() + this.settings.queryAfterMs * 2 ** (job.attempts - 1)) }
    }
    await db.transaction(async (t) => {
      const locked = await payments.byId(t, paymentId, true)
      if (locked?.status === 'pending') await payments.update(t, paymentId, { status: 'expired', settled: true })
    })
    return undefined
  }

  /** One STK status query, applied; 'pending' while the customer has not answered (or Daraja cannot say). */
  async queryMpesa(payment: PaymentRow): Promise<'pending' | 'settled'> {
    if (!payment.checkout_request_id) return 'pending'
    try {
      const answer = await this.modules.payments.askMpesa(payment.checkout_request_id, payment.id)
      if (answer.state === 'pending') return 'pending'
      await this.applyMpesa(
        payment.checkout_request_id,
        { resultCode: answer.resultCode, resultDesc: answer.resultDesc },
        'query',
        JSON.stringify(answer),
      )
      return 'settled'
    } catch (error) {
      this.modules.log.warn({ err: error, paymentId: payment.id }, 'STK status query failed')
      return 'pending'
    }
  }

  /** Asks the card provider about a payment whose webhook has not come. */
  async verifyCard(payment: PaymentRow): Promise<'pending' | 'settled'> {
    try {
      const charge = await this.modules.payments.askCard(payment.reference)
      if (charge.status === 'pending') return 'pending'
      await this.applyCard(charge, 'verify', JSON.stringify(charge))
      return 'settled'
    } catch (error) {
      this.modules.log.warn({ err: error, paymentId: payment.id }, 'card verification failed')
      return 'pending'
    }
  }

  private async verifyCardJob(job: Job): Promise<JobResult | undefined> {
    const payment = await this.modules.payments.byId(this.modules.db, Number(job.payload.paymentId))
    if (payment?.status !== 'pending') return undefined
    if ((await this.verifyCard(payment)) === 'pending' && job.attempts < 6) {
      return { retryAt: new Date(Date.now() + 5 * 60_000) }
    }
    return undefined
  }
}
