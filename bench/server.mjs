// Starting and stopping a production server for benchmarks, on PGlite (a temporary data directory) or on a
// throw-away PostgreSQL database, seeded with the demo catalogue of the size asked for.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { serverBundle } from '../scripts/lib.mjs'

export const POSTGRES_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'

export function postgresAvailable() {
  return spawnSync('psql', [POSTGRES_ADMIN, '-Atc', 'select 1'], { encoding: 'utf8' }).stdout.trim() === '1'
}

function psql(command) {
  const result = spawnSync('psql', [POSTGRES_ADMIN, '-v', 'ON_ERROR_STOP=1', '-qc', command], { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`)
}

/**
 * Starts a seeded server; resolves once it answers /api/ready. Call `stop()` to end it and drop its data. `env`
 * adds settings (the accounts bench raises the rate limits).
 */
export async function startBenchServer({ engine, products, port, env: extraEnv = {} }) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'true',
    DEMO_PRODUCTS: String(products),
    ...extraEnv,
  }
  let cleanup
  if (engine === 'postgres') {
    const name = `soko_bench_${process.pid}_${products}`
    psql(`drop database if exists ${name} with (force)`)
    psql(`create database ${name}`)
    const url = new URL(POSTGRES_ADMIN)
    url.pathname = `/${name}`
    env.DATABASE_URL = url.toString()
    cleanup = () => psql(`drop database if exists ${name} with (force)`)
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'soko-bench-'))
    env.DATA_DIR = dataDir
    cleanup = () => rmSync(dataDir, { recursive: true, force: true })
  }
  const started = performance.now()
  const child = spawn(process.execPath, [serverBundle], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  const base = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${engine} server exited during start-up`)
    try {
      if ((await fetch(`${base}/api/ready`)).status === 200) break
    } catch {}
    await sleep(100)
  }
  return {
    base,
    pid: child.pid,
    /** PostgreSQL only: the server's database (the payouts bench adds its shops there). */
    databaseUrl: env.DATABASE_URL,
    startSeconds: (performance.now() - started) / 1000,
    async stop() {
      await new Promise((resolve) => {
        child.once('exit', resolve)
        child.kill('SIGTERM')
      })
      cleanup()
    },
  }
}
