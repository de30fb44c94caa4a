import type { Db } from '@soko/db/client'
import { toMsisdn } from '@soko/domain/phone'
import type { FastifyBaseLogger } from 'fastify'
import type { Stock } from '../catalog/stock.ts'
import { enqueueJob, type Job, type JobQueue, type JobResult } from '../jobs/queue.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { CardCharge, CardProvider } from '../payments/card/provider.ts'
import { type DarajaClient, DarajaError } from '../payments/mpesa/daraja.ts'
import { enqueueVendorPaidEmails } from '../vendors/notifications.ts'
import { orderCancelledEmail, orderConfirmedEmail } from './mail-templates.ts'
import * as repo from './repository.ts'

/** Why an order was cancelled when its reservation ended unpaid: such an order comes back if the money comes in. */
export const EXPIRED_REASON = 'It was not paid in time, so its items went back on sale.'

export interface PaymentGateways {
  mpesa: DarajaClient
  card: CardProvider
  /** Where Daraja sends results: the public address (or this process's own) and the secret path. */
  mpesaCallbackUrl(): Promise<string>
}

export interface PaymentSettings {
  /** First STK status query after this long without a callback, then doubling. */
  queryAfterMs: number
  queryAttempts: number
  /** Links in emails: the marketplace's address. */
  publicUrl: () => string
}

/** What a callback, webhook or status answer says about an M-Pesa payment. */
export interface MpesaResult {
  resultCode: number
  resultDesc: string
  amountKes?: number | null
  receipt?: string | null
  phone?: string | null
}

export type ApplyOutcome = 'applied' | 'duplicate' | 'rejected'

/** Shopper-facing sentences for Daraja's refusals of a push. */
function pushFailureMessage(error: unknown): string {
  if (!(error instanceof DarajaError)) return 'We could not reach M-Pesa. Try again in a moment.'
  if (/lock subscriber/i.test(error.message)) {
    return 'An M-Pesa request is already waiting on this phone. Answer or cancel it, then try again.'
  }
  if (/PhoneNumber|PartyA/i.test(error.message))
    return 'M-Pesa did not accept this phone number. Check it and try again.'
  if (error.httpStatus === 0) return 'We could not reach M-Pesa. Try again in a moment.'
  return 'M-Pesa is busy right now. Try again in a minute.'
}

/**
 * Payments of orders (DESIGN D5): starts M-Pesa pushes and card payments, and applies what Daraja and the card
 * provider say, whichever way it arrives (callback, webhook, status query), exactly once: each result is applied
 * under the payment's row lock and only to a payment still waiting for one, so a repeated callback changes nothing.
 * A callback must match the stored payment's CheckoutRequestID, amount and phone, or it is recorded and ignored.
 */
export class PaymentService {
  /** Pushes sent by this process whose answer (and CheckoutRequestID) is not stored yet. */
  private pushesInFlight = 0

  constructor(
    private readonly db: Db,
    private readonly gateways: PaymentGateways,
    readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly stock: Stock,
    private readonly settings: PaymentSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    jobs.register('mpesa.query', (job) => this.queryMpesaJob(job))
    jobs.register('card.verify', (job) => this.verifyCardJob(job))
  }

