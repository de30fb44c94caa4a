import { randomBytes } from 'node:crypto'
import { PAYOUT_MESSAGES } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { payoutFailed, payoutSent, payoutSettled } from '@soko/domain/ledger'
import { formatKes } from '@soko/domain/money'
import {
  movePayout,
  nextPayoutRun,
  type PayoutSchedule,
  type PayoutStart,
  type PayoutState,
  payoutAmountCents,
} from '@soko/domain/payout-states'
import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../../plugins/errors.ts'
import type { Users } from '../accounts/users.ts'
import { enqueueJob, type Job, type JobQueue } from '../jobs/queue.ts'
import type { Ledger } from '../ledger/service.ts'
import type { Mailer } from '../mail/mailer.ts'
import {
  B2C_DEFAULT_RESULT_MESSAGE,
  B2cSendError,
  type DarajaB2cClient,
  parseB2CResult,
  parseTransactionStatusResult,
} from '../payments/mpesa/b2c.ts'
import type { SecretsService } from '../secrets/service.ts'
import type { VendorReports } from '../vendors/reports.ts'
import type { ShopService } from '../vendors/shop.ts'
import { payoutFailedEmail } from './notifications.ts'
import { type PayoutMovement, payoutMovements } from './reconciliation.ts'
import * as repo from './repository.ts'

export type { PayoutMovement } from './reconciliation.ts'
export type { PayoutListRow } from './repository.ts'

// Payouts to shops (docs/decisions/0018-payouts.md). A payout of a shop's whole available balance is written queued
// with its ledger entry `payout_sent` under the shop's row lock (two payouts cannot both take the same money); a
// durable job sends it to M-Pesa B2C after commit, then waits for the Result (ResultURL, a secret path), asking
// Transaction Status when none comes, and gives up after PAYOUT_QUERY_ATTEMPTS leaving it sent: stuck, for an admin.
// A Result settles it once (`payout_settled`), or fails it (`payout_failed`: the money back to available; the shop's
// owner is emailed why). Every Result is stored raw. The weekly run pays every eligible shop the same way.

export const PAYOUT_SEND_JOB = 'payout.send'
export const PAYOUT_RUN_JOB = 'payouts.run'
export const PAYOUT_RESULT_PATH = '/api/payouts/b2c/result/'
export const PAYOUT_STATUS_PATH = '/api/payouts/b2c/status/'
export const PAYOUT_TIMEOUT_PATH = '/api/payouts/b2c/timeout/'

export interface PayoutSettings {
  /** PAYOUT_MINIMUM_KES in cents: less available than this is not paid. */
  minimumCents: number
  /** The weekly run; null when PAYOUT_SCHEDULE=off. */
  schedule: PayoutSchedule | null
  /** PAYOUT_QUERY_AFTER: no Result this long after sending, its status is asked (then doubling). */
  queryAfterMs: number
  /** PAYOUT_QUERY_ATTEMPTS: status queries before a sent payout is left stuck. */
  queryAttempts: number
}

export interface PayoutModules {
  db: Db
  shops: ShopService
  users: Users
  reports: VendorReports
  ledger: Ledger
  jobs: JobQueue
  mailer: Mailer
  secrets: SecretsService
  /** M-Pesa B2C; null when MPESA_B2C is off (only payouts recorded by hand then). */
  b2c: DarajaB2cClient | null
  /** Where Daraja posts results: this process (the simulator) or PUBLIC_URL. */
  callbackBase: () => string
  siteOrigin: () => string
  log: FastifyBaseLogger
}

export type PayOneAnswer =
  | { paid: true; payout: repo.PayoutRow }
  | { paid: false; reason: string; availableCents: number; name: string }

export interface RunAnswer {
  paid: { shopId: number; name: string; payoutId: number; amountCents: number }[]
  skipped: { shopId: number; name: string; reason: string }[]
}

export type ResultOutcome = 'applied' | 'duplicate' | 'rejected'

const listOf = <T extends string>(values: readonly T[], value: string): T => {
  const found = values.find((candidate) => candidate === value)
  if (found === undefined) throw new Error(`a payout holds an unknown value ${value}`)
  return found
}

