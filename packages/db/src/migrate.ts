import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { typedRows, value } from './typed-sql.ts'

export interface Migration {
  tag: string
  statements: string[]
}

interface Journal {
  entries: { idx: number; tag: string }[]
}

/**
 * Any fixed number works as long as nothing else in the database uses it: every process that migrates takes
 * this transaction-scoped advisory lock first, so processes starting together apply each migration once.
 */
const MIGRATION_LOCK_KEY = 727_101_001

/** Reads the migrations drizzle-kit keeps (journal order), split into statements. */
export function readMigrations(migrationsDir: string): Migration[] {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as Journal
  return [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map(({ tag }) => ({
      tag,
      statements: readFileSync(join(migrationsDir, `${tag}.sql`), 'utf8')
        .split('--> statement-breakpoint')
        .map((statement) => statement.trim())
        .filter((statement) => !isOnlyComments(statement)),
    }))
}

/** Whether a statement holds nothing to run: empty, or comment lines only (a migration that only records a note). */
function isOnlyComments(statement: string): boolean {
  return statement.split('\n').every((line) => line.trim() === '' || line.trim().startsWith('--'))
}

/** The migrations applied so far (soko_migrations is the migrator's own record, outside the schema). */
function appliedTags(db: Db) {
  return typedRows(db, { tag: value.text }, sql`select tag from soko_migrations`)
}

/** Applies the migrations not applied yet, all in one transaction; returns the tags it applied. */
export async function migrate(db: Db, migrations: Migration[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`)
    await tx.execute(sql`
      create table if not exists soko_migrations (
        tag text primary key,
        applied_at timestamptz not null default now()
      )`)
    const done = new Set((await appliedTags(tx)).map((r) => r.tag))
    const applied: string[] = []
    for (const migration of migrations) {
      if (done.has(migration.tag)) continue
      for (const statement of migration.statements) await tx.execute(sql.raw(statement))
      await tx.execute(sql`insert into soko_migrations (tag) values (${migration.tag})`)
      applied.push(migration.tag)
    }
    return applied
  })
}

/** Migrations known to the code but not yet applied to the database (empty when up to date). */
export async function pendingMigrations(db: Db, migrations: Migration[]): Promise<string[]> {
  const exists = await typedRows(
    db,
    { exists: value.bool },
    sql`select to_regclass('soko_migrations') is not null as exists`,
  )
  if (!exists[0]?.exists) return migrations.map((m) => m.tag)
  const done = new Set((await appliedTags(db)).map((r) => r.tag))
  return migrations.filter((m) => !done.has(m.tag)).map((m) => m.tag)
}
