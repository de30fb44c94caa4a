import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { typedRows, value } from './typed-sql.ts'

// Operators' database chores (health checks, reset, backup and restore), kept with the database code so that the
// server's commands and checks hold no SQL of their own.

/** One round trip: throws when the database does not answer. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`)
}

/** Drops every table, view and function of the public schema and starts it empty (and the migration record). */
export async function dropEverything(db: Db, options: { migrationRecord: boolean }): Promise<void> {
  await db.execute(sql`drop schema public cascade`)
  await db.execute(sql`create schema public`)
  if (options.migrationRecord) await db.execute(sql`drop table if exists soko_migrations`)
}

/** How many tables the public schema has, and how many other connections use this database. */
export async function databaseUsage(db: Db): Promise<{ tables: number; others: number }> {
  const [row] = await typedRows(
    db,
    { tables: value.int, others: value.int },
    sql`select (select count(*)::int from pg_tables where schemaname = 'public') as tables,
          (select count(*)::int from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()) as others`,
  )
  return row ?? { tables: 0, others: 0 }
}
