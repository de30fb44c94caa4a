import type { Db } from '@soko/db/client'
import type { FastifyBaseLogger } from 'fastify'
import * as repo from './repository.ts'

export interface Job {
  id: number
  kind: string
  payload: Record<string, unknown>
  /** 1 on the first run. */
  attempts: number
}

/** What a handler may ask for: run again later (polling something not settled yet). */
export interface JobResult {
  retryAt?: Date
}

export type JobHandler = (job: Job) => Promise<JobResult | undefined>

export interface NewJob {
  kind: string
  payload?: Record<string, unknown>
  runAt?: Date
  /** At most one unfinished job per key: enqueueing it again changes nothing. */
  dedupeKey?: string
}

/** Adds a job inside the caller's transaction, so it exists exactly when what caused it was committed. */
export async function enqueueJob(tx: Db, job: NewJob): Promise<void> {
  await repo.insertJob(tx, {
    kind: job.kind,
    payload: job.payload ?? {},
    runAt: job.runAt ?? new Date(),
    dedupeKey: job.dedupeKey ?? null,
  })
}

export interface JobQueueOptions {
  /** How often a worker looks for due jobs. */
  pollMs?: number
  /** How long a claimed job is its worker's: a worker that dies mid-job loses it to another after this. */
  leaseMs?: number
  /** A failing job is retried with backoff, then given up (kept, with its last error) after this many runs. */
  maxAttempts?: number
}

/**
 * The background jobs (unpaid stock release, M-Pesa status queries, card checks) every process runs from the
 * database: a worker claims due jobs with FOR UPDATE SKIP LOCKED and a lease, so however many processes there
 * are each job runs once at a time, and a job survives restarts. Handlers still check the state they act on, so
 * a job that runs again after a crash changes nothing twice.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>()
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private stopped = true
  private readonly pollMs: number
  private readonly leaseMs: number
  private readonly maxAttempts: number

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: JobQueueOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000
    this.leaseMs = options.leaseMs ?? 60_000
    this.maxAttempts = options.maxAttempts ?? 10
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler)
  }

  start(): void {
    this.stopped = false
    this.schedule(0)
  }

  /** Stops polling and waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.running
  }

  /** How many jobs are due, scheduled, and given up in the last day (shared by every process). */
  counts(): Promise<{ due: number; scheduled: number; failed: number }> {
    return repo.countByState(this.db)
  }

  /** Looks for due jobs now (after enqueueing one that is due at once). */
  kick(): void {
    if (!this.stopped && this.running === null) this.schedule(0)
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = null
      this.running = this.runDue()
        .then(() => undefined)
        .catch((error: unknown) => this.log.error({ err: error }, 'job queue poll failed'))
        .finally(() => {
          this.running = null
          if (!this.stopped) this.schedule(this.pollMs)
        })
    }, delayMs)
    this.timer.unref()
  }

  /** Runs the jobs due now (a batch at a time, until none is left); returns how many ran. */
  async runDue(): Promise<number> {
    let total = 0
    for (;;) {
      const claimed = await this.claim(10)
      if (claimed.length === 0) return total
      await Promise.all(claimed.map((job) => this.run(job)))
      total += claimed.length
    }
  }

  private claim(limit: number): Promise<Job[]> {
    if (this.handlers.size === 0) return Promise.resolve([])
    return repo.claimDue(this.db, [...this.handlers.keys()], limit, this.leaseMs)
  }

  private async run(job: Job): Promise<void> {
    const handler = this.handlers.get(job.kind)
    if (!handler) return
    try {
      const result = await handler(job)
      if (result?.retryAt) {
        await repo.runAgainAt(this.db, job.id, result.retryAt)
      } else {
        await repo.markDone(this.db, job.id)
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const givingUp = job.attempts >= this.maxAttempts
      this.log.error({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts, givingUp }, 'job failed')
      const backoffMs = Math.min(2 ** job.attempts * 1000, 5 * 60_000)
      await repo
        .markFailed(this.db, job.id, { message, backoffMs, givingUp })
        .catch((updateError: unknown) => this.log.error({ err: updateError }, 'could not record a job failure'))
    }
  }
}
