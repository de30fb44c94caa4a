import { openDatabase } from '@soko/db/client'
import { DataDirLockedError, lockDataDir } from '@soko/db/data-dir-lock'
import { migrate, readMigrations } from '@soko/db/migrate'
import { migrationsDir } from '@soko/db/paths'
import { seedDemoCatalogue } from '@soko/db/seed/seed-demo'
import { buildApp } from './app.ts'
import { PasswordHasher } from './modules/accounts/passwords.ts'
import { ConfigError, loadConfig } from './plugins/config.ts'
import { startStandIns } from './stand-ins.ts'

/** Docker's `stop` waits 10 s before SIGKILL: requests still running after 8 s are cut so the rest shuts down cleanly. */
const SHUTDOWN_DEADLINE_MS = 8000

/** Starts the marketplace: configuration, database (locked, migrated), HTTP server, and graceful shutdown. */
async function main(): Promise<void> {
  const startedAt = performance.now()
  const config = loadConfig()
  const releaseLock = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR, 'soko server')
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.pgliteDir,
    poolSize: config.DB_POOL_SIZE,
  })
  const migrations = readMigrations(migrationsDir())
  const applied = await migrate(database.db, migrations)
  // Only an empty catalogue is seeded (checked under a lock), so restarts and sibling processes add nothing.
  const hasher = new PasswordHasher({
    memoryCost: config.ARGON2_MEMORY_KIB,
    timeCost: config.ARGON2_TIME_COST,
    parallelism: config.ARGON2_PARALLELISM,
  })
  const seeded = config.seedDemoData
    ? await seedDemoCatalogue(database.db, {
        products: config.DEMO_PRODUCTS,
        hashPassword: (password) => hasher.hash(password),
        history: {
          days: config.DEMO_HISTORY_DAYS,
          settings: {
            shippingCents: config.shippingCents,
            vatRateBp: config.vatRateBp,
            commissionBp: config.commissionBp,
            deliveryConfirmDays: config.DELIVERY_CONFIRM_DAYS,
            returnWindowDays: config.RETURN_WINDOW_DAYS,
            // Past weeks were paid on the run this marketplace is set to (Friday 10:00, KSh 500 by default).
            payoutSchedule: { day: config.PAYOUT_DAY, hour: config.PAYOUT_HOUR },
            payoutMinimumCents: config.PAYOUT_MINIMUM_KES * 100,
          },
        },
      })
    : null
  // The embedded engine lets go of the seed's write-ahead log now rather than at its next checkpoint.
  if (seeded?.seeded) await database.checkpoint?.()

  const app = await buildApp({
    config,
    database,
    migrations,
    web: config.NODE_ENV === 'development' ? 'development' : 'production',
    // The Daraja simulator, test card provider and Google stand-in, when the configuration asks for them.
    standIns: startStandIns,
  })
  if (applied.length > 0) app.log.info({ applied }, 'database migrated')
  if (seeded?.seeded) app.log.info({ ...seeded }, 'demo catalogue seeded')

  let closing = false
  // Requests in flight when the server stops are answered with `Connection: close` (Fastify does the same for
  // requests that arrive on an open connection meanwhile): a kept-alive connection would hold the shutdown open
  // for the whole keep-alive timeout, or be cut under a proxy about to reuse it.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close')
  })
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    // A response whose headers left before the signal (a streamed page) keeps its connection: close each such
    // connection once idle, and every one still open after SHUTDOWN_DEADLINE_MS (before an orchestrator's SIGKILL).
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100)
    const deadline = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_DEADLINE_MS)
    // Fastify stops accepting, lets requests in flight finish, then runs onClose hooks (the job queue waits for
    // the jobs in hand).
    await app.close()
    clearInterval(reaper)
    clearTimeout(deadline)
    await database.close()
    releaseLock()
    process.exit(0)
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ port: config.PORT, host: config.HOST })
  app.log.info(
    { database: database.label, demo: config.demo, startupMs: Math.round(performance.now() - startedAt) },
    `Soko is ready on ${app.soko.siteOrigin()}${config.demo ? ' (demo store: no real payments)' : ''}`,
  )
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message)
  } else {
    console.error('Soko failed to start:', error instanceof Error ? error.message : error)
  }
  process.exit(1)
})
