import type { Db } from '@soko/db/client'
import { rateLimits } from '@soko/db/schema/rate-limits'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { eq, lt, sql } from 'drizzle-orm'

// SQL of rate_limits: fixed-window hit counters shared by every process.

/** Counts a hit on `key` in one atomic upsert (a passed window starts again at 1); the count and seconds left. */
const hitShape = { hits: rateLimits.hits, retry_after: value.int }

export async function hit(db: Db, key: string, seconds: number): Promise<RowOf<typeof hitShape> | null> {
  const [row] = await typedRows(
    db,
    hitShape,
    sql`insert into rate_limits as r (key, hits, reset_at)
        values (${key}, 1, now() + ${seconds}::float8 * interval '1 second')
        on conflict (key) do update set
          hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
          reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
        returning hits, greatest(1, ceil(extract(epoch from (reset_at - now()))))::int as retry_after`,
  )
  return row ?? null
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key))
}

export async function sweep(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`))
}
