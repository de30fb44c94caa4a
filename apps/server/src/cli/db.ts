// `npm run db:migrate | db:seed | db:reset`: database chores for operators, on PGlite (DATA_DIR) or DATABASE_URL.
import { rmSync } from 'node:fs'
import { openDatabase } from '@soko/db/client'
import { DataDirLockedError, lockDataDir } from '@soko/db/data-dir-lock'
import { migrate, readMigrations } from '@soko/db/migrate'
import { migrationsDir } from '@soko/db/paths'
import { sql } from 'drizzle-orm'
import { ConfigError, loadConfig } from '../plugins/config.ts'

const USAGE = 'Usage: db.ts <migrate | reset>'

async function main(command: string | undefined): Promise<void> {
  if (command !== 'migrate' && command !== 'reset') throw new ConfigError(USAGE)
  const config = loadConfig()
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
        await database.db.execute(sql`drop schema public cascade`)
        await database.db.execute(sql`create schema public`)
        await database.db.execute(sql`drop table if exists soko_migrations`)
      }
      const applied = await migrate(database.db, readMigrations(migrationsDir()))
      console.log(
        applied.length > 0 ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Already up to date.',
      )
      if (command === 'reset') console.log(`Reset ${database.label}.`)
    } finally {
      await database.close()
    }
  } finally {
    releaseLock()
  }
}

main(process.argv[2]).catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError
  console.error(known ? (error as Error).message : `Failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
