import type { Db } from '@soko/db/client'
import { jobs } from '@soko/db/schema/jobs'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { eq, sql } from 'drizzle-orm'

// SQL of jobs: the background work every process shares through the database.

/** A claimed job (its id read as an int: ids stay far below 2^31 - 1). */
const jobShape = { id: value.int, kind: jobs.kind, payload: jobs.payload, attempts: jobs.attempts }

export type JobRow = RowOf<typeof jobShape>

/** Adds a job; one with the dedupe key of an unfinished job adds nothing. */
export async function insertJob(
  db: Db,
  job: { kind: string; payload: Record<string, unknown>; runAt: Date; dedupeKey: string | null },
): Promise<void> {
  await db.execute(sql`
    insert into jobs (kind, payload, run_at, dedupe_key)
    values (${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${job.runAt.toISOString()}, ${job.dedupeKey})
    on conflict (dedupe_key) where done_at is null do nothing`)
}

/** Claims up to `limit` due jobs of the given kinds for `leaseMs` (skipping those another worker holds). */
export function claimDue(db: Db, kinds: string[], limit: number, leaseMs: number): Promise<JobRow[]> {
  return typedRows(
    db,
    jobShape,
    sql`
      update jobs set locked_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
      where id in (
        select id from jobs
        where done_at is null and run_at <= now() and (locked_until is null or locked_until < now())
          and kind in (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
        order by run_at
        limit ${limit}
        for update skip locked
      )
      returning id::int as id, kind, payload, attempts`,
  )
}

export async function runAgainAt(db: Db, id: number, at: Date): Promise<void> {
  await db.update(jobs).set({ runAt: at, lockedUntil: null }).where(eq(jobs.id, id))
}

export async function markDone(db: Db, id: number): Promise<void> {
  await db.update(jobs).set({ doneAt: sql`now()`, lockedUntil: null }).where(eq(jobs.id, id))
}

/** Records a failure: run again after `backoffMs`, or given up (kept, with its error). */
export async function markFailed(
  db: Db,
  id: number,
  failure: { message: string; backoffMs: number; givingUp: boolean },
): Promise<void> {
  await db
    .update(jobs)
    .set({
      lockedUntil: null,
      lastError: failure.message.slice(0, 1000),
      runAt: sql`now() + ${`${failure.backoffMs} milliseconds`}::interval`,
      doneAt: failure.givingUp ? sql`now()` : null,
    })
    .where(eq(jobs.id, id))
}

/** Jobs due now, scheduled later, and given up in the last day (for /metrics). */
export async function countByState(db: Db): Promise<{ due: number; scheduled: number; failed: number }> {
  const [row] = await typedRows(
    db,
    { due: value.int, scheduled: value.int, failed: value.int },
    sql`select count(*) filter (where done_at is null and run_at <= now())::int as due,
          count(*) filter (where done_at is null and run_at > now())::int as scheduled,
          count(*) filter (where done_at is not null and last_error is not null
            and done_at > now() - interval '1 day')::int as failed
        from jobs`,
  )
  return row ?? { due: 0, scheduled: 0, failed: 0 }
}
