import type { RefundView } from '@soko/contract/checkout'
import type { Db } from '@soko/db/client'
import { centsToKes } from '@soko/domain/money'
import type { PaymentMethod } from '@soko/domain/order-states'
import type { FastifyBaseLogger } from 'fastify'
import { enqueueJob } from '../jobs/queue.ts'
import * as c2bRepo from './c2b-repository.ts'
import type { CardCharge, CardProvider } from './card/provider.ts'
import { type DarajaClient, DarajaError } from './mpesa/daraja.ts'
import type { PaybillSettings } from './payment-view.ts'
import { type PaymentMovement, type Period, paymentMovements } from './reconciliation.ts'
import { refundDestination } from './refund-words.ts'
import * as refundRepo from './refunds-repository.ts'
import * as repo from './repository.ts'

export type { C2bPaymentRow, NewC2bPayment } from './c2b-repository.ts'
export type { PaymentMovement, Period } from './reconciliation.ts'
export type { PaymentRow, PaymentUpdate } from './repository.ts'

export interface PaymentGateways {
  mpesa: DarajaClient
  card: CardProvider
  /** Where Daraja sends results: the public address (or this process's own) and the secret path. */
  mpesaCallbackUrl(): Promise<string>
  /** Where Daraja sends C2B validation and confirmation requests (secret paths). */
  c2bUrls(): Promise<{ validation: string; confirmation: string }>
}

export interface PaymentSettings {
  /** First STK status query after this long without a callback, then doubling. */
  queryAfterMs: number
  /** The Paybill shoppers may pay by C2B, or null when that way is off. */
  paybill: PaybillSettings | null
}

/** What a callback, webhook or status answer says about an M-Pesa payment. */
export interface MpesaResult {
  resultCode: number
  resultDesc: string
  amountKes?: number | null
  receipt?: string | null
  phone?: string | null
}

/** What became of a provider's result: applied, a repeat of one applied before, or refused (recorded either way). */
export type ApplyOutcome = 'applied' | 'duplicate' | 'rejected'

/** What a payment attempt needs to know of its order to start. */
export interface PayableOrder {
  orderNumber: string
  phone: string
  email: string
}

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
 * Payments of orders (DESIGN D5): each attempt to pay an order, what the providers said about it, and the talking
 * to them: sending an M-Pesa push or opening the card provider's page, and asking either about a result that has
 * not come. Applying a result to the order is the settle-payment flow's (flows/settle-payment.ts). Writes that are
 * part of a larger change run in the caller's transaction `t`.
 */
export class PaymentService {
  /** Pushes sent by this process whose answer (and CheckoutRequestID) is not stored yet. */
  private pushesInFlight = 0

