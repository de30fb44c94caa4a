import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'

/** The one database type the rest of the code sees, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT>

export type DatabaseKind = 'pglite' | 'postgres'

export interface DatabaseHandle {
  kind: DatabaseKind
  db: Db
  /** A short, password-free description for logs and /api/ready. */
  label: string
  /** The embedded engine, when there is one (tests dump and load snapshots through it). */
  pglite?: PGlite
  /**
   * Subscribes to NOTIFY on `channel`. `onMessage` receives each payload, and '*' when notifications may have
   * been missed (the listening connection was lost and is being re-opened), so callers can drop what they cached.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>
  /**
   * PostgreSQL: a second, smaller pool whose connections plan without sequential scans and without JIT, for
   * queries that must read through an index the planner undervalues (text search: see the search repository).
   * Absent on the embedded engine, whose one connection such queries set up in a transaction instead.
   */
  indexScans?: Db
  /** PostgreSQL: this process's connections (for /metrics); the embedded engine has one, always. */
  poolStats?(): { total: number; idle: number; waiting: number }
  /**
   * The embedded engine: a checkpoint now (it runs one every few minutes by itself; see openPglite), for after a
   * bulk write such as seeding. PostgreSQL's own checkpointer needs no asking.
   */
  checkpoint?(): Promise<void>
  close(): Promise<void>
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; absent means the embedded PGlite engine. */
  databaseUrl?: string | undefined
  /** Where PGlite keeps its files; absent means in memory. */
  dataDir?: string | undefined
  /** A PGlite data directory dump (`dumpDataDir`) to start from instead of an empty cluster. */
  loadDataDir?: Blob | undefined
  poolSize?: number | undefined
}

/** Extensions the schema relies on; PGlite must load them before `CREATE EXTENSION` can find them. */
const pgliteExtensions = { pg_trgm, unaccent }

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10)
  return openPglite(options.dataDir, options.loadDataDir)
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize })
  const indexPool = new pg.Pool({
    connectionString: databaseUrl,
    max: Math.max(2, Math.ceil(poolSize / 2)),
    // Set on each new connection before it is handed out, rather than as startup options, which connection poolers
    // such as PgBouncer refuse. If it fails, the query waiting for the connection fails with that error.
    onConnect: async (client) => {
      await client.query('set enable_seqscan = off; set jit = off')
    },
  })
  // An idle client that loses its connection emits 'error'; without a listener that would crash the process.
  pool.on('error', () => {})
  indexPool.on('error', () => {})
  const url = new URL(databaseUrl)
  const listeners = new Set<() => Promise<void>>()
  return {
    kind: 'postgres',
    db: drizzlePg(pool),
    indexScans: drizzlePg(indexPool),
    label: `postgresql://${url.hostname}:${url.port || '5432'}${url.pathname}`,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async listen(channel, onMessage) {
      const stop = await listenPostgres(databaseUrl, channel, onMessage)
      listeners.add(stop)
      return async () => {
        listeners.delete(stop)
        await stop()
      }
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()))
      await Promise.all([pool.end(), indexPool.end()])
    },
  }
}

/** A dedicated connection for LISTEN (a pooled one would be handed to other queries), re-opened when lost. */
async function listenPostgres(
  databaseUrl: string,
  channel: string,
  onMessage: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  // Tries again every second for as long as the database is away (not once: an outage may last minutes).
  const reconnect = () => {
    if (stopped || retry) return
    retry = setTimeout(() => {
      retry = undefined
      connect().then(
        // Changes made between the loss and now were not heard: drop what was cached meanwhile too.
        () => onMessage('*'),
        () => reconnect(),
      )
    }, 1000)
  }
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl })
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '')
    })
    next.on('error', () => {
      next.end().catch(() => {})
      if (stopped || client !== next) return
      client = null
      onMessage('*')
      reconnect()
    })
    try {
      await next.connect()
      await next.query(`listen ${pg.escapeIdentifier(channel)}`)
    } catch (error) {
      next.end().catch(() => {})
      throw error
    }
    if (stopped) await next.end().catch(() => {})
    else client = next
  }
  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    retry = undefined
    await client?.end().catch(() => {})
  }
}

/**
 * PGlite runs PostgreSQL as one process, without the checkpointer: a checkpoint happens only when asked for, so
 * write-ahead log piles up for as long as the process runs (4.9 GB after seeding 100,000 products; a shop's every
 * order and cart adds to it). The handle asks for one every PGLITE_CHECKPOINT_EVERY_MS, and max_wal_size is small,
 * so that a checkpoint removes the segments it no longer needs rather than keeping up to 1 GB of them for reuse.
 */
const PGLITE_CHECKPOINT_EVERY_MS = 5 * 60_000
const PGLITE_SETTINGS = ['-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB']

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  const client = new PGlite(dataDir ?? 'memory://', {
    extensions: pgliteExtensions,
    loadDataDir,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  })
  await client.waitReady
  const checkpoint = async () => {
    if (!client.closed) await client.exec('checkpoint')
  }
  // A failed checkpoint is retried at the next tick: nothing is lost meanwhile, the log only grows.
  const timer = setInterval(() => checkpoint().catch(() => {}), PGLITE_CHECKPOINT_EVERY_MS)
  timer.unref()
  return {
    kind: 'pglite',
    db: drizzlePglite(client),
    label: dataDir ? `pglite:${dataDir}` : 'pglite:memory',
    pglite: client,
    async listen(channel, onMessage) {
      const unlisten = await client.listen(channel, onMessage)
      return async () => {
        if (!client.closed) await unlisten()
      }
    },
    checkpoint,
    close: () => {
      clearInterval(timer)
      return client.close()
    },
  }
}
