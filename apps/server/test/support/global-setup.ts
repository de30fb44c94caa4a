import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '@soko/db/client'
import { migrate, readMigrations } from '@soko/db/migrate'
import { migrationsDir } from '@soko/db/paths'
import { seedDemoCatalogue } from '@soko/db/seed/seed-demo'
import type { TestProject } from 'vitest/node'
import { PasswordHasher } from '../../src/modules/accounts/passwords.ts'
import { databaseUrl, dropStaleTestDatabases, findPostgres, TEST_DATABASE_PREFIX, withAdmin } from './postgres.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tar), with the demo catalogue, that each test file's database starts from. */
    pgliteSnapshot: string
    /** The PostgreSQL server's maintenance database URL, or '' when PostgreSQL is not available. */
    postgresAdminUrl: string
    /** A migrated PostgreSQL database, with the demo catalogue, that each test file copies (CREATE DATABASE ... TEMPLATE). */
    postgresTemplate: string
    /** The name prefix of this run's databases (its teardown drops them all). */
    postgresPrefix: string
  }
}

/** Products in the demo catalogue every test database starts with (deterministic: the same on every run). */
export const TEST_DEMO_PRODUCTS = 300

/**
 * Runs once per test run: initialising and migrating a database takes seconds, so it is done once here and every
 * test file starts from a copy (a PGlite snapshot; a PostgreSQL template database).
 */
export default async function setup(project: TestProject) {
  const migrations = readMigrations(migrationsDir())
  const hasher = new PasswordHasher()
  const hashPassword = (password: string) => hasher.hash(password)
  const workDir = mkdtempSync(join(tmpdir(), 'soko-test-'))

  const pglite = await openDatabase({})
  await migrate(pglite.db, migrations)
  await seedDemoCatalogue(pglite.db, { products: TEST_DEMO_PRODUCTS, hashPassword })
  const snapshot = join(workDir, 'pglite-snapshot.tar')
  const dump = await pglite.pglite?.dumpDataDir('none')
  if (!dump) throw new Error('PGlite did not produce a data directory dump')
  writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()))
  await pglite.close()
  project.provide('pgliteSnapshot', snapshot)

  const adminUrl = await findPostgres(process.env)
  const prefix = `${TEST_DATABASE_PREFIX}${process.pid}_`
  const template = `${prefix}template`
  if (adminUrl) {
    await withAdmin(adminUrl, async (client) => {
      await dropStaleTestDatabases(client)
      await client.query(`drop database if exists "${template}" with (force)`)
      await client.query(`create database "${template}"`)
    })
    const postgres = await openDatabase({ databaseUrl: databaseUrl(adminUrl, template), poolSize: 1 })
    await migrate(postgres.db, migrations)
    await seedDemoCatalogue(postgres.db, { products: TEST_DEMO_PRODUCTS, hashPassword })
    await postgres.close()
  } else {
    console.warn('PostgreSQL is not answering on 127.0.0.1:5432 and TEST_DATABASE_URL is unset: PGlite only.')
  }
  project.provide('postgresAdminUrl', adminUrl ?? '')
  project.provide('postgresTemplate', adminUrl ? template : '')
  project.provide('postgresPrefix', prefix)

  return async () => {
    rmSync(workDir, { recursive: true, force: true })
    if (adminUrl) {
      await withAdmin(adminUrl, async (client) => {
        const { rows } = await client.query<{ datname: string }>(
          'select datname from pg_database where datname like $1',
          [`${prefix}%`],
        )
        for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`)
      })
    }
  }
}