  private transaction<T>(work: (t: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx as unknown as Db))
  }

  /** Payment attempts by method and status, for /metrics. */
  countsByOutcome(): Promise<{ method: string; status: string; n: number }[]> {
    return repo.countPaymentsByOutcome(this.db)
  }

  /** Sends the push or opens the card page of a new payment; a refusal is recorded on the payment, never thrown. */
  async start(paymentId: number, returnUrl: string): Promise<void> {
    const payment = await repo.paymentById(this.db, paymentId)
    if (payment?.status !== 'pending') return
    const order = await repo.orderById(this.db, payment.order_id)
    if (!order) return
    if (payment.method === 'mpesa') {
      this.pushesInFlight += 1
      try {
        const pushed = await this.gateways.mpesa.stkPush({
          amountKes: payment.amount_cents / 100,
          phone: payment.phone ?? order.phone,
          accountReference: order.order_number,
          description: 'Soko order',
          callbackUrl: await this.gateways.mpesaCallbackUrl(),
        })
        await this.transaction(async (t) => {
          await repo.updatePayment(t, payment.id, {
            merchantRequestId: pushed.merchantRequestId,
            checkoutRequestId: pushed.checkoutRequestId,
          })
          await enqueueJob(t, {
            kind: 'mpesa.query',
            payload: { paymentId: payment.id },
            runAt: new Date(Date.now() + this.settings.queryAfterMs),
            dedupeKey: `mpesa-query:${payment.id}`,
          })
        })
      } catch (error) {
        this.log.warn({ err: error, paymentId }, 'M-Pesa push refused')
        await repo.updatePayment(this.db, payment.id, {
          status: 'failed',
          resultDesc: pushFailureMessage(error),
          settled: true,
        })
      } finally {
        this.pushesInFlight -= 1
      }
      return
    }
    try {
      const { redirectUrl } = await this.gateways.card.initialize({
        reference: payment.reference,
        amountCents: payment.amount_cents,
        email: order.email,
        callbackUrl: returnUrl,
        metadata: { orderNumber: order.order_number },
      })
      await this.transaction(async (t) => {
        await repo.updatePayment(t, payment.id, { redirectUrl })
        await enqueueJob(t, {
          kind: 'card.verify',
          payload: { paymentId: payment.id },
          runAt: new Date(Date.now() + 5 * 60_000),
          dedupeKey: `card-verify:${payment.id}`,
        })
      })
    } catch (error) {
      this.log.warn({ err: error, paymentId }, 'card payment could not start')
      await repo.updatePayment(this.db, payment.id, {
        status: 'failed',
        resultDesc: 'The card payment page could not be opened. Try again, or pay with M-Pesa.',
        settled: true,
      })
    }
  }

  /** An M-Pesa result for a CheckoutRequestID, from the callback (checked against the payment) or a status query. */
  async applyMpesa(
    checkoutRequestId: string,
    result: MpesaResult,
    source: 'callback' | 'query',
    rawBody: string,
    remoteAddress = '',
  ): Promise<ApplyOutcome> {
    if (source === 'callback') await this.awaitPushRecorded(checkoutRequestId)
    const mail: number[] = []
    const outcome = await this.transaction(async (t) => {
      let payment = await repo.paymentByCheckoutRequestId(t, checkoutRequestId)
      if (!payment && source === 'callback') payment = await this.reconcile(t, checkoutRequestId, result)
      const record = (outcome: string) =>
        repo.insertPaymentEvent(t, {
          paymentId: payment?.id ?? null,
          source: `mpesa-${source}`,
          outcome,
          rawBody,
          remoteAddress,
        })
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
      // 'expired' only means we stopped waiting: a late success still counts.
      if (payment.status !== 'pending' && payment.status !== 'expired') {
        await record('duplicate')
        return 'duplicate' as const
      }
      if (result.resultCode === 0) {
        await this.markPaid(t, payment, { receipt: result.receipt ?? null }, mail)
      } else if (payment.status === 'pending') {
        await repo.updatePayment(t, payment.id, {
          status: result.resultCode === 1032 ? 'cancelled' : 'failed',
          resultCode: result.resultCode,
          resultDesc: result.resultDesc,
          settled: true,
        })
      }
      await record('applied')
      return 'applied' as const
    })
    this.mailer.deliver(mail)
    return outcome
  }

  /**
   * A callback can outrun the answer to the push that caused it (a quick customer, a busy server): the
   * CheckoutRequestID is stored only once Daraja's answer arrives. Give that answer a moment before calling the
   * callback unknown.
   */
  private async awaitPushRecorded(checkoutRequestId: string): Promise<void> {
    for (let waited = 0; waited < 5000; waited += 100) {
      if (await repo.hasCheckoutRequest(this.db, checkoutRequestId)) return
      if (this.pushesInFlight === 0) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  /**
   * A successful callback for a push whose CheckoutRequestID was never stored (a process died between Daraja's
   * answer and the write): the money came, so it is matched to the one open attempt of that phone and amount, if
   * there is exactly one. A failure callback carries no amount or phone and cannot be matched: nothing was paid.
   */
  private async reconcile(t: Db, checkoutRequestId: string, result: MpesaResult): Promise<repo.PaymentRow | null> {
    if (result.resultCode !== 0 || !result.phone || result.amountKes == null) return null
    const candidate = await repo.unrecordedPush(t, `+${result.phone}`, Math.round(result.amountKes * 100))
    if (!candidate) return null
    this.log.warn({ paymentId: candidate.id, checkoutRequestId }, 'M-Pesa callback matched to an unrecorded push')
    await repo.updatePayment(t, candidate.id, { checkoutRequestId })
    return { ...candidate, checkout_request_id: checkoutRequestId }
  }

  /** A card result for our reference, from the signed webhook or from asking the provider. */
  async applyCard(charge: CardCharge, source: 'webhook' | 'verify', rawBody: string, remoteAddress = '') {
    const mail: number[] = []
    const outcome = await this.transaction(async (t): Promise<ApplyOutcome> => {
      const payment = await repo.paymentByReference(t, charge.reference)
      const record = (outcome: string) =>
        repo.insertPaymentEvent(t, {
          paymentId: payment?.id ?? null,
          source: `card-${source}`,
          outcome,
          rawBody,
          remoteAddress,
        })
      if (payment?.method !== 'credit-card') {
        await record('rejected: unknown reference')
        return 'rejected'
      }
      if (charge.status === 'pending') return 'duplicate'
      if (payment.status !== 'pending' && payment.status !== 'expired') {
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
        await repo.updatePayment(t, payment.id, {
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
    this.mailer.deliver(mail)
    return outcome
  }

  /**
   * Money came in: the payment is paid and its order too (stock already taken). An order cancelled because its
   * reservation ran out takes its stock back if it is still there; otherwise, and for an order the shopper
   * cancelled or paid twice, the money is marked to be refunded.
   */
  private async markPaid(
    t: Db,
    payment: repo.PaymentRow,
    details: { receipt: string | null; cardLast4?: string | null; cardBrand?: string | null },
    mail: number[],
  ): Promise<void> {
    const order = await repo.orderById(t, payment.order_id, true)
    if (!order) return
    let revived = order.status === 'pending_payment'
    if (!revived && order.status === 'cancelled' && order.stock_released_at !== null) {
      revived = order.cancel_reason === EXPIRED_REASON && (await this.retakeStock(t, order.id))
    }
    await repo.updatePayment(t, payment.id, {
      status: revived ? 'paid' : 'refund_due',
      receipt: details.receipt,
      resultCode: 0,
      resultDesc: null,
      cardLast4: details.cardLast4 ?? null,
      cardBrand: details.cardBrand ?? null,
      settled: true,
    })
    const items = await repo.itemsOf(t, [order.id])
    if (!revived) {
      this.log.warn(
        { orderId: order.id, paymentId: payment.id },
        'payment for an order that cannot take it: refund due',
      )
      if (order.status === 'cancelled') {
        mail.push(
          await this.mailer.enqueue(
            t,
            orderCancelledEmail(order, 'it was cancelled before the payment came in.', true),
          ),
        )
      }
      return
    }
    // Any other attempt still open is superseded (its push may still be answered: that money would be refunded).
    await repo.supersedePendingPayments(t, order.id, payment.id)
    await repo.setOrderStatus(t, order.id, 'paid', { paid: true })
    await repo.setVendorOrdersStatus(t, order.id, 'paid', ['pending_payment', 'cancelled'])
    // Each shop hears of its own part (DESIGN D6, D7).
    mail.push(...(await enqueueVendorPaidEmails(t, this.mailer, order.id, this.settings.publicUrl())))
    await this.stock.countSales(t, await repo.stockLinesOf(t, order.id))
    const link = `${this.settings.publicUrl()}/accounts/orders/${order.order_number}`
    mail.push(await this.mailer.enqueue(t, orderConfirmedEmail(order, items, link)))
  }

  /** Takes a released order's stock again (money that came in after its reservation ended); false if sold. */
  private async retakeStock(t: Db, orderId: number): Promise<boolean> {
    if (!(await this.stock.takeAll(t, await repo.stockLinesOf(t, orderId)))) return false
    await repo.markStockRetaken(t, orderId)
    return true
  }

  /** Asks Daraja about a push that had no callback yet, with backoff; gives up waiting after the last attempt. */
  async queryMpesaJob(job: Job): Promise<JobResult | undefined> {
    const paymentId = Number(job.payload.paymentId)
    const payment = await repo.paymentById(this.db, paymentId)
    if (payment?.status !== 'pending' || !payment.checkout_request_id) return undefined
    const answer = await this.queryMpesa(payment)
    if (answer !== 'pending') return undefined
    if (job.attempts < this.settings.queryAttempts) {
      return { retryAt: new Date(Date.now() + this.settings.queryAfterMs * 2 ** (job.attempts - 1)) }
    }
    await this.transaction(async (t) => {
      const locked = await repo.paymentById(t, paymentId, true)
      if (locked?.status === 'pending') {
        await repo.updatePayment(t, paymentId, { status: 'expired', settled: true })
      }
    })
    return undefined
  }

  /** One STK status query, applied; 'pending' while the customer has not answered (or Daraja cannot say). */
  async queryMpesa(payment: repo.PaymentRow): Promise<'pending' | 'settled'> {
    if (!payment.checkout_request_id) return 'pending'
    try {
      const answer = await this.gateways.mpesa.stkQuery(payment.checkout_request_id)
      await repo.updatePayment(this.db, payment.id, { addQuery: true })
      if (answer.state === 'pending') return 'pending'
      await this.applyMpesa(
        payment.checkout_request_id,
        { resultCode: answer.resultCode, resultDesc: answer.resultDesc },
        'query',
        JSON.stringify(answer),
      )
      return 'settled'
    } catch (error) {
      this.log.warn({ err: error, paymentId: payment.id }, 'STK status query failed')
      return 'pending'
    }
  }

  /** Asks the card provider about a payment whose webhook has not come. */
  async verifyCard(payment: repo.PaymentRow): Promise<'pending' | 'settled'> {
    try {
      const charge = await this.gateways.card.verify(payment.reference)
      if (charge.status === 'pending') return 'pending'
      await this.applyCard(charge, 'verify', JSON.stringify(charge))
      return 'settled'
    } catch (error) {
      this.log.warn({ err: error, paymentId: payment.id }, 'card verification failed')
      return 'pending'
    }
  }

  private async verifyCardJob(job: Job): Promise<JobResult | undefined> {
    const payment = await repo.paymentById(this.db, Number(job.payload.paymentId))
    if (payment?.status !== 'pending') return undefined
    if ((await this.verifyCard(payment)) === 'pending' && job.attempts < 6) {
      return { retryAt: new Date(Date.now() + 5 * 60_000) }
    }
    return undefined
  }
}
