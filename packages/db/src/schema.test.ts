import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { getTableColumns, is, sql } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from './client.ts'
import { migrate, readMigrations } from './migrate.ts'
import { migrationsDir, repoRoot } from './paths.ts'
import * as accounts from './schema/accounts.ts'
import * as audit from './schema/audit.ts'
import * as cart from './schema/cart.ts'
import * as catalog from './schema/catalog.ts'
import * as contact from './schema/contact.ts'
import * as customers from './schema/customers.ts'
import * as delivery from './schema/delivery.ts'
import * as flashSales from './schema/flash-sales.ts'
import * as jobs from './schema/jobs.ts'
import * as ledger from './schema/ledger.ts'
import * as mail from './schema/mail.ts'
import * as orders from './schema/orders.ts'
import * as payments from './schema/payments.ts'
import * as payouts from './schema/payouts.ts'
import * as rateLimits from './schema/rate-limits.ts'
import * as reviews from './schema/reviews.ts'
import * as search from './schema/search.ts'
import * as secrets from './schema/secrets.ts'
import * as sms from './schema/sms.ts'
import * as vendors from './schema/vendors.ts'
import * as vouchers from './schema/vouchers.ts'
import { typedRows, value } from './typed-sql.ts'

// The Drizzle schema is the complete record of the database: generating a migration from it comes out empty, and
// the database the migrations build has exactly its tables, columns (types and nullability) and indexes.

const modules = [
  accounts,
  audit,
  cart,
  catalog,
  contact,
  customers,
  delivery,
  flashSales,
  jobs,
  ledger,
  mail,
  orders,
  payments,
  payouts,
  rateLimits,
  reviews,
  search,
  secrets,
  sms,
  vendors,
  vouchers,
]
const tables = modules.flatMap((module) => Object.values(module).filter((entry) => is(entry, PgTable)))

/** The migrations' own bookkeeping table, made by `migrate`, not by a migration. */
const BOOKKEEPING = 'soko_migrations'

describe('the schema', () => {
  it('gives an empty migration: drizzle-kit finds nothing the migrations lack', async () => {
    const root = repoRoot()
    const out = mkdtempSync(join(tmpdir(), 'soko-generate-'))
    try {
      cpSync(migrationsDir(), out, { recursive: true })
      const before = readdirSync(out).sort()
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          join(root, 'node_modules', 'drizzle-kit', 'bin.cjs'),
          'generate',
          '--dialect',
          'postgresql',
          '--schema',
          './packages/db/src/schema/*.ts',
          // drizzle-kit takes its output folder relative to the working directory.
          '--out',
          relative(root, out),
        ],
        { cwd: root },
      )
      expect(stdout).toContain('No schema changes')
      expect(readdirSync(out).sort()).toEqual(before)
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  })

  describe('matches the database the migrations build', () => {
    let handle: DatabaseHandle
    beforeAll(async () => {
      handle = await openDatabase({})
      await migrate(handle.db, readMigrations(migrationsDir()))
    }, 120_000)
    afterAll(() => handle.close())

    it('has every table', async () => {
      const rows = await typedRows(
        handle.db,
        { name: value.text },
        sql`select table_name::text as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> ${BOOKKEEPING}`,
      )
      expect(tables.map((table) => getTableConfig(table).name).sort()).toEqual(rows.map((row) => row.name).sort())
    })

    it("has each table's columns, with their types and nullability", async () => {
      const rows = await typedRows(
        handle.db,
        { table: value.text, column: value.text, type: value.text, nullable: value.bool },
        sql`select c.relname::text as table, a.attname::text as column, format_type(a.atttypid, a.atttypmod) as type,
              not a.attnotnull as nullable
            from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
              and c.relname <> ${BOOKKEEPING}`,
      )
      const inDatabase = rows.map((row) => `${row.table}.${row.column} ${row.type}${row.nullable ? ' null' : ''}`)
      const inSchema = tables.flatMap((table) =>
        Object.values(getTableColumns(table)).map(
          (column) =>
            `${getTableConfig(table).name}.${column.name} ${sqlType(column.getSQLType())}${column.notNull ? '' : ' null'}`,
        ),
      )
      expect(inSchema.sort()).toEqual(inDatabase.sort())
    })

    it("has each table's indexes and keys", async () => {
      const rows = await typedRows(
        handle.db,
        { table: value.text, index: value.text },
        sql`select tablename::text as table, indexname::text as index from pg_indexes
            where schemaname = 'public' and tablename <> ${BOOKKEEPING}`,
      )
      const inSchema = tables.flatMap((table) => {
        const config = getTableConfig(table)
        const keys = [
          ...config.indexes.map((index) => index.config.name),
          ...config.primaryKeys.map((key) => key.getName()),
          ...config.uniqueConstraints.map((unique) => unique.getName()),
          // A primary key declared on its column is named by PostgreSQL's rule.
          ...(config.columns.some((column) => column.primary) ? [`${config.name}_pkey`] : []),
        ]
        return keys.map((name) => `${config.name}.${name}`)
      })
      expect(inSchema.sort()).toEqual(rows.map((row) => `${row.table}.${row.index}`).sort())
    })
  })
})

/** A schema type as PostgreSQL's format_type prints it (serials are integers with a sequence). */
function sqlType(type: string): string {
  if (type === 'serial') return 'integer'
  if (type === 'bigserial') return 'bigint'
  return type.replace(/^numeric\((\d+), (\d+)\)$/, 'numeric($1,$2)').replace(/^timestamp \((\d+)\)/, 'timestamp($1)')
}
