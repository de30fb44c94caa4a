import type { Db } from '@soko/db/client'
import {
  C2B_REJECT_CODES,
  isRefundOwed,
  judgePaybillPayment,
  orderNumberFromAccount,
  PAYBILL_PROBLEM_TEXT,
  type PaybillOrderState,
  type PaybillProblem,
  transAmountCents,
} from '@soko/domain/paybill'
import type { FastifyBaseLogger } from 'fastify'
import type { Mailer } from '../modules/mail/mailer.ts'
import { EXPIRED_REASON, type OrderRow, type OrdersService } from '../modules/orders/service.ts'
import { type C2bPaymentNotice, type C2bValidationAnswer, parseC2bNotice } from '../modules/payments/mpesa/daraja.ts'
import type { ApplyOutcome, PaymentService } from '../modules/payments/service.ts'
import type { SettlePayment } from './settle-payment.ts'

/** What the payment step and the order page show: how to pay this order from one's own M-Pesa menu. */
export interface PaybillInstructions {
  businessNumber: string
  accountNumber: string
}

/** Where an order stands for a Paybill payment naming it. */
export function paybillStateOf(order: Pick<OrderRow, 'status' | 'cancel_reason'>): PaybillOrderState {
  if (order.status === 'pending_payment') return 'awaiting'
  if (order.status === 'cancelled') return order.cancel_reason === EXPIRED_REASON ? 'expired' : 'cancelled'
  return 'paid'
}

/**
 * Paying an order by M-Pesa Paybill (C2B): the shopper sends the order's total to our business number with the
 * order number as account number, from their own phone. Daraja first asks whether that payment may go through
 * (validation: an unknown account or a wrong amount is refused before money moves), then tells us it did
 * (confirmation). A confirmation is kept once per TransID; one that matches an order awaiting payment pays it
 * through the same path STK results take (SettlePayment.markPaid); any other (an order paid, cancelled or expired
 * meanwhile, a wrong amount, no such order: validation may have been off or unreachable) is kept on the admin's
 * reconciliation list, flagged for refund when it named an order that will not take it. Never applied twice.
 */
export class PaybillPayment {
  constructor(
    private readonly modules: {
      db: Db
      orders: OrdersService
      payments: PaymentService
      settle: SettlePayment
      mailer: Mailer
      log: FastifyBaseLogger
    },
    private readonly settings: { shortCode: string | null },
  ) {}

  /** How to pay an unpaid order by Paybill; null when Paybill is off or the order takes no payment. */
  instructionsFor(order: Pick<OrderRow, 'status' | 'order_number'>): PaybillInstructions | null {
    if (this.settings.shortCode === null || order.status !== 'pending_payment') return null
    return { businessNumber: this.settings.shortCode, accountNumber: order.order_number }
  }

  /** The order an account number names and what a payment of that amount to it comes to. */
  private async judge(
    db: Db,
    notice: C2bPaymentNotice,
    lock: boolean,
  ): Promise<{ order: OrderRow | null; amountCents: number | null; problem: PaybillProblem | null }> {
    const orderNumber = orderNumberFromAccount(notice.billRefNumber)
    const order = orderNumber === null ? null : await this.modules.orders.byNumber(db, orderNumber, lock)
    const amountCents = transAmountCents(notice.transAmount)
    const judged = judgePaybillPayment(
      order === null ? null : { state: paybillStateOf(order), totalCents: order.total_cents },
      amountCents ?? 0,
    )
    return { order, amountCents, problem: judged.ok ? null : judged.problem }
  }