export const payoutStateOf = (value: string): PayoutState =>
  listOf(['queued', 'sent', 'paid', 'failed'] as const, value)

export class PayoutService {
  private secret: Promise<string> | null = null

  constructor(
    private readonly modules: PayoutModules,
    readonly settings: PayoutSettings,
  ) {
    modules.jobs.register(PAYOUT_SEND_JOB, (job) => this.sendJob(job))
    modules.jobs.register(PAYOUT_RUN_JOB, (job) => this.runJob(job))
  }

  /** Whether Soko can pay by M-Pesa (MPESA_B2C on). */
  get mpesaPayouts(): boolean {
    return this.modules.b2c !== null
  }

  /** The secret last segment of the result paths (made once per installation, kept in the database). */
  callbackSecret(): Promise<string> {
    this.secret ??= this.modules.secrets.get('mpesa_b2c_callback_secret', () => randomBytes(24).toString('base64url'))
    return this.secret
  }

  /** When the next scheduled run is, or null when payouts are not scheduled. */
  nextRun(now = new Date()): Date | null {
    return this.settings.schedule === null ? null : nextPayoutRun(this.settings.schedule, now)
  }

  /** A sent payout M-Pesa never answered, even when its status was asked PAYOUT_QUERY_ATTEMPTS times. */
  isStuck(row: { state: string; query_count: number }): boolean {
    return row.state === 'sent' && row.query_count >= this.settings.queryAttempts
  }

  /** Keeps the weekly run scheduled: the next slot's job (one per slot, however many processes start). */
  async scheduleNextRun(now = new Date()): Promise<void> {
    const next = this.nextRun(now)
    if (next === null) return
    await enqueueJob(this.modules.db, {
      kind: PAYOUT_RUN_JOB,
      payload: { slot: next.toISOString() },
      runAt: next,
      dedupeKey: `${PAYOUT_RUN_JOB}:${next.toISOString()}`,
    })
  }

  // ── Paying ───────────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Pays the shop its whole available balance (whole shillings: M-Pesa pays no cents) by M-Pesa to its payout
   * number, or says why not: no number, not verified, suspended, below the minimum. The payout and its `payout_sent`
   * are written with the shop's row locked; the sending is a job after commit.
   */
  async payOne(vendorId: number, by: PayoutStart, actorId: number | null = null): Promise<PayOneAnswer> {
    const { db, shops, reports, ledger, jobs } = this.modules
    if (this.modules.b2c === null) throw new AppError('unavailable', PAYOUT_MESSAGES.mpesaOff)
    const answer = await db.transaction(async (t): Promise<PayOneAnswer> => {
      if (!(await shops.lock(t, vendorId))) throw new AppError('not_found', 'No shop with this id.')
      const shop = await shops.payoutTarget(t, vendorId)
      if (!shop) throw new AppError('not_found', 'No shop with this id.')
      const { availableCents } = await reports.balance(vendorId, t)
      const skip = (reason: string): PayOneAnswer => ({ paid: false, reason, availableCents, name: shop.name })
      if (!shop.is_active) return skip(PAYOUT_MESSAGES.suspended)
      if (!shop.is_verified) return skip(PAYOUT_MESSAGES.notVerified)
      if (!shop.payout_phone) return skip(PAYOUT_MESSAGES.noPayoutPhone)
      const amountCents = payoutAmountCents(availableCents, this.settings.minimumCents)
      if (amountCents === null) return skip(PAYOUT_MESSAGES.belowMinimum(formatKes(this.settings.minimumCents)))
      const payout = await repo.insertPayout(t, {
        businessId: vendorId,
        amountCents,
        method: 'mpesa_b2c',
        state: 'queued',
        startedBy: by,
        phone: shop.payout_phone,
        originatorId: `soko-payout-${randomBytes(12).toString('hex')}`,
        reference: '',
        note: '',
        createdBy: actorId,
        settledAt: null,
      })
      await ledger.post(t, payoutSent({ payoutId: payout.id, vendorId, amountCents }))
      await enqueueJob(t, {
        kind: PAYOUT_SEND_JOB,
        payload: { payoutId: payout.id },
        dedupeKey: `${PAYOUT_SEND_JOB}:${payout.id}`,
      })
      return { paid: true, payout }
    })
    if (answer.paid) jobs.kick()
    return answer
  }

