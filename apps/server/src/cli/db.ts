// `npm run db:migrate | db:seed | db:reset`: database chores for operators, on PGlite (DATA_DIR) or DATABASE_URL.
import { rmSync } from 'node:fs'
import { openDatabase } from '@soko/db/client'
import { DataDirLockedError, lockDataDir } from '@soko/db/data-dir-lock'
import { dropEverything } from '@soko/db/maintenance'
import { migrate, readMigrations } from '@soko/db/migrate'
import { migrationsDir } from '@soko/db/paths'
import { seedDemoCatalogue } from '@soko/db/seed/seed-demo'
import { PasswordHasher } from '../modules/accounts/passwords.ts'
import { ConfigError, loadConfig } from '../plugins/config.ts'

const USAGE = 'Usage: db.ts migrate | reset | seed [--products N]'

function productsOption(args: string[], fallback: number): number {
  const index = args.indexOf('--products')
  if (index === -1) return fallback
  const value = Number(args[index + 1])
  if (!Number.isInteger(value) || value < 0 || value > 1_000_000) {
    throw new ConfigError('--products takes a whole number from 0 to 1000000')
  }
  return value
}

async function main([command, ...args]: string[]): Promise<void> {
  if (command !== 'migrate' && command !== 'reset' && command !== 'seed') throw new ConfigError(USAGE)
  const config = loadConfig()
  const products = productsOption(args, config.DEMO_PRODUCTS)
  const releaseLock = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR, `db:${command}`)
  try {
    if (command === 'reset' && !config.DATABASE_URL) {
      // The embedded database is its directory: start it over, with the image cache made from it.
      rmSync(config.pgliteDir, { recursive: true, force: true })
      rmSync(config.mediaDir, { recursive: true, force: true })
    }
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.pgliteDir, poolSize: 2 })
    try {
      if (command === 'reset' && database.kind === 'postgres') {
        await dropEverything(database.db, { migrationRecord: true })
      }
      const applied = await migrate(database.db, readMigrations(migrationsDir()))
      console.log(
        applied.length > 0 ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Already up to date.',
      )
      if (command === 'reset') console.log(`Reset ${database.label}. The next start seeds the demo catalogue again.`)
      if (command === 'seed') {
        const started = performance.now()
        const hasher = new PasswordHasher({
          memoryCost: config.ARGON2_MEMORY_KIB,
          timeCost: config.ARGON2_TIME_COST,
          parallelism: config.ARGON2_PARALLELISM,
        })
        const result = await seedDemoCatalogue(database.db, {
          products,
          hashPassword: (password) => hasher.hash(password),
        })
        const seconds = ((performance.now() - started) / 1000).toFixed(1)
        console.log(
          result.seeded
            ? `Seeded ${result.products} products, ${result.reviews} reviews, ${result.images} images, ${result.vendors} vendors, ${result.categories} categories and ${result.accounts} demo sign-ins in ${seconds} s.`
            : 'The catalogue is not empty: nothing seeded (run db:reset first to start over).',
        )
      }
    } finally {
      await database.close()
    }
  } finally {
    releaseLock()
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError
  console.error(known ? (error as Error).message : `Failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
