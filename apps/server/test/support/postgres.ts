import pg from 'pg'

/** The throw-away databases of a test run are named after the run's process, so leftovers of dead runs are found. */
export const TEST_DATABASE_PREFIX = 'soko_test_'

/**
 * The PostgreSQL server the tests use: TEST_DATABASE_URL when set, else the local one on 127.0.0.1:5432 if it
 * answers. Returns the URL of its maintenance database, or null when there is none (the PostgreSQL runs are skipped).
 */
export async function findPostgres(env: Record<string, string | undefined>): Promise<string | null> {
  const url = env.TEST_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres'
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.query('select 1')
    return url
  } catch (error) {
    if (env.TEST_DATABASE_URL) throw new Error(`TEST_DATABASE_URL does not answer: ${(error as Error).message}`)
    return null
  } finally {
    await client.end().catch(() => {})
  }
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  return url.toString()
}

export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Drops databases left behind by test runs whose process is gone (a run killed before its teardown). */
export async function dropStaleTestDatabases(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [
    `${TEST_DATABASE_PREFIX}%`,
  ])
  for (const { datname } of rows) {
    const pid = Number(datname.slice(TEST_DATABASE_PREFIX.length).split('_')[0])
    if (Number.isInteger(pid) && pid > 0 && !isAlive(pid)) {
      await client.query(`drop database if exists "${datname}" with (force)`)
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