  /** Pays every shop that may be paid (verified, open, with a payout number) its available balance. */
  async runAll(by: PayoutStart): Promise<RunAnswer> {
    const ids = await this.modules.shops.payableShopIds()
    const result: RunAnswer = { paid: [], skipped: [] }
    for (const id of ids) {
      try {
        const answer = await this.payOne(id, by)
        if (answer.paid) {
          result.paid.push({
            shopId: id,
            name: (await this.modules.shops.payoutTarget(this.modules.db, id))?.name ?? '',
            payoutId: answer.payout.id,
            amountCents: answer.payout.amount_cents,
          })
        } else if (answer.availableCents > 0) {
          result.skipped.push({ shopId: id, name: answer.name, reason: answer.reason })
        }
      } catch (error) {
        if (error instanceof AppError && error.code === 'unavailable') throw error
        this.modules.log.error({ err: error, shopId: id }, 'payout run: a shop could not be paid')
        result.skipped.push({ shopId: id, name: '', reason: 'The payout could not be started; see the log.' })
      }
    }
    this.modules.log.info({ paid: result.paid.length, skipped: result.skipped.length, by }, 'payout run done')
    return result
  }

  /**
   * An admin asks M-Pesa again how a stuck payout ended (in the caller's transaction): its status queries start
   * over now, as its job did after sending. The money stays in transit until an answer settles or fails it.
   * Answers the payout, or null when there is none; refuses any payout that is not stuck.
   */
  async askAgain(t: Db, id: number): Promise<repo.PayoutRow | null> {
    if (this.modules.b2c === null) throw new AppError('unavailable', PAYOUT_MESSAGES.mpesaOff)
    const row = await repo.payoutById(t, id, true)
    if (!row) return null
    if (row.method !== 'mpesa_b2c' || !this.isStuck(row)) throw new AppError('conflict', PAYOUT_MESSAGES.notStuck)
    await repo.restartQueries(t, id)
    await enqueueJob(t, { kind: PAYOUT_SEND_JOB, payload: { payoutId: id }, dedupeKey: `${PAYOUT_SEND_JOB}:${id}` })
    return row
  }

  /** A payout sent by hand, recorded by an admin in the caller's transaction: paid at once, in the ledger so. */
  async recordManual(
    t: Db,
    payout: { businessId: number; amountCents: number; reference: string; note: string; createdBy: number },
  ): Promise<void> {
    const row = await repo.insertPayout(t, {
      ...payout,
      method: 'manual',
      state: 'paid',
      startedBy: 'admin',
      phone: null,
      originatorId: null,
      settledAt: new Date(),
    })
    const event = { payoutId: row.id, vendorId: payout.businessId, amountCents: payout.amountCents }
    await this.modules.ledger.post(t, payoutSent(event))
    await this.modules.ledger.post(t, payoutSettled(event))
  }

  // ── The jobs ─────────────────────────────────────────────────────────────────────────────────────────────────

  private async urls() {
    const secret = await this.callbackSecret()
    const base = this.modules.callbackBase()
    return {
      resultUrl: `${base}${PAYOUT_RESULT_PATH}${secret}`,
      statusUrl: `${base}${PAYOUT_STATUS_PATH}${secret}`,
      timeoutUrl: `${base}${PAYOUT_TIMEOUT_PATH}${secret}`,
    }
  }

