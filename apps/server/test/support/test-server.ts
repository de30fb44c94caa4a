import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type DatabaseHandle, openDatabase } from '@soko/db/client'
import { readMigrations } from '@soko/db/migrate'
import { migrationsDir } from '@soko/db/paths'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { inject } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { parseConfig } from '../../src/plugins/config.ts'
import type { WebMode } from '../../src/plugins/web.ts'
import { startStandIns } from '../../src/stand-ins.ts'
import { databaseUrl, withAdmin } from './postgres.ts'

export type Engine = 'pglite' | 'postgres'

/** The engines this run can test: PGlite always, PostgreSQL when the global setup found one. */
export const engines: Engine[] = inject('postgresAdminUrl') ? ['pglite', 'postgres'] : ['pglite']

/** The test databases open now: after every test, each one's ledger must still balance (ledger-whole.ts). */
export const openTestDatabases = new Set<DatabaseHandle>()

/** Keeps `handle` in `openTestDatabases` until it is closed. */
function tracked(handle: DatabaseHandle): DatabaseHandle {
  const kept: DatabaseHandle = {
    ...handle,
    async close() {
      openTestDatabases.delete(kept)
      await handle.close()
    },
  }
  openTestDatabases.add(kept)
  return kept
}

/** A fresh, migrated database of its own for one test file (or one test). */
export async function createTestDatabase(engine: Engine): Promise<DatabaseHandle> {
  if (engine === 'pglite') {
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))])
    return tracked(await openDatabase({ loadDataDir: snapshot }))
  }
  const adminUrl = inject('postgresAdminUrl')
  const name = `${inject('postgresPrefix')}${randomBytes(6).toString('hex')}`
  await withAdmin(adminUrl, (client) =>
    client.query(`create database "${name}" template "${inject('postgresTemplate')}"`),
  )
  const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), poolSize: 5 })
  return tracked({
    ...handle,
    async close() {
      await handle.close()
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`))
    },
  })
}

export interface TestServer {
  /** Base URL of the real HTTP server, e.g. http://127.0.0.1:41234 */
  url: string
  app: FastifyInstance
  database: DatabaseHandle
  close(): Promise<void>
}

export interface TestServerOptions {
  web?: WebMode
  env?: Record<string, string>
  /** Receives the server's log lines (give LOG_LEVEL in `env` too: tests run silent by default). */
  logStream?: { write(line: string): void }
  /** Adds routes before the server starts (to exercise shared behaviour such as error handling). */
  beforeListen?: (app: FastifyInstance) => void
}

/** Starts the real server on a free port against a fresh database of the given engine. */
export async function startTestServer(engine: Engine, options: TestServerOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase(engine)
  // Generated images are cached under DATA_DIR: each server gets its own throw-away one.
  const dataDir = mkdtempSync(join(tmpdir(), 'soko-test-data-'))
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', DATA_DIR: dataDir, ...options.env })
  const app = await buildApp({
    config,
    database,
    migrations: readMigrations(migrationsDir()),
    web: options.web ?? 'none',
    standIns: startStandIns,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  })
  options.beforeListen?.(app)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('The test server has no TCP address')
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    database,
    async close() {
      // A response a test left unread keeps its keep-alive connection busy, and Fastify would wait out its timeout.
      const closing = app.close()
      app.server.closeAllConnections()
      await closing
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Runs `test` against a server of its own, started with `options` and closed after it, whatever happens. */
export async function withTestServer<T>(
  engine: Engine,
  options: TestServerOptions,
  test: (server: TestServer) => Promise<T>,
): Promise<T> {
  const server = await startTestServer(engine, options)
  try {
    return await test(server)
  } finally {
    await server.close()
  }
}

/** Empties the catalogue (for tests that bring their own fixture instead of the demo catalogue). */
export async function truncateCatalog(database: DatabaseHandle): Promise<void> {
  await database.db.execute(
    sql`truncate reviews, product_images, products, banners, businesses, categories, users restart identity cascade`,
  )
}
