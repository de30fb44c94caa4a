import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from './client.ts'
import { typedRows, value } from './typed-sql.ts'

const SEGMENT_MB = 16

describe('the embedded engine', () => {
  let handle: DatabaseHandle | undefined
  let dir: string | undefined
  afterEach(async () => {
    await handle?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('keeps its write-ahead log small: a checkpoint lets go of what it no longer needs', async () => {
    dir = mkdtempSync(join(tmpdir(), 'soko-wal-'))
    handle = await openDatabase({ dataDir: dir })
    const { db } = handle
    const walMb = () =>
      readdirSync(join(dir ?? '', 'pg_wal')).filter((f) => /^[0-9A-F]{24}$/.test(f)).length * SEGMENT_MB
    expect(await typedRows(db, { max_wal_size: value.text }, sql`show max_wal_size`)).toEqual([
      { max_wal_size: '64MB' },
    ])
    await db.execute(sql`create table filler (id serial primary key, body text)`)
    // About 60 MB of log per round: without a checkpoint (PGlite has no checkpointer) it only grows.
    for (let round = 0; round < 3; round++) {
      await db.execute(sql`insert into filler (body) select repeat('x', 500) from generate_series(1, 100000)`)
      await db.execute(sql`delete from filler`)
    }
    expect(walMb()).toBeGreaterThan(150)
    await handle.checkpoint?.()
    expect(walMb()).toBeLessThanOrEqual(64)
    // Still the same database afterwards.
    expect(await typedRows(db, { n: value.int }, sql`select count(*)::int as n from filler`)).toEqual([{ n: 0 }])
  })
})