  /**
   * The job of one payout: sends it (once: the same OriginatorConversationID on every try, so M-Pesa never pays it
   * twice), then waits for its Result, asking Transaction Status after PAYOUT_QUERY_AFTER, doubling, and gives up
   * after PAYOUT_QUERY_ATTEMPTS (the payout stays sent: stuck, for an admin to look into).
   */
  async sendJob(job: Job): Promise<{ retryAt: Date } | undefined> {
    const { db, log } = this.modules
    const b2c = this.modules.b2c
    const id = Number(job.payload.payoutId)
    let row = await repo.payoutById(db, id)
    if (row?.method !== 'mpesa_b2c' || b2c === null) return undefined
    const urls = await this.urls()
    if (row.state === 'queued') {
      try {
        const ack = await b2c.sendB2C({
          originatorId: row.originator_id ?? '',
          phone: row.phone ?? '',
          amountCents: row.amount_cents,
          remarks: `Soko payout ${row.id}`,
          occasion: 'Vendor payout',
          resultUrl: urls.resultUrl,
          timeoutUrl: urls.timeoutUrl,
        })
        await this.markSent(id, ack.conversationId)
      } catch (error) {
        if (!(error instanceof B2cSendError)) throw error
        if (error.failure === 'refused') {
          log.warn({ payoutId: id, code: error.errorCode }, 'M-Pesa refused a payout')
          await this.fail(id, 'system', { resultCode: error.errorCode, resultDesc: error.message }, error.message)
          return undefined
        }
        // Uncertain: the request may have reached M-Pesa. Try again (the same originator id: a copy is refused as a
        // duplicate); a duplicate means M-Pesa holds it: wait for its Result as for any sent payout.
        if (error.failure === 'uncertain') throw error
        await this.markSent(id, null)
      }
      row = await repo.payoutById(db, id)
      if (!row) return undefined
    }
    if (row.state !== 'sent') return undefined
    const sentAt = row.sent_at ?? row.created_at
    const due = new Date(sentAt.getTime() + this.settings.queryAfterMs * 2 ** row.query_count)
    if (due.getTime() > Date.now()) return { retryAt: due }
    if (row.query_count >= this.settings.queryAttempts) {
      log.error({ payoutId: id, queries: row.query_count }, 'payout stuck: M-Pesa never answered; an admin must check')
      return undefined
    }
    await repo.countQuery(db, id)
    try {
      await b2c.queryTransactionStatus({
        originatorId: row.originator_id ?? '',
        resultUrl: urls.statusUrl,
        timeoutUrl: urls.timeoutUrl,
        remarks: `Soko payout ${row.id}`,
      })
    } catch (error) {
      log.warn({ err: error, payoutId: id }, 'payout status query failed; asking again later')
    }
    return { retryAt: new Date(Date.now() + this.settings.queryAfterMs * 2 ** (row.query_count + 1)) }
  }

  private async markSent(id: number, conversationId: string | null): Promise<void> {
    await this.modules.db.transaction(async (t) => {
      const row = await repo.payoutById(t, id, true)
      if (!row) return
      const move = movePayout(payoutStateOf(row.state), 'send', 'mpesa')
      if (!move.ok) return // a Result overtook the acknowledgement
      await repo.updatePayout(t, id, {
        state: 'sent',
        sentAt: new Date(),
        ...(conversationId === null ? {} : { conversationId }),
      })
    })
  }

  /** The weekly run: pays every eligible shop, then schedules the next. */
  private async runJob(job: Job): Promise<undefined> {
    const slot = typeof job.payload.slot === 'string' ? new Date(job.payload.slot) : new Date()
    if (this.settings.schedule !== null && this.modules.b2c !== null) await this.runAll('schedule')
    await this.scheduleNextRun(new Date(Math.max(Date.now(), slot.getTime())))
    return undefined
  }

  // ── Results ──────────────────────────────────────────────────────────────────────────────────────────────────

  /** A B2C Result posted to the ResultURL: stored raw, applied once. */
  async applyResult(raw: string, remoteAddress: string): Promise<ResultOutcome> {
    const result = parseB2CResult(parseJson(raw))
    if (result === null) return this.reject('result', raw, remoteAddress, null, 'not a B2C Result')
    if (result.outcome === 'paid') {
      return this.settle('result', raw, remoteAddress, result.originatorConversationId, {
        receipt: result.receipt,
        amountCents: result.amountCents,
        resultCode: '0',
        resultDesc: 'Paid',
        conversationId: result.conversationId,
      })
    }
    return this.failFromResult('result', raw, remoteAddress, result.originatorConversationId, {
      resultCode: result.resultCode,
      resultDesc: result.resultDesc,
      reason: result.message,
    })
  }

