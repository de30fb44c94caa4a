import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { type DatabaseHandle, openDatabase } from '@soko/db/client'
import { migrate, readMigrations } from '@soko/db/migrate'
import { migrationsDir } from '@soko/db/paths'
import { products } from '@soko/db/schema/catalog'
import { jobs } from '@soko/db/schema/jobs'
import { typedRows, value } from '@soko/db/typed-sql'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { enqueueJob } from '../src/modules/jobs/queue.ts'
import { parseConfig } from '../src/plugins/config.ts'
import { startStandIns } from '../src/stand-ins.ts'
import { waitFor } from './support/checkout.ts'
import { createSharedDatabase, type SharedDatabase, startTcpProxy, type TcpProxy } from './support/cluster.ts'

const adminUrl = inject('postgresAdminUrl')
const migrations = readMigrations(migrationsDir())

/** A Soko instance built in this process on `url` (as a second process would be, with its own connections). */
async function buildInstance(url: string): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'soko-scale-'))
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, DATA_DIR: dataDir })
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 })
  const app = await buildApp({ config, database, migrations, web: 'none', standIns: startStandIns })
  return {
    app,
    async close() {
      await app.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

describe.skipIf(!adminUrl)('several processes on one PostgreSQL database', () => {
  it('apply each migration once when they start together', async () => {
    const fresh = await createSharedDatabase({ empty: true })
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: fresh.url, poolSize: 1 })))
    try {
      const results = await Promise.all(handles.map((handle) => migrate(handle.db, migrations)))
      // One of them applied everything; the others waited on the lock, then found nothing left to do.
      expect(results.map((applied) => applied.length).sort()).toEqual([0, 0, migrations.length])
      const [first] = handles as [DatabaseHandle]
      const rows = await typedRows(
        first.db,
        { tag: value.text, n: value.int },
        sql`select tag, count(*)::int as n from soko_migrations group by tag order by tag`,
      )
      expect(rows.map((row) => row.tag)).toEqual(migrations.map((migration) => migration.tag).sort())
      expect(rows.every((row) => row.n === 1)).toBe(true)
    } finally {
      await Promise.all(handles.map((handle) => handle.close()))
      await fresh.drop()
    }
  })

  it('run each background job once, whichever process claims it', async () => {
    const shared = await createSharedDatabase()
    const instances = await Promise.all([buildInstance(shared.url), buildInstance(shared.url)])
    const runs = new Map<number, number[]>()
    instances.forEach(({ app }, index) => {
      app.soko.jobs.register('test.count', async (job) => {
        runs.set(job.id, [...(runs.get(job.id) ?? []), index])
        await sleep(5)
        return undefined
      })
    })
    const database = await openDatabase({ databaseUrl: shared.url, poolSize: 2 })
    try {
      const JOBS = 300
      await database.db.transaction(async (tx) => {
        for (let n = 0; n < JOBS; n++) await enqueueJob(tx as never, { kind: 'test.count', payload: { n } })
      })
      for (const { app } of instances) app.soko.jobs.kick()
      await waitFor(async () => {
        const left = await database.db.$count(jobs, and(eq(jobs.kind, 'test.count'), isNull(jobs.doneAt)))
        return left === 0 ? true : null
      }, 30_000)
      expect(runs.size).toBe(JOBS)
      expect([...runs.values()].filter((by) => by.length !== 1)).toEqual([])
      const byInstance = [0, 1].map((index) => [...runs.values()].filter(([by]) => by === index).length)
      console.info(`${JOBS} jobs ran once each: ${byInstance.join(' by one process, ')} by the other`)
      expect(byInstance.every((count) => count > 0)).toBe(true)
    } finally {
      await database.close()
      await Promise.all(instances.map((instance) => instance.close()))
      await shared.drop()
    }
  })
})

describe.skipIf(!adminUrl)('a process that died holding a job', () => {
  it('loses it to a survivor once its lease has run out, and not before', async () => {
    const shared = await createSharedDatabase()
    const survivor = await buildInstance(shared.url)
    const ran: number[] = []
    survivor.app.soko.jobs.register('test.lease', async (job) => {
      ran.push(Number(job.payload.n))
      return undefined
    })
    const database = await openDatabase({ databaseUrl: shared.url, poolSize: 1 })
    try {
      // As a dead worker leaves them: claimed (attempts 1), one lease run out a second ago, one still running.
      await database.db.execute(sql`
        insert into jobs (kind, payload, run_at, locked_until, attempts) values
          ('test.lease', '{"n": 1}', now() - interval '2 minutes', now() - interval '1 second', 1),
          ('test.lease', '{"n": 2}', now() - interval '2 minutes', now() + interval '1 hour', 1)`)
      survivor.app.soko.jobs.kick()
      await waitFor(async () => (ran.length > 0 ? true : null), 10_000)
      await sleep(1500)
      expect(ran).toEqual([1])
      const rows = await typedRows(
        database.db,
        { n: value.int, done: value.bool, attempts: jobs.attempts },
        sql`select (payload->>'n')::int as n, done_at is not null as done, attempts from jobs
            where kind = 'test.lease' order by 1`,
      )
      expect(rows).toEqual([
        { n: 1, done: true, attempts: 2 },
        { n: 2, done: false, attempts: 1 },
      ])
    } finally {
      await database.close()
      await survivor.close()
      await shared.drop()
    }
  })
})

describe.skipIf(!adminUrl)('a database that goes away and comes back', () => {
  let shared: SharedDatabase
  let proxy: TcpProxy
  let instance: Awaited<ReturnType<typeof buildInstance>>
  let direct: DatabaseHandle

  beforeAll(async () => {
    shared = await createSharedDatabase()
    const target = new URL(shared.url)
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
    const viaProxy = new URL(shared.url)
    viaProxy.host = `127.0.0.1:${proxy.port}`
    instance = await buildInstance(viaProxy.toString())
    direct = await openDatabase({ databaseUrl: shared.url, poolSize: 1 })
  })

  afterAll(async () => {
    await proxy?.restore().catch(() => {})
    await instance?.close()
    await direct?.close()
    await proxy?.close()
    await shared?.drop()
  })

  const ready = () => instance.app.inject('/api/ready').then((response) => response.statusCode)

  it('/api/ready answers 503 while it is unreachable and 200 again by itself once it is back', async () => {
    expect(await ready()).toBe(200)
    const [product] = await direct.db
      .select({ id: products.id, slug: products.slug, name: products.name })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.id))
      .limit(1)
    if (!product) throw new Error('fixture')
    const page = () =>
      instance.app
        .inject(`/api/marketplace/api/products/${product.slug}/`)
        .then((response) => (response.json() as { name: string }).name)
    expect(await page()).toBe(product.name)

    await proxy.cut()
    expect(await ready()).toBe(503)
    // Longer than the catalogue listener's first reconnection attempt.
    await sleep(2500)
    expect(await ready()).toBe(503)

    await proxy.restore()
    const started = Date.now()
    await waitFor(async () => ((await ready()) === 200 ? true : null), 10_000)
    console.info(`ready again ${Date.now() - started} ms after the database came back`)

    // The catalogue listener reconnected too: a change made elsewhere still reaches this process's cache.
    await waitFor(async () => ((await page()) === product.name ? true : null), 5_000)
    const renamed = `${product.name} (baada ya hitilafu)`
    await direct.db.execute(sql`update products set name = ${renamed} where id = ${product.id}`)
    await waitFor(async () => ((await page()) === renamed ? true : null), 5_000)
  }, 60_000)
})
