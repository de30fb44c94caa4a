// A Soko API process for tests that must kill it (SIGKILL) and start it again: the real app on the database and
// settings its environment gives (DATABASE_URL, PORT, MPESA_BASE_URL ...), without the web pages.
import { openDatabase } from '@soko/db/client'
import { migrate, readMigrations } from '@soko/db/migrate'
import { migrationsDir } from '@soko/db/paths'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/plugins/config.ts'
import { startStandIns } from '../../src/stand-ins.ts'

const config = loadConfig()
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.pgliteDir, poolSize: 5 })
const migrations = readMigrations(migrationsDir())
await migrate(database.db, migrations)
const app = await buildApp({ config, database, migrations, web: 'none', standIns: startStandIns })
await app.listen({ port: config.PORT, host: '127.0.0.1' })
process.stdout.write('listening\n')