  /** A Transaction Status Result: a completed or failed payment settles the payout as its B2C Result would. */
  async applyStatus(raw: string, remoteAddress: string): Promise<ResultOutcome> {
    const status = parseTransactionStatusResult(parseJson(raw))
    if (status === null) return this.reject('status', raw, remoteAddress, null, 'not a Transaction Status Result')
    if (status.outcome === 'query_failed') {
      this.modules.log.warn({ code: status.resultCode }, 'a payout status query failed')
      return this.reject('status', raw, remoteAddress, null, `the query failed: ${status.resultDesc}`)
    }
    const originator = status.originatorConversationId
    if (originator === null) return this.reject('status', raw, remoteAddress, null, 'no originator id')
    if (status.status === 'completed') {
      return this.settle('status', raw, remoteAddress, originator, {
        receipt: status.receipt ?? '',
        amountCents: status.amountCents ?? 0,
        resultCode: '0',
        resultDesc: status.statusText,
        conversationId: null,
      })
    }
    if (status.status === 'failed') {
      return this.failFromResult('status', raw, remoteAddress, originator, {
        resultCode: 'status_failed',
        resultDesc: status.reason ?? status.statusText,
        reason: B2C_DEFAULT_RESULT_MESSAGE,
      })
    }
    return this.reject('status', raw, remoteAddress, null, `not final yet (${status.statusText})`)
  }

  /** A QueueTimeOutURL call: stored; the job asks the payment's status in its time. */
  async recordTimeout(raw: string, remoteAddress: string): Promise<void> {
    await repo.insertEvent(this.modules.db, {
      payoutId: null,
      source: 'timeout',
      outcome: 'rejected: queue timeout (the status is asked)',
      rawBody: raw,
      remoteAddress,
    })
  }

  private async reject(
    source: string,
    raw: string,
    remoteAddress: string,
    payoutId: number | null,
    why: string,
  ): Promise<'rejected'> {
    await repo.insertEvent(this.modules.db, {
      payoutId,
      source,
      outcome: `rejected: ${why}`,
      rawBody: raw,
      remoteAddress,
    })
    return 'rejected'
  }

  private async settle(
    source: string,
    raw: string,
    remoteAddress: string,
    originatorId: string,
    paid: {
      receipt: string
      amountCents: number
      resultCode: string
      resultDesc: string
      conversationId: string | null
    },
  ): Promise<ResultOutcome> {
    const { db, ledger } = this.modules
    return db.transaction(async (t) => {
      const event = (payoutId: number | null, outcome: string) =>
        repo.insertEvent(t, { payoutId, source, outcome, rawBody: raw, remoteAddress })
      const row = await repo.payoutByOriginator(t, originatorId)
      if (!row) {
        await event(null, 'rejected: no payout with this originator id')
        return 'rejected'
      }
      if (paid.amountCents !== row.amount_cents) {
        await event(row.id, `rejected: the amount ${paid.amountCents} is not the payout's ${row.amount_cents}`)
        return 'rejected'
      }
      const state = payoutStateOf(row.state)
      const move = movePayout(state, 'settle', 'mpesa')
      if (!move.ok) {
        if (state === 'failed') this.modules.log.error({ payoutId: row.id }, 'M-Pesa paid a payout recorded as failed')
        await event(row.id, state === 'paid' ? 'duplicate' : `rejected: the payout is ${state}`)
        return state === 'paid' ? 'duplicate' : 'rejected'
      }
      const now = new Date()
      await repo.updatePayout(t, row.id, {
        state: 'paid',
        mpesaReceipt: paid.receipt,
        resultCode: paid.resultCode,
        resultDesc: paid.resultDesc,
        settledAt: now,
        ...(row.sent_at === null ? { sentAt: now } : {}),
        ...(paid.conversationId === null ? {} : { conversationId: paid.conversationId }),
      })
      await ledger.post(
        t,
        payoutSettled({ payoutId: row.id, vendorId: row.business_id, amountCents: row.amount_cents }),
      )
      await event(row.id, 'applied')
      return 'applied'
    })
  }

