// Helpers shared by the root scripts (build, start, dev, test, bench). Plain Node.js: they run before anything is built.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')
export const serverBundle = join(root, 'apps/server/dist/main.js')
export const buildHashFile = join(root, 'apps/server/dist/build-hash.txt')

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

const SOURCE_DIRS = ['apps/web/app', 'apps/web/public', 'apps/server/src', 'apps/payment-simulators/src', 'packages']
const SOURCE_FILES = [
  'package-lock.json',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'scripts/build.mjs',
  'scripts/pwa.mjs',
]
const IGNORED = new Set(['node_modules', 'dist', 'build', '.react-router', 'migrations'])

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (IGNORED.has(entry.name)) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(path)
    else if (!entry.name.endsWith('.test.ts')) yield path
  }
}

/** A hash of everything the production build is made from: when it changes, `npm start` rebuilds first. */
export function sourceHash() {
  const hash = createHash('sha256')
  const files = [...SOURCE_DIRS.flatMap((dir) => [...walk(join(root, dir))]), ...SOURCE_FILES.map((f) => join(root, f))]
  for (const file of files.sort()) {
    if (!existsSync(file) || !statSync(file).isFile()) continue
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0')
  }
  return hash.digest('hex')
}

export function isBuildCurrent() {
  return (
    existsSync(serverBundle) &&
    existsSync(join(root, 'apps/web/build/server/index.js')) &&
    existsSync(buildHashFile) &&
    readFileSync(buildHashFile, 'utf8').trim() === sourceHash()
  )
}

/** Node's own `.env` loading (Node 20.6+), when the operator keeps one at the repository root. */
export const envFileArgs = () => (existsSync(join(root, '.env')) ? [`--env-file=${join(root, '.env')}`] : [])

/** A TCP port free on the loopback address now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts the built server (production, on a throw-away embedded database that it fills with the demo catalogue) on
 * a free port; resolves once /api/ready answers. `stop()` ends it and removes its data.
 */
export async function startBuiltServer(name) {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), `soko-${name}-`))
  const server = spawn(process.execPath, [serverBundle], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const started = Date.now()
    for (;;) {
      if (server.exitCode !== null) throw new Error('the server exited during start-up')
      if (Date.now() - started > 60_000) throw new Error('the server was not ready within 60 s')
      try {
        if ((await fetch(`${base}/api/ready`)).status === 200) break
      } catch {}
      await sleep(100)
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { base, stop }
}
