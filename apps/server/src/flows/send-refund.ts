import type { Db } from '@soko/db/client'
import { refundSent } from '@soko/domain/ledger'
import { refundMove } from '@soko/domain/refund-states'
import type { FastifyBaseLogger } from 'fastify'
import type { AuditService } from '../modules/audit/service.ts'
import { enqueueJob, type Job, type JobQueue, type JobResult } from '../modules/jobs/queue.ts'
import type { Ledger } from '../modules/ledger/service.ts'
import type { Mailer } from '../modules/mail/mailer.ts'
import { refundSentEmail } from '../modules/orders/mail-templates.ts'
import type { OrdersService } from '../modules/orders/service.ts'
import { CardProviderError, type CardRefund } from '../modules/payments/card/provider.ts'
import {
  B2cSendError,
  b2cResultMessage,
  parseB2CResult,
  parseTransactionStatusResult,
} from '../modules/payments/mpesa/b2c.ts'
import { type RefundRow, type RefundService, refundDestination } from '../modules/payments/refunds.ts'
import type { ApplyOutcome, PaymentService } from '../modules/payments/service.ts'
import { AppError } from '../plugins/errors.ts'
import type { OrderTexts } from './order-texts.ts'

/** The job that hands an approved refund to its provider (enqueued with the approval, `refund.send:<id>`). */
export const REFUND_SEND_JOB = 'refund.send'
/** The job that asks how a refund handed over stands when no result came. */
export const REFUND_CHECK_JOB = 'refund.check'

export const refundSendKey = (refundId: number) => `${REFUND_SEND_JOB}:${refundId}`

export interface SendRefundSettings {
  /** First check of a refund without a result after this long, then doubling. */
  checkAfterMs: number
  checkAttempts: number
}

/** Daraja's result codes are numbers or text (`SFC_IC0003`); the column keeps the numeric ones. */
const numericCode = (code: string): number | null => (/^\d{1,9}$/.test(code) ? Number(code) : null)

/**
 * Sending refunds back (issue 19): an approved refund is handed to M-Pesa B2C (to the paying number) or to the card
 * provider (a refund of the paid charge) by a durable job; its result, whichever way it comes (B2C Result,
 * Transaction Status, card webhook, asking the provider), is applied once under the refund's row lock. Sent: the
 * ledger's refund_sent and the shopper's email, in one transaction. Failed: the money stays owed (no ledger entry)
 * and the admins' refunds screen shows it, to be sent again.
 */
export class SendRefund {
  constructor(
    private readonly modules: {
      db: Db
      refunds: RefundService
      payments: PaymentService
      orders: OrdersService
      ledger: Ledger
      mailer: Mailer
      audit: AuditService
      jobs: JobQueue
      texts: Pick<OrderTexts, 'refundSent' | 'kick'>
      log: FastifyBaseLogger
    },
    private readonly settings: SendRefundSettings,
  ) {
    modules.jobs.register(REFUND_SEND_JOB, (job) => this.sendJob(job))
    modules.jobs.register(REFUND_CHECK_JOB, (job) => this.checkJob(job))
  }

  // Sending

  /** Hands an approved refund to its provider, once: anything not 'approved' (sending, sent, failed) is left alone. */
  async sendJob(job: Job): Promise<JobResult | undefined> {
    const refundId = Number(job.payload.refundId)
    if (!Number.isSafeInteger(refundId)) return undefined
    const { db, refunds, payments, orders } = this.modules
    const claimed = await db.transaction(async (t) => {
      const refund = await refunds.byId(t, refundId, true)
      if (refund === null || refundMove(refund.state, 'send') === null) return null
      const attempt = refund.attempts + 1
      const originatorId = `refund-${refund.id}-${attempt}`
      await refunds.update(t, refund.id, {
        state: 'sending',
        originatorId,
        conversationId: null,
        providerReference: null,
        resultCode: null,
        resultDesc: null,
        addAttempt: true,
      })
      // The check is queued with the claim: a process that dies while talking to the provider leaves a refund
      // 'sending' that is still asked about.
      await this.enqueueCheck(t, refund.id, attempt)
      const [payment, order] = await Promise.all([payments.byId(t, refund.payment_id), orders.byId(t, refund.order_id)])
      return { refund, originatorId, paymentReference: payment?.reference ?? '', order }
    })
    if (claimed === null) return undefined
    const { refund, originatorId } = claimed
    if (refund.method === 'mpesa') {
      await this.sendByMpesa(refund, originatorId, claimed.order?.order_number ?? '')
    } else {
      await this.sendByCard(refund, originatorId, claimed.paymentReference)
    }
    return undefined
  }

