import { sql } from 'drizzle-orm'
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'

/**
 * Background work that must survive restarts and run once however many processes there are: each worker claims a
 * due job with FOR UPDATE SKIP LOCKED and a lease, so a crashed worker's job is picked up again when the lease ends.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** At most one unfinished job per key (e.g. `order-expiry:42`). */
    dedupeKey: text('dedupe_key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt,
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null`),
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey).where(sql`${t.doneAt} is null`),
  ],
)
