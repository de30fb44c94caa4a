import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '@soko/db/client'
import { lockDataDir } from '@soko/db/data-dir-lock'
import { migrate, pendingMigrations, readMigrations } from '@soko/db/migrate'
import { migrationsDir, repoRoot } from '@soko/db/paths'
import { typedRows, value } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import { describe, expect, inject, it } from 'vitest'
import { databaseUrl, withAdmin } from './support/postgres.ts'

const migrations = readMigrations(migrationsDir())

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repoRoot(), 'node_modules/tsx/dist/cli.mjs'), ...args], {
      cwd: repoRoot(),
      env: { PATH: process.env.PATH ?? '', ...env },
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => resolve({ code: code ?? 1, output }))
  })
}

describe('migrations', () => {
  it('start with the extensions search relies on', async () => {
    const database = await openDatabase({})
    try {
      expect(await pendingMigrations(database.db, migrations)).toEqual(migrations.map((m) => m.tag))
      expect(await migrate(database.db, migrations)).toEqual(migrations.map((m) => m.tag))
      expect(await pendingMigrations(database.db, migrations)).toEqual([])
      expect(await migrate(database.db, migrations)).toEqual([])
      const extensions = await typedRows(
        database.db,
        { extname: value.text },
        sql`select extname::text as extname from pg_extension`,
      )
      expect(extensions.map((e) => e.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent']))
    } finally {
      await database.close()
    }
  })

  it.skipIf(!inject('postgresAdminUrl'))(
    'run once when several processes migrate one PostgreSQL together',
    async () => {
      const adminUrl = inject('postgresAdminUrl')
      const name = `${inject('postgresPrefix')}concurrent_migrate`
      await withAdmin(adminUrl, (client) => client.query(`create database "${name}"`))
      const handles = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: databaseUrl(adminUrl, name), poolSize: 1 })),
      )
      try {
        const results = await Promise.all(handles.map((handle) => migrate(handle.db, migrations)))
        // Exactly one migrator applied everything; the others found nothing left to do.
        expect(results.filter((applied) => applied.length === migrations.length)).toHaveLength(1)
        expect(results.filter((applied) => applied.length === 0)).toHaveLength(3)
        const [first] = handles
        if (!first) throw new Error('no handle')
        const rows = await typedRows(
          first.db,
          { count: value.int },
          sql`select count(*)::int as count from soko_migrations`,
        )
        expect(rows[0]?.count).toBe(migrations.length)
      } finally {
        await Promise.all(handles.map((handle) => handle.close()))
        await withAdmin(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`))
      }
    },
  )
})

describe('the embedded data directory lock', () => {
  // Each step starts a fresh Node.js process with the TypeScript loader: slow on a busy two-core machine.
  it('stops a second opener with a message naming the process that holds it', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'soko-lock-'))
    const release = lockDataDir(dataDir, 'soko server')
    try {
      const { code, output } = await runCli(['apps/server/src/cli/db.ts', 'migrate'], { DATA_DIR: dataDir })
      expect(code).toBe(1)
      expect(output).toContain(`is in use by process ${process.pid} (soko server`)
      expect(output).toContain('Stop that process first')
      expect(output).not.toMatch(/\n\s+at /)
    } finally {
      release()
    }
    // Once released, the same command goes through.
    const { code, output } = await runCli(['apps/server/src/cli/db.ts', 'migrate'], { DATA_DIR: dataDir })
    expect(output).toMatch(/Applied \d+ migration/)
    expect(code).toBe(0)
    rmSync(dataDir, { recursive: true, force: true })
  })
})

describe('configuration', () => {
  it('stops the server with one line naming a wrong variable', { timeout: 60_000 }, async () => {
    const { code, output } = await runCli(['apps/server/src/main.ts'], { PORT: 'abc', DATA_DIR: tmpdir() })
    expect(code).toBe(1)
    expect(output.trim()).toBe('Invalid configuration: PORT must be a port number (got "abc")')
  })
})