  private async sendByMpesa(refund: RefundRow, originatorId: string, orderNumber: string) {
    const { refunds, log } = this.modules
    if (!refunds.mpesaEnabled) {
      await this.markFailed(refund.id, originatorId, null, 'M-Pesa B2C is off (MPESA_B2C): the refund cannot be sent.')
      return
    }
    try {
      const accepted = await refunds.sendMpesa({
        originatorId,
        phone: refund.phone ?? '',
        amountCents: refund.amount_cents,
        orderNumber,
      })
      await this.modules.db.transaction((t) =>
        refunds.update(t, refund.id, { conversationId: accepted.conversationId }),
      )
    } catch (error) {
      if (error instanceof B2cSendError && error.failure === 'refused') {
        await this.markFailed(refund.id, originatorId, null, `M-Pesa refused the refund: ${error.message}`)
        return
      }
      // Duplicate or no usable answer: the payment may exist. The check asks Transaction Status before deciding.
      log.warn({ err: error, refundId: refund.id }, 'B2C refund: no clear answer, its status will be asked')
    }
  }

  private async sendByCard(refund: RefundRow, originatorId: string, paymentReference: string) {
    const { refunds, log } = this.modules
    try {
      const answer = await refunds.sendCard(paymentReference, refund.amount_cents, originatorId)
      await this.applyCardAnswer(refund.id, originatorId, answer)
    } catch (error) {
      if (error instanceof CardProviderError && error.httpStatus >= 400 && error.httpStatus < 500) {
        await this.markFailed(refund.id, originatorId, null, `The card provider refused the refund: ${error.message}`)
        return
      }
      // Unreachable, or an unclear answer: the same key sent again is the same refund, so the check asks again.
      log.warn({ err: error, refundId: refund.id }, 'card refund: no clear answer, it will be asked again')
    }
  }

  /** What the card provider answered to a refund call (or a fetch): processed, failed, or pending (checked later). */
  private async applyCardAnswer(refundId: number, originatorId: string, answer: CardRefund) {
    if (answer.status === 'processed') {
      await this.settle(refundId, originatorId, { sent: true, reference: answer.id, desc: 'Refunded to the card.' })
    } else if (answer.status === 'failed') {
      await this.markFailed(refundId, originatorId, null, 'The card provider could not refund the card.')
    } else {
      await this.modules.db.transaction(async (t) => {
        const refund = await this.modules.refunds.byId(t, refundId, true)
        if (refund?.state !== 'sending' || refund.originator_id !== originatorId) return
        await this.modules.refunds.update(t, refundId, { providerReference: answer.id })
      })
    }
  }

  private enqueueCheck(t: Db, refundId: number, attempt: number): Promise<void> {
    return enqueueJob(t, {
      kind: REFUND_CHECK_JOB,
      payload: { refundId, attempt },
      runAt: new Date(Date.now() + this.settings.checkAfterMs),
      dedupeKey: `${REFUND_CHECK_JOB}:${refundId}:${attempt}`,
    })
  }

  // Checking a refund without a result

  /**
   * A refund handed over whose result has not come: M-Pesa is asked by Transaction Status (its answer comes to the
   * status URL), the card provider by fetching the refund (or sending the same key again when its id never came).
   * Asked again after doubling waits, `checkAttempts` times; a refund still unsettled then stays 'sending' on the
   * admins' screen.
   */
  async checkJob(job: Job): Promise<JobResult | undefined> {
    const refundId = Number(job.payload.refundId)
    const attempt = Number(job.payload.attempt)
    const { refunds, payments, log } = this.modules
    const refund = await refunds.byId(this.modules.db, refundId)
    if (refund?.state !== 'sending' || refund.attempts !== attempt || refund.originator_id === null) return undefined
    const again = () =>
      job.attempts < this.settings.checkAttempts
        ? { retryAt: new Date(Date.now() + this.settings.checkAfterMs * 2 ** job.attempts) }
        : undefined
    try {
      if (refund.method === 'mpesa') {
        await refunds.queryMpesa(refund.originator_id)
        return again()
      }
      const answer =
        refund.provider_reference !== null
          ? await refunds.fetchCardRefund(refund.provider_reference)
          : await refunds.sendCard(
              (await payments.byId(this.modules.db, refund.payment_id))?.reference ?? '',
              refund.amount_cents,
              refund.originator_id,
            )
      await this.modules.db.transaction((t) =>
        payments.recordEvent(t, {
          paymentId: refund.payment_id,
          source: 'card-refund-check',
          outcome: 'applied',
          rawBody: JSON.stringify(answer),
          remoteAddress: '',
        }),
      )
      if (answer.status === 'pending') return again()
      await this.applyCardAnswer(refund.id, refund.originator_id, answer)
      return undefined
    } catch (error) {
      log.warn({ err: error, refundId }, 'refund check failed; asking again later')
      return again()
    }
  }