  constructor(
    private readonly db: Db,
    private readonly gateways: PaymentGateways,
    private readonly settings: PaymentSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The Paybill shoppers may pay by C2B (null: off). */
  get paybill(): PaybillSettings | null {
    return this.settings.paybill
  }

  /** Whether this process is waiting for Daraja's answer to a push it sent. */
  get isPushInFlight(): boolean {
    return this.pushesInFlight > 0
  }

  // Reading attempts

  /** The latest attempt of each order. */
  latestOf(db: Db, orderIds: number[]): Promise<repo.PaymentRow[]> {
    return repo.latestPayments(db, orderIds)
  }

  byId(db: Db, id: number, lock = false): Promise<repo.PaymentRow | null> {
    return repo.paymentById(db, id, lock)
  }

  /** The attempt Daraja knows by this CheckoutRequestID, locked. */
  byCheckoutRequestId(t: Db, checkoutRequestId: string): Promise<repo.PaymentRow | null> {
    return repo.paymentByCheckoutRequestId(t, checkoutRequestId)
  }

  /** The card attempt with our reference, locked. */
  byReference(t: Db, reference: string): Promise<repo.PaymentRow | null> {
    return repo.paymentByReference(t, reference)
  }

  /** The one open M-Pesa attempt of that phone and amount whose CheckoutRequestID was never stored, locked. */
  unrecordedPush(t: Db, phoneE164: string, amountCents: number): Promise<repo.PaymentRow | null> {
    return repo.unrecordedPush(t, phoneE164, amountCents)
  }

  hasCheckoutRequest(checkoutRequestId: string): Promise<boolean> {
    return repo.hasCheckoutRequest(this.db, checkoutRequestId)
  }

  /** The order's attempt still waiting for a result, locked. */
  pendingOf(t: Db, orderId: number): Promise<repo.PaymentRow | null> {
    return repo.pendingPaymentOf(t, orderId)
  }

  /** Each order's refunds as its shopper sees them, oldest first (the order page). */
  async refundViewsOf(db: Db, orderIds: number[]): Promise<Map<number, RefundView[]>> {
    const views = new Map<number, RefundView[]>()
    for (const row of await refundRepo.refundsOfOrders(db, orderIds)) {
      const list = views.get(row.order_id) ?? []
      list.push({
        id: row.id,
        amount: centsToKes(row.amount_cents),
        method: row.method,
        destination: refundDestination(row),
        state: row.state,
        sentAt: row.sent_at?.toISOString() ?? null,
      })
      views.set(row.order_id, list)
    }
    return views
  }

  /** Every attempt of an order, oldest first. */
  ofOrder(db: Db, orderId: number): Promise<repo.PaymentRow[]> {
    return repo.paymentsOfOrder(db, orderId)
  }

  /** Every attempt in one of `statuses`, oldest first. */
  inStatuses(statuses: readonly string[], db: Db = this.db): Promise<repo.PaymentRow[]> {
    return repo.paymentsInStatuses(db, statuses)
  }

  countOf(t: Db, orderId: number): Promise<number> {
    return repo.countPayments(t, orderId)
  }

  /** Payment attempts by method and status, for /metrics. */
  countsByOutcome(): Promise<{ method: string; status: string; n: number }[]> {
    return repo.countPaymentsByOutcome(this.db)
  }

  // Writing attempts (in the caller's transaction)

  /** A new attempt, waiting to be started (`start`) once its transaction has committed. */
  createAttempt(
    t: Db,
    attempt: { orderId: number; method: PaymentMethod; amountCents: number; phone: string | null; reference: string },
  ): Promise<number> {
    return repo.insertPayment(t, attempt)
  }

  update(t: Db, id: number, update: repo.PaymentUpdate): Promise<void> {
    return repo.updatePayment(t, id, update)
  }

  /** Keeps what a provider (or an admin) said about an attempt, raw. */
  recordEvent(
    t: Db,
    event: { paymentId: number | null; source: string; outcome: string; rawBody: string; remoteAddress: string },
  ): Promise<void> {
    return repo.insertPaymentEvent(t, event)
  }

  /** Marks every other pending attempt of an order cancelled (one attempt has been paid). */
  supersedePending(t: Db, orderId: number, paidPaymentId: number): Promise<void> {
    return repo.supersedePendingPayments(t, orderId, paidPaymentId)
  }

  /** Settles an order's open attempts when the order ends unpaid. */
  closePending(t: Db, orderId: number, status: 'expired' | 'cancelled'): Promise<void> {
    return repo.closePendingPayments(t, orderId, status)
  }

  /** Marks an order's paid attempts as owed back to the shopper (a paid order cancelled). */
  markRefundDue(t: Db, orderId: number): Promise<void> {
    return repo.markRefundDue(t, orderId)
  }

  /** Marks the order's paid (or owed-back) attempts refunded; their ids. */
  markRefunded(t: Db, orderId: number): Promise<number[]> {
    return repo.markPaymentsRefunded(t, orderId)
  }

  // Paybill (C2B) payments

  /** Keeps a C2B confirmation; null when its TransID came before (a repeat, nothing written). */
  recordC2b(t: Db, payment: c2bRepo.NewC2bPayment): Promise<number | null> {
    return c2bRepo.insertC2bPayment(t, payment)
  }

  /** Links a C2B confirmation to the attempt it paid. */
  linkC2b(t: Db, c2bId: number, paymentId: number): Promise<void> {
    return c2bRepo.setC2bPayment(t, c2bId, paymentId)
  }

  /**
   * The M-Pesa movements of a period this module knows (STK payments, Paybill confirmations, B2C refunds), with what
   * M-Pesa said of each, for the reconciliation; `cut` when a kind had more than `period.limit`.
   */
  movements(
    period: Period,
    kinds: readonly ('stk' | 'paybill' | 'refund')[],
  ): Promise<{ movements: PaymentMovement[]; cut: boolean }> {
    return paymentMovements(this.db, period, kinds)
  }

  c2bById(db: Db, id: number): Promise<c2bRepo.C2bPaymentRow | null> {
    return c2bRepo.c2bPaymentById(db, id)
  }

  /** An admin marks an unmatched C2B payment handled; false when there is no such unresolved one. */
  resolveC2b(t: Db, id: number, adminId: number, note: string): Promise<boolean> {
    return c2bRepo.resolveC2bPayment(t, id, adminId, note)
  }

  /**
   * Tells Daraja where payments to our Paybill are validated and confirmed (Register URL). Called at start; the
   * simulator accepts the same call. Throws when Daraja refuses.
   */
  async registerPaybill(shortCode: string): Promise<void> {
    const urls = await this.gateways.c2bUrls()
    await this.gateways.mpesa.registerC2bUrls({
      shortCode,
      validationUrl: urls.validation,
      confirmationUrl: urls.confirmation,
    })
  }

  // Talking to the providers

  /** Sends the push or opens the card page of a new attempt; a refusal is recorded on the attempt, never thrown. */
  async start(paymentId: number, order: PayableOrder, returnUrl: string): Promise<void> {
    const payment = await repo.paymentById(this.db, paymentId)
    if (payment?.status !== 'pending') return
    // A Paybill attempt sends nothing: it waits for the shopper's own payment (the C2B confirmation).
    if (payment.method === 'mpesa-paybill') return
    if (payment.method === 'mpesa') {
      this.pushesInFlight += 1
      try {
        const pushed = await this.gateways.mpesa.stkPush({
          amountKes: payment.amount_cents / 100,
          phone: payment.phone ?? order.phone,
          accountReference: order.orderNumber,
          description: 'Soko order',
          callbackUrl: await this.gateways.mpesaCallbackUrl(),
        })
        await this.db.transaction(async (t) => {
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
        metadata: { orderNumber: order.orderNumber },
      })
      await this.db.transaction(async (t) => {
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

  /** One STK status query (counted on the attempt); throws when Daraja cannot be asked. */
  async askMpesa(checkoutRequestId: string, paymentId: number): ReturnType<DarajaClient['stkQuery']> {
    const answer = await this.gateways.mpesa.stkQuery(checkoutRequestId)
    await repo.updatePayment(this.db, paymentId, { addQuery: true })
    return answer
  }

  /** What the card provider says of our reference; throws when it cannot be asked. */
  askCard(reference: string): Promise<CardCharge> {
    return this.gateways.card.verify(reference)
  }
}
