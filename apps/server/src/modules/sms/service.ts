import type { Db } from '@soko/db/client'
import { normaliseKenyanMobile } from '@soko/domain/phone'
import { smsLength } from '@soko/domain/sms'
import type { FastifyBaseLogger } from 'fastify'
import type { RateLimit } from '../../plugins/config.ts'
import { enqueueJob, type Job, type JobQueue, type JobResult } from '../jobs/queue.ts'
import type { RateLimiter } from '../rate-limits/service.ts'
import { isAccepted, type SmsGateway, SmsGatewayError } from './gateway.ts'
import * as repo from './repository.ts'

export type { SmsRow } from './repository.ts'

/** The durable job that sends one text after the commit that wrote it. */
export const SMS_SEND_JOB = 'sms.send'

export interface TextMessagesSettings {
  /** Texts one phone may be sent per window, and the whole marketplace: over either, a text is dropped. */
  perPhone: RateLimit
  total: RateLimit
  /** Sends tried (each only when the last certainly did not go) before a text is given up. */
  maxTries: number
}

export interface NewText {
  /** Any usual form of a Kenyan mobile number; stored as E.164. */
  phone: string
  body: string
  kind: string
  orderId?: number | null
}

export type DeliveryReportOutcome = 'applied' | 'duplicate' | 'unknown' | 'rejected'

/**
 * Text messages (decision 0029). A text is written in the same transaction as what caused it, with its durable job
 * (`enqueue`), so a rolled-back change sends nothing and a crash loses nothing; the job sends it through the gateway
 * after commit. A text is never sent twice: the job takes it from `queued` to `sending` before the gateway is called,
 * puts it back to `queued` (to be tried again with backoff) only when the gateway certainly did not take it, and
 * otherwise leaves it `failed` rather than risk a second copy. Rate limits per phone and overall are counted when a
 * text is first sent; over them it is `dropped` with the reason, never an error for whoever caused it.
 */
export class TextMessages {
  constructor(
    private readonly modules: {
      db: Db
      /** Null: SMS_PROVIDER=off (texts are recorded, never sent). */
      gateway: SmsGateway | null
      jobs: JobQueue
      limiter: RateLimiter
      log: FastifyBaseLogger
    },
    private readonly settings: TextMessagesSettings,
  ) {
    modules.jobs.register(SMS_SEND_JOB, (job) => this.sendJob(job))
  }

  /** Writes a text and its job inside the caller's transaction; null (nothing written) for a number that is not one. */
  async enqueue(t: Db, text: NewText): Promise<number | null> {
    const phone = normaliseKenyanMobile(text.phone)
    if (phone === null) return null
    const id = await repo.insertMessage(t, {
      phone,
      body: text.body,
      kind: text.kind,
      orderId: text.orderId ?? null,
      parts: smsLength(text.body).parts,
    })
    await enqueueJob(t, { kind: SMS_SEND_JOB, payload: { id }, dedupeKey: `sms:${id}` })
    return id
  }

  /** After the commit that wrote texts: send them now rather than at the next poll. */
  kick(): void {
    this.modules.jobs.kick()
  }

  private async sendJob(job: Job): Promise<JobResult | undefined> {
    const { db, gateway, log } = this.modules
    const id = Number(job.payload.id)
    const row = await repo.getMessage(db, id)
    if (!row) return undefined
    if (row.status === 'sending') {
      // A worker died between taking it and recording the gateway's answer: it may have gone.
      await repo.finish(db, id, {
        status: 'failed',
        reason: 'The send was interrupted; not sent again in case it went.',
      })
      return undefined
    }
    if (row.status !== 'queued') return undefined
    if (gateway === null) {
      await repo.finish(db, id, { status: 'dropped', reason: 'No SMS gateway is configured (SMS_PROVIDER).' })
      return undefined
    }
    if (row.attempts === 0) {
      const overLimit = await this.overLimit(row.phone)
      if (overLimit !== null) {
        log.warn({ smsId: id, kind: row.kind }, `text dropped: ${overLimit}`)
        await repo.finish(db, id, { status: 'dropped', reason: overLimit })
        return undefined
      }
    }
    const claimed = await repo.claim(db, id)
    if (!claimed) return undefined
    try {
      const [result] = await gateway.send({ to: [claimed.phone], text: claimed.body })
      if (result && isAccepted(result.statusCode) && result.messageId !== null) {
        await repo.finish(db, id, {
          status: 'sent',
          providerMessageId: result.messageId,
          providerStatusCode: result.statusCode,
          cost: result.cost,
        })
        await repo.applyEarlyReports(db, result.messageId)
        return undefined
      }
      const reason = `Refused by the gateway: ${result?.status || 'no answer for this number'}`
      // 5xx per recipient is the gateway's own trouble: not sent, so it may be tried again.
      if (result && result.statusCode >= 500) return this.tryAgain(claimed, reason, result.statusCode)
      await repo.finish(db, id, {
        status: 'failed',
        reason,
        ...(result ? { providerStatusCode: result.statusCode } : {}),
      })
      return undefined
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (error instanceof SmsGatewayError && error.notSent) return this.tryAgain(claimed, message)
      log.error({ err: error, smsId: id }, 'text may or may not have gone; not sent again')
      await repo.finish(db, id, { status: 'failed', reason: `${message} (not sent again in case it went)` })
      return undefined
    }
  }

