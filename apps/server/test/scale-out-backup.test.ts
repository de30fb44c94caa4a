import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type DatabaseHandle, openDatabase } from '@soko/db/client'
import { lockDataDir } from '@soko/db/data-dir-lock'
import { readMigrations } from '@soko/db/migrate'
import { migrationsDir } from '@soko/db/paths'
import { products } from '@soko/db/schema/catalog'
import { typedRows, value } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { parseConfig } from '../src/plugins/config.ts'
import { startStandIns } from '../src/stand-ins.ts'
import { newKey, orderBody } from './support/checkout.ts'
import { createSharedDatabase, type SharedDatabase } from './support/cluster.ts'
import { runEntry } from './support/run-entry.ts'

const adminUrl = inject('postgresAdminUrl')
const work = mkdtempSync(join(tmpdir(), 'soko-backup-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** `npm run db:backup` / `db:restore` as an operator runs them; resolves with the exit code and output. */
const cli = (args: string[], env: Record<string, string>) =>
  runEntry('cli/backup.ts', args, env, ['DATABASE_URL', 'DATA_DIR'])

/** Places an order through the API of an instance built on `database`; returns its number and total. */
async function placeOrder(database: DatabaseHandle, env: Record<string, string>) {
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env })
  const app = await buildApp({
    config,
    database,
    migrations: readMigrations(migrationsDir()),
    web: 'none',
    standIns: startStandIns,
  })
  try {
    const [product] = await typedRows(
      database.db,
      { id: products.id },
      sql`select p.id from products p join businesses b on b.id = p.business_id
          where p.is_active and b.is_active and p.stock_qty >= 5 order by p.id limit 1`,
    )
    if (!product) throw new Error('fixture')
    const response = await app.inject({
      method: 'POST',
      url: '/api/checkout/orders/',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody([{ productId: product.id, quantity: 2 }]),
    })
    expect(response.statusCode).toBe(201)
    const { order } = response.json() as { order: { orderNumber: string; total: number } }
    return order
  } finally {
    await app.close()
  }
}

const orderIn = async (database: DatabaseHandle, orderNumber: string) => {
  const [row] = await typedRows(
    database.db,
    { total_cents: value.int, items: value.int },
    sql`select o.total_cents::int as total_cents, (select count(*)::int from order_items i where i.order_id = o.id) as items
        from orders o where o.order_number = ${orderNumber}`,
  )
  return row ?? null
}

describe('backing up and restoring the embedded database', () => {
  it('round-trips an order, and refuses while a server holds DATA_DIR or over a database without --force', async () => {
    const source = join(work, 'source')
    mkdirSync(source)
    const database = await openDatabase({
      dataDir: join(source, 'pglite'),
      loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]),
    })
    let order: { orderNumber: string; total: number }
    try {
      order = await placeOrder(database, { DATA_DIR: source })
    } finally {
      await database.close()
    }
    const file = join(work, 'soko.tar.gz')

    // A running server holds the data directory: the backup waits for it to stop instead of reading under it.
    const release = lockDataDir(source, 'soko server')
    try {
      const refused = await cli(['backup', file], { DATA_DIR: source })
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(/^The data directory .* is in use by process \d+ \(soko server/)
    } finally {
      release()
    }

    const backup = await cli(['backup', file], { DATA_DIR: source })
    expect(backup.stderr).toBe('')
    expect(backup.code).toBe(0)
    expect(backup.stdout).toMatch(/^Backed up .*pglite to .*soko\.tar\.gz \(\d+\.\d MB\) in \d+\.\d s\.\n$/)
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]))

    const target = join(work, 'target')
    const restored = await cli(['restore', file], { DATA_DIR: target })
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)
    const copy = await openDatabase({ dataDir: join(target, 'pglite') })
    try {
      expect(await orderIn(copy, order.orderNumber)).toEqual({ total_cents: Math.round(order.total * 100), items: 1 })
    } finally {
      await copy.close()
    }

    const again = await cli(['restore', file], { DATA_DIR: target })
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/already holds a database: restore into an empty DATA_DIR, or add --force/)
    const forced = await cli(['restore', file, '--force'], { DATA_DIR: target })
    expect(forced.code).toBe(0)
    expect(forced.stdout).toMatch(/The database it replaced is kept in .*pglite\.replaced-/)
    expect(readdirSync(target).filter((name) => name.startsWith('pglite.replaced-'))).toHaveLength(1)
    expect(existsSync(join(target, 'soko.lock'))).toBe(false)
  }, 90_000)
})

describe.skipIf(!adminUrl)('backing up and restoring PostgreSQL', () => {
  const databases: SharedDatabase[] = []
  afterAll(() => Promise.all(databases.map((database) => database.drop())))

  it('round-trips an order through pg_dump and pg_restore, and refuses a database with tables without --force', async () => {
    const source = await createSharedDatabase()
    const target = await createSharedDatabase({ empty: true })
    databases.push(source, target)
    const database = await openDatabase({ databaseUrl: source.url, poolSize: 2 })
    let order: { orderNumber: string; total: number }
    try {
      order = await placeOrder(database, { DATABASE_URL: source.url, DATA_DIR: join(work, 'pg-media') })
    } finally {
      await database.close()
    }
    const file = join(work, 'soko.dump')
    const backup = await cli(['backup', file], { DATABASE_URL: source.url })
    expect(backup.stderr).toBe('')
    expect(backup.code).toBe(0)
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP')

    const restored = await cli(['restore', file], { DATABASE_URL: target.url })
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)
    const copy = await openDatabase({ databaseUrl: target.url, poolSize: 1 })
    try {
      expect(await orderIn(copy, order.orderNumber)).toEqual({ total_cents: Math.round(order.total * 100), items: 1 })
      // The search extensions came back with it (`%` is pg_trgm's similarity operator).
      const [search] = await typedRows(
        copy.db,
        { n: value.int },
        sql`select count(*)::int as n from products where name % 'chai'`,
      )
      expect(search?.n).toEqual(expect.any(Number))
    } finally {
      await copy.close()
    }

    const again = await cli(['restore', file], { DATABASE_URL: target.url })
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/^The database already has \d+ table\(s\): restore into an empty one, or add --force/)
    const forced = await cli(['restore', file, '--force'], { DATABASE_URL: target.url })
    expect(forced.stderr).toBe('')
    expect(forced.code).toBe(0)
  }, 90_000)
})
