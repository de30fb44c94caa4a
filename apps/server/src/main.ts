import { openDatabase } from '@soko/db/client'
import { DataDirLockedError, lockDataDir } from '@soko/db/data-dir-lock'
import { migrate, readMigrations } from '@soko/db/migrate'
import { migrationsDir } from '@soko/db/paths'
import { seedDemoCatalogue } from '@soko/db/seed/seed-demo'
import { buildApp } from './app.ts'
import { PasswordHasher } from './modules/accounts/passwords.ts'
import { ConfigError, loadConfig } from './plugins/config.ts'

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
      })
    : null

  const app = await buildApp({
    config,
    database,
    migrations,
    web: config.NODE_ENV === 'development' ? 'development' : 'production',
  })
  if (applied.length > 0) app.log.info({ applied }, 'database migrated')
  if (seeded?.seeded) app.log.info({ ...seeded }, 'demo catalogue seeded')

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    // Fastify stops accepting, lets requests in flight finish, then runs onClose hooks.
    await app.close()
    await database.close()
    releaseLock()
    process.exit(0)
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ port: config.PORT, host: config.HOST })
  app.log.info(
    { database: database.label, startupMs: Math.round(performance.now() - startedAt) },
    `Soko is ready on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : config.PORT}`,
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