  /** C2B validation: accept a payment that would pay its order exactly; refuse any other. Stored raw either way. */
  async validate(body: unknown, rawBody: string, remoteAddress: string): Promise<C2bValidationAnswer | null> {
    const { db, payments } = this.modules
    const notice = parseC2bNotice(body)
    const record = (outcome: string) =>
      payments.recordEvent(db, { paymentId: null, source: 'c2b-validation', outcome, rawBody, remoteAddress })
    if (notice === null) {
      await record('rejected: not a C2B payment')
      return null
    }
    if (this.settings.shortCode === null || notice.businessShortCode !== this.settings.shortCode) {
      await record('rejected: not our business number')
      return { ResultCode: 'C2B00015', ResultDesc: 'Rejected' }
    }
    const { problem } = await this.judge(db, notice, false)
    if (problem !== null) {
      await record(`rejected: ${problem}`)
      return { ResultCode: C2B_REJECT_CODES[problem], ResultDesc: 'Rejected' }
    }
    await record('accepted')
    return { ResultCode: '0', ResultDesc: 'Accepted' }
  }

  /** C2B confirmation: the money came. Applied once (TransID); null for a body that is not a C2B payment. */
  async confirm(body: unknown, rawBody: string, remoteAddress: string): Promise<ApplyOutcome | null> {
    const { db, payments, settle, mailer, log } = this.modules
    const notice = parseC2bNotice(body)
    if (notice === null || transAmountCents(notice.transAmount) === null) {
      await payments.recordEvent(db, {
        paymentId: null,
        source: 'c2b-confirmation',
        outcome: 'rejected: not a C2B payment',
        rawBody,
        remoteAddress,
      })
      return null
    }
    const mail: number[] = []
    const outcome = await db.transaction(async (t): Promise<ApplyOutcome> => {
      const { order, amountCents, problem } = await this.judge(t, notice, true)
      const record = (paymentId: number | null, outcome: string) =>
        payments.recordEvent(t, { paymentId, source: 'c2b-confirmation', outcome, rawBody, remoteAddress })
      const c2bId = await payments.recordC2b(t, {
        transId: notice.transId,
        transType: notice.transactionType,
        transTime: notice.transTime,
        amountCents: amountCents ?? 0,
        shortCode: notice.businessShortCode,
        billRef: notice.billRefNumber,
        msisdn: notice.msisdn,
        firstName: notice.firstName,
        orderId: order?.id ?? null,
        problem,
        refundOwed: problem !== null && isRefundOwed(problem),
      })
      if (c2bId === null) {
        await record(null, 'duplicate')
        return 'duplicate'
      }
      if (problem !== null || order === null) {
        log.warn({ transId: notice.transId, problem }, 'Paybill payment did not match an order it could pay')
        await record(
          null,
          `rejected: ${problem ?? 'unknown_account'} (${PAYBILL_PROBLEM_TEXT[problem ?? 'unknown_account']})`,
        )
        return 'rejected'
      }
      // The order's Paybill attempt, or a new one (any other attempt still open, such as a push, gives way to it).
      let pending = await payments.pendingOf(t, order.id)
      if (pending !== null && pending.method !== 'mpesa-paybill') {
        await payments.update(t, pending.id, {
          status: 'cancelled',
          resultDesc: 'Paid by M-Pesa Paybill instead.',
          settled: true,
        })
        pending = null
      }
      const paymentId =
        pending?.id ??
        (await payments.createAttempt(t, {
          orderId: order.id,
          method: 'mpesa-paybill',
          amountCents: order.total_cents,
          phone: null,
          reference: `${order.order_number}-${(await payments.countOf(t, order.id)) + 1}`,
        }))
      const payment = await payments.byId(t, paymentId, true)
      if (payment === null) throw new Error('Paybill attempt vanished')
      await settle.markPaid(t, payment, { receipt: notice.transId }, mail)
      await payments.linkC2b(t, c2bId, payment.id)
      await record(payment.id, 'applied')
      return 'applied'
    })
    mailer.deliver(mail)
    return outcome
  }

  /** Registers our validation and confirmation URLs for the Paybill (at start); a refusal is logged, not fatal. */
  async register(): Promise<void> {
    const { shortCode } = this.settings
    if (shortCode === null) return
    try {
      await this.modules.payments.registerPaybill(shortCode)
      this.modules.log.info({ shortCode }, 'Paybill C2B URLs registered')
    } catch (error) {
      this.modules.log.error({ err: error, shortCode }, 'Paybill C2B URLs could not be registered')
    }
  }
}