  /** The gateway certainly did not take it: queued again with backoff, or given up after the last try. */
  private async tryAgain(row: repo.SmsRow, reason: string, statusCode?: number): Promise<JobResult | undefined> {
    const { db, log } = this.modules
    const code = statusCode === undefined ? {} : { providerStatusCode: statusCode }
    if (row.attempts >= this.settings.maxTries) {
      await repo.finish(db, row.id, {
        status: 'failed',
        reason: `${reason} (gave up after ${row.attempts} tries)`,
        ...code,
      })
      return undefined
    }
    log.warn({ smsId: row.id, attempts: row.attempts }, `text not sent, trying again: ${reason}`)
    await repo.finish(db, row.id, { status: 'queued', reason, ...code })
    return { retryAt: new Date(Date.now() + Math.min(5000 * 2 ** (row.attempts - 1), 10 * 60_000)) }
  }

  /** Why a text to this phone may not be sent now (per phone, then overall), or null. */
  private async overLimit(phone: string): Promise<string | null> {
    const { limiter } = this.modules
    const { perPhone, total } = this.settings
    const own = await limiter.hit(`sms:phone:${phone}`, perPhone)
    if (own.hits > perPhone.max) return `Over the limit of ${perPhone.max} texts to one number (SMS_LIMIT_PER_PHONE).`
    const all = await limiter.hit('sms:total', total)
    if (all.hits > total.max) return `Over the limit of ${total.max} texts in all (SMS_LIMIT_TOTAL).`
    return null
  }

  /**
   * A delivery report as the gateway posts it (form fields `id`, `status`, `phoneNumber`, `networkCode`,
   * `failureReason`, `retryCount`): stored, and applied to its message once; the same report again is a duplicate.
   */
  async applyDeliveryReport(form: URLSearchParams, rawBody: string): Promise<DeliveryReportOutcome> {
    const providerMessageId = form.get('id')?.trim() ?? ''
    const status = form.get('status')?.trim() ?? ''
    if (!providerMessageId || !status || providerMessageId.length > 200 || status.length > 50) return 'rejected'
    const retryCount = Number(form.get('retryCount') ?? 0)
    return this.modules.db.transaction(async (t) => {
      const reportId = await repo.insertReport(t, {
        providerMessageId,
        status,
        phone: (form.get('phoneNumber') ?? '').slice(0, 40),
        networkCode: (form.get('networkCode') ?? '').slice(0, 20),
        failureReason: (form.get('failureReason') ?? '').slice(0, 200),
        retryCount: Number.isInteger(retryCount) && retryCount >= 0 && retryCount < 1000 ? retryCount : 0,
        rawBody: rawBody.slice(0, 4000),
      })
      if (reportId === null) return 'duplicate'
      const applied = await repo.applyDelivery(t, providerMessageId, {
        status,
        failureReason: form.get('failureReason') ?? '',
      })
      const outcome = applied === 'applied' ? 'applied' : applied === 'final' ? 'duplicate' : 'unknown'
      await repo.setReportOutcome(t, reportId, outcome)
      return outcome
    })
  }

  /** The latest texts (to one phone, or of some orders), newest first: for tests and the admin area. */
  latest(query: { phone?: string; orderIds?: number[]; limit: number }): Promise<repo.SmsRow[]> {
    return repo.listMessages(this.modules.db, query)
  }

  getMessage(id: number): Promise<repo.SmsRow | null> {
    return repo.getMessage(this.modules.db, id)
  }
}