  private async failFromResult(
    source: string,
    raw: string,
    remoteAddress: string,
    originatorId: string,
    failed: { resultCode: string; resultDesc: string; reason: string },
  ): Promise<ResultOutcome> {
    const { db, mailer } = this.modules
    const mail: number[] = []
    const outcome = await db.transaction(async (t): Promise<ResultOutcome> => {
      const event = (payoutId: number | null, outcome: string) =>
        repo.insertEvent(t, { payoutId, source, outcome, rawBody: raw, remoteAddress })
      const row = await repo.payoutByOriginator(t, originatorId)
      if (!row) {
        await event(null, 'rejected: no payout with this originator id')
        return 'rejected'
      }
      const state = payoutStateOf(row.state)
      if (!movePayout(state, 'fail', 'mpesa').ok) {
        await event(row.id, state === 'failed' ? 'duplicate' : `rejected: the payout is ${state}`)
        return state === 'failed' ? 'duplicate' : 'rejected'
      }
      mail.push(...(await this.failIn(t, row, failed)))
      await event(row.id, 'applied')
      return 'applied'
    })
    mailer.deliver(mail)
    return outcome
  }

  /** Soko fails a queued payout M-Pesa refused outright (no payment exists). */
  private async fail(
    id: number,
    actor: 'system',
    failed: { resultCode: string; resultDesc: string },
    reason: string,
  ): Promise<void> {
    const { db, mailer } = this.modules
    const mail = await db.transaction(async (t) => {
      const row = await repo.payoutById(t, id, true)
      if (!row || !movePayout(payoutStateOf(row.state), 'fail', actor).ok) return []
      return this.failIn(t, row, { ...failed, reason })
    })
    mailer.deliver(mail)
  }

  /** Fails the payout (locked by the caller): the money back to available, and the shop's owner told why. */
  private async failIn(
    t: Db,
    row: repo.PayoutRow,
    failed: { resultCode: string; resultDesc: string; reason: string },
  ): Promise<number[]> {
    const { ledger, mailer, shops, users } = this.modules
    await repo.updatePayout(t, row.id, {
      state: 'failed',
      resultCode: failed.resultCode,
      resultDesc: failed.resultDesc,
      failureReason: failed.reason,
      settledAt: new Date(),
    })
    await ledger.post(t, payoutFailed({ payoutId: row.id, vendorId: row.business_id, amountCents: row.amount_cents }))
    const shop = (await shops.contactsOf(t, [row.business_id])).get(row.business_id)
    if (!shop) return []
    const owner = shop.ownerId === null ? '' : ((await users.emailsOf(t, [shop.ownerId])).get(shop.ownerId) ?? '')
    const to = owner || shop.email
    if (!to) return []
    const message = payoutFailedEmail(to, {
      shopName: shop.name,
      amountCents: row.amount_cents,
      phone: row.phone,
      reason: failed.reason,
      portalLink: `${this.modules.siteOrigin()}/vendor-portal/payouts`,
    })
    return [await mailer.enqueue(t, message)]
  }

  // ── Reading ──────────────────────────────────────────────────────────────────────────────────────────────────

  /** Every payout with its state, oldest first (the ledger's opening balances). */
  allPayouts(): Promise<{ id: number; business_id: number; amount_cents: number; state: string }[]> {
    return repo.allPayouts(this.modules.db)
  }

  /** The B2C payouts of a period M-Pesa moved money for, with its Results, for the reconciliation. */
  movements(period: { from: Date; to: Date; limit: number }): Promise<{ movements: PayoutMovement[]; cut: boolean }> {
    return payoutMovements(this.modules.db, period)
  }

  payoutsOfShop(businessId: number): Promise<repo.PayoutListRow[]> {
    return repo.payoutsOfShop(this.modules.db, businessId)
  }

  listRow(id: number): Promise<repo.PayoutListRow | undefined> {
    return repo.payoutListRow(this.modules.db, id)
  }

  /** Looks for due jobs now (a payout asked about again is sent to its job at once). */
  kick(): void {
    this.modules.jobs.kick()
  }

  payoutsPage(query: Parameters<typeof repo.payoutsPage>[1]) {
    return repo.payoutsPage(this.modules.db, query, this.settings.queryAttempts)
  }
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    return null
  }
}
