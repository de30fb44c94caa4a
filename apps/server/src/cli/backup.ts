// `npm run db:backup -- <file>` and `npm run db:restore -- <file> [--force]`: the whole database to one file and
// back. PostgreSQL (DATABASE_URL): pg_dump / pg_restore in their custom format. The embedded database (DATA_DIR):
// PGlite's data directory as a gzip tarball, taken and restored under the data-directory lock (never while a
// server has it open). Uploaded photos live in DATA_DIR/media, outside the database: copy that directory as well.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { type DatabaseHandle, openDatabase } from '@soko/db/client'
import { DataDirLockedError, lockDataDir } from '@soko/db/data-dir-lock'
import { databaseUsage, dropEverything, ping } from '@soko/db/maintenance'
import { type Config, ConfigError, loadConfig } from '../plugins/config.ts'

const USAGE = 'Usage: backup.ts backup <file> | restore <file> [--force]'

class CommandError extends Error {}

/** Runs a PostgreSQL client program; its own error output is what the operator needs to see on failure. */
function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.once('error', (error: NodeJS.ErrnoException) =>
      fail(
        new CommandError(
          error.code === 'ENOENT'
            ? `${command} was not found: install the PostgreSQL client (e.g. apt-get install postgresql-client-15)`
            : error.message,
        ),
      ),
    )
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new CommandError(`${command} failed: ${stderr.trim() || `exit code ${code}`}`)),
    )
  })
}

const megabytes = (file: string) => `${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`

async function withPostgres<T>(url: string, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 })
  try {
    return await work(database)
  } finally {
    await database.close()
  }
}

async function backupPostgres(url: string, file: string): Promise<void> {
  await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`])
}

async function restorePostgres(url: string, file: string, force: boolean): Promise<void> {
  const { tables, others } = await withPostgres(url, (database) => databaseUsage(database.db))
  if (others > 0 && !force) {
    throw new CommandError(
      `${others} other connection(s) use this database: stop the Soko servers first (or add --force).`,
    )
  }
  if (tables > 0) {
    if (!force) {
      throw new CommandError(
        `The database already has ${tables} table(s): restore into an empty one, or add --force to replace them.`,
      )
    }
    await withPostgres(url, (database) => dropEverything(database.db, { migrationRecord: false }))
  }
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, file])
}

/** Whether DATA_DIR holds an embedded database. */
function hasPgliteData(config: Config): boolean {
  return existsSync(resolve(config.pgliteDir, 'PG_VERSION'))
}

async function backupPglite(config: Config, file: string): Promise<void> {
  if (!hasPgliteData(config)) throw new CommandError(`There is no embedded database in ${config.pgliteDir}.`)
  const database = await openDatabase({ dataDir: config.pgliteDir })
  try {
    const dump = await database.pglite?.dumpDataDir('gzip')
    if (!dump) throw new CommandError('The embedded database did not produce a dump.')
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  } finally {
    await database.close()
  }
}

async function restorePglite(config: Config, file: string, force: boolean): Promise<string | null> {
  let setAside: string | null = null
  if (existsSync(config.pgliteDir) && readdirSync(config.pgliteDir).length > 0) {
    if (!force) {
      throw new CommandError(
        `${config.pgliteDir} already holds a database: restore into an empty DATA_DIR, or add --force to replace it.`,
      )
    }
    // Kept rather than deleted: a restore of the wrong file must not cost the only copy of the right data.
    setAside = `${config.pgliteDir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`
    renameSync(config.pgliteDir, setAside)
  }
  const database = await openDatabase({ dataDir: config.pgliteDir, loadDataDir: new Blob([readFileSync(file)]) })
  try {
    await ping(database.db)
  } finally {
    await database.close()
  }
  return setAside
}

async function main([command, file, ...options]: string[]): Promise<void> {
  if ((command !== 'backup' && command !== 'restore') || !file) throw new ConfigError(USAGE)
  const force = options.includes('--force')
  const target = resolve(file)
  const config = loadConfig()
  const started = performance.now()
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`
  if (command === 'restore' && !existsSync(target)) throw new CommandError(`${target} does not exist.`)
  if (command === 'backup' && existsSync(target) && !force) {
    throw new CommandError(`${target} already exists: choose another name, or add --force to overwrite it.`)
  }

  if (config.DATABASE_URL) {
    const label = new URL(config.DATABASE_URL)
    const name = `postgresql://${label.hostname}:${label.port || '5432'}${label.pathname}`
    if (command === 'backup') {
      await backupPostgres(config.DATABASE_URL, target)
      console.log(`Backed up ${name} to ${target} (${megabytes(target)}) in ${seconds()}.`)
    } else {
      await restorePostgres(config.DATABASE_URL, target, force)
      console.log(`Restored ${target} into ${name} in ${seconds()}. The next server start applies newer migrations.`)
    }
    return
  }

  const releaseLock = lockDataDir(config.DATA_DIR, `db:${command}`)
  try {
    if (command === 'backup') {
      await backupPglite(config, target)
      console.log(`Backed up ${config.pgliteDir} to ${target} (${megabytes(target)}) in ${seconds()}.`)
    } else {
      const setAside = await restorePglite(config, target, force)
      console.log(
        `Restored ${target} into ${config.pgliteDir} in ${seconds()}.` +
          (setAside ? ` The database it replaced is kept in ${setAside}.` : '') +
          ' The next server start applies newer migrations.',
      )
    }
  } finally {
    releaseLock()
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof CommandError
  console.error(known ? (error as Error).message : `Failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