  // Results

  /** A B2C Result posted to the refunds' ResultURL. */
  async applyB2cResult(body: unknown, rawBody: string, remoteAddress: string): Promise<ApplyOutcome> {
    const result = parseB2CResult(body)
    const source = 'b2c-refund-result'
    if (result === null) return this.recordOrphan(source, rawBody, remoteAddress, 'rejected: not a B2C Result')
    if (result.outcome === 'paid') {
      return this.settle(result.originatorConversationId, result.originatorConversationId, {
        sent: true,
        reference: result.receipt,
        desc: 'Sent by M-Pesa.',
        resultCode: 0,
        amountCents: result.amountCents,
        event: { source, rawBody, remoteAddress },
      })
    }
    return this.settle(result.originatorConversationId, result.originatorConversationId, {
      sent: false,
      reference: result.transactionId,
      desc: `${result.message} (M-Pesa ${result.resultCode}: ${result.resultDesc})`,
      resultCode: numericCode(result.resultCode),
      event: { source, rawBody, remoteAddress },
    })
  }

  /** A Transaction Status Result for a refund sent by B2C whose Result never came. */
  async applyB2cStatus(body: unknown, rawBody: string, remoteAddress: string): Promise<ApplyOutcome> {
    const result = parseTransactionStatusResult(body)
    const source = 'b2c-refund-status'
    if (result === null) return this.recordOrphan(source, rawBody, remoteAddress, 'rejected: not a status Result')
    if (result.outcome === 'query_failed' || result.originatorConversationId === null) {
      return this.recordOrphan(source, rawBody, remoteAddress, 'rejected: the query says nothing of a refund')
    }
    const event = { source, rawBody, remoteAddress }
    const id = result.originatorConversationId
    if (result.status === 'completed') {
      return this.settle(id, id, {
        sent: true,
        reference: result.receipt,
        desc: 'Sent by M-Pesa.',
        resultCode: 0,
        ...(result.amountCents === null ? {} : { amountCents: result.amountCents }),
        event,
      })
    }
    if (result.status === 'failed') {
      const reason = result.reason ?? result.statusText
      return this.settle(id, id, {
        sent: false,
        reference: result.receipt,
        desc: `${b2cResultMessage('')} (M-Pesa: ${reason})`,
        resultCode: null,
        event,
      })
    }
    // Still pending at M-Pesa: recorded; the check asks again.
    return this.settle(id, id, { pending: true, event })
  }

  async recordB2cTimeout(rawBody: string, remoteAddress: string): Promise<void> {
    await this.recordOrphan('b2c-refund-timeout', rawBody, remoteAddress, 'applied: the status will be asked')
  }

  /** A `refund.*` webhook of the card provider (signature checked by the route). */
  async applyCardRefund(answer: CardRefund, rawBody: string, remoteAddress: string): Promise<ApplyOutcome> {
    const event = { source: 'card-refund-webhook', rawBody, remoteAddress }
    const key = answer.key ?? ''
    const settle = (match: string) =>
      answer.status === 'processed'
        ? this.settle(match, key, {
            sent: true,
            reference: answer.id,
            desc: 'Refunded to the card.',
            event,
            card: answer,
          })
        : answer.status === 'failed'
          ? this.settle(match, key, {
              sent: false,
              reference: answer.id,
              desc: 'The card provider could not refund the card.',
              resultCode: null,
              event,
              card: answer,
            })
          : this.settle(match, key, { pending: true, event, card: answer })
    return settle(key !== '' ? key : `card:${answer.id}`)
  }

