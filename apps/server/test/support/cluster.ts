// Several real Soko processes on one PostgreSQL database, for the scale-out and shutdown tests.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { inject } from 'vitest'
import { databaseUrl, withAdmin } from './postgres.ts'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

export interface SharedDatabase {
  name: string
  url: string
  drop(): Promise<void>
}

/** A database of its own for a test file: a copy of the run's migrated, seeded template, or an empty one. */
export async function createSharedDatabase(options: { empty?: boolean } = {}): Promise<SharedDatabase> {
  const adminUrl = inject('postgresAdminUrl')
  const name = `${inject('postgresPrefix')}${randomBytes(6).toString('hex')}`
  const template = options.empty ? 'template0' : inject('postgresTemplate')
  await withAdmin(adminUrl, (client) => client.query(`create database "${name}" template "${template}"`))
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: async () => {
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`))
    },
  }
}

export interface ServerProcess {
  url: string
  child: ChildProcess
  /** Everything the process wrote (stdout and stderr). */
  output(): string
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

const ENTRIES = {
  /** The API alone (test/support/server-process.ts): no web build needed, no signal handling of its own. */
  api: join(import.meta.dirname, 'server-process.ts'),
  /** The real entry point (src/main.ts): configuration, lock, migrations, web pages, graceful shutdown. */
  main: join(import.meta.dirname, '..', '..', 'src', 'main.ts'),
}

/** Starts a Soko process and resolves once /api/ready answers 200. */
export async function startServerProcess(
  entry: keyof typeof ENTRIES,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'soko-cluster-'))
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRIES[entry]], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      rmSync(dataDir, { recursive: true, force: true })
      resolve({ code, signal })
    })
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the ${entry} process exited during start-up: ${output}`)
    }
    const ready = await fetch(`${url}/api/ready`).then(
      (response) => response.status === 200,
      () => false,
    )
    if (ready) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the ${entry} process did not become ready: ${output}`)
    }
    await sleep(100)
  }
  return {
    url,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

export interface TcpProxy {
  port: number
  /** Refuses new connections and cuts every open one (a database that went away). */
  cut(): Promise<void>
  /** Accepts connections again on the same port. */
  restore(): Promise<void>
  close(): Promise<void>
}

/** A TCP proxy to `target` (e.g. PostgreSQL) that a test can cut and restore. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  const port = await freePort()
  let server: Server | null = null
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(target.port, target.host)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.once('close', () => sockets.delete(socket))
          socket.on('error', () => {
            client.destroy()
            upstream.destroy()
          })
        }
        client.pipe(upstream)
        upstream.pipe(client)
      })
      next.once('error', reject)
      next.listen(port, '127.0.0.1', () => {
        server = next
        resolve()
      })
    })
  const cut = async () => {
    const closing = server
    server = null
    for (const socket of sockets) socket.destroy()
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()))
  }
  await open()
  return { port, cut, restore: open, close: cut }
}