  /**
   * Applies a result to the refund it names (by originator id, or `card:<provider id>`), under its row lock: only to
   * a refund still 'sending' with that originator id (a result of an earlier attempt, or a repeat, is a duplicate).
   * Sent: state, receipt, ledger and the shopper's email, in one transaction. Failed: state and why; still owed.
   */
  private async settle(
    match: string | number,
    originatorId: string,
    outcome:
      | {
          sent: boolean
          reference: string | null
          desc: string
          resultCode?: number | null
          amountCents?: number
          event?: { source: string; rawBody: string; remoteAddress: string }
          card?: CardRefund
        }
      | { pending: true; event: { source: string; rawBody: string; remoteAddress: string }; card?: CardRefund },
  ): Promise<ApplyOutcome> {
    const { db, refunds, payments, orders, ledger, mailer, log } = this.modules
    const mail: number[] = []
    const result = await db.transaction(async (t) => {
      let refund: RefundRow | null
      if (typeof match === 'number') refund = await refunds.byId(t, match, true)
      else if (match.startsWith('card:')) refund = await refunds.byCardRefundId(t, match.slice('card:'.length))
      else refund = await refunds.byOriginator(t, match)
      const event = outcome.event
      const record = async (what: string) => {
        if (event) await payments.recordEvent(t, { paymentId: refund?.payment_id ?? null, outcome: what, ...event })
      }
      if (refund === null) {
        await record('rejected: no refund with this id')
        return 'rejected' as const
      }
      if (outcome.card && (outcome.card.amountCents !== refund.amount_cents || refund.method !== 'credit-card')) {
        await record('rejected: the amount or method does not match the refund')
        return 'rejected' as const
      }
      if (
        'amountCents' in outcome &&
        outcome.amountCents !== undefined &&
        outcome.amountCents !== refund.amount_cents
      ) {
        await record('rejected: the amount does not match the refund')
        return 'rejected' as const
      }
      // Only a refund still waiting for this attempt's result takes it ('sending' is the one state that may end).
      const current =
        refundMove(refund.state, 'confirm') !== null && (originatorId === '' || refund.originator_id === originatorId)
      if (!current) {
        await record('duplicate')
        return 'duplicate' as const
      }
      if ('pending' in outcome) {
        await record('applied: still pending')
        return 'applied' as const
      }
      if (outcome.sent) {
        await refunds.update(t, refund.id, {
          state: 'sent',
          sent: true,
          providerReference: outcome.reference,
          resultCode: outcome.resultCode ?? null,
          resultDesc: outcome.desc,
        })
        await ledger.post(
          t,
          refundSent({ refundId: refund.id, method: refund.method, amountCents: refund.amount_cents }),
        )
        const order = await orders.byId(t, refund.order_id)
        if (order) {
          const link = orders.buyerLink(order.order_number)
          mail.push(
            await mailer.enqueue(t, refundSentEmail(order, refund.amount_cents, refundDestination(refund), link)),
          )
          await this.modules.texts.refundSent(t, order, refund.amount_cents, refundDestination(refund))
        }
      } else {
        await refunds.update(t, refund.id, {
          state: 'failed',
          ...(outcome.reference === null ? {} : { providerReference: outcome.reference }),
          resultCode: outcome.resultCode ?? null,
          resultDesc: outcome.desc,
        })
        log.warn({ refundId: refund.id, reason: outcome.desc }, 'refund failed: still owed, shown to the admins')
      }
      await record('applied')
      return 'applied' as const
    })
    mailer.deliver(mail)
    this.modules.texts.kick()
    return result
  }

  private markFailed(refundId: number, originatorId: string, reference: string | null, desc: string) {
    return this.settle(refundId, originatorId, { sent: false, reference, desc, resultCode: null })
  }

  private async recordOrphan(source: string, rawBody: string, remoteAddress: string, outcome: string) {
    await this.modules.db.transaction((t) =>
      this.modules.payments.recordEvent(t, { paymentId: null, source, outcome, rawBody, remoteAddress }),
    )
    return outcome.startsWith('rejected') ? ('rejected' as const) : ('applied' as const)
  }

  // Admin

  /** A failed refund is sent again: back to approved, its sending queued (a new attempt, a new originator id). */
  async retry(adminId: number, refundId: number): Promise<void> {
    const { db, refunds, orders, audit, jobs, log } = this.modules
    await db.transaction(async (t) => {
      const refund = await refunds.byId(t, refundId, true)
      if (refund === null) throw new AppError('not_found', 'No refund with this id.')
      if (refundMove(refund.state, 'retry') === null) {
        throw new AppError('conflict', `Only a failed refund can be sent again; this one is ${refund.state}.`)
      }
      await refunds.update(t, refund.id, { state: 'approved' })
      await enqueueJob(t, { kind: REFUND_SEND_JOB, payload: { refundId }, dedupeKey: refundSendKey(refundId) })
      const order = await orders.byId(t, refund.order_id)
      await audit.write(t, adminId, {
        action: 'refund.retried',
        subjectType: 'order',
        subjectId: refund.order_id,
        detail: { name: order?.order_number ?? String(refund.order_id), refund: refund.id, reason: refund.result_desc },
      })
    })
    log.info({ refundId, adminId }, 'failed refund queued again')
    jobs.kick()
  }
}
