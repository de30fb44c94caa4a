import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'

/**
 * PGlite does not lock its data directory, and two processes that open it silently lose each other's writes.
 * Every opener (server, migrate, seed, reset) takes this lock first: a file created exclusively (O_EXCL) that
 * names its owner. A lock whose owner process is gone is stale and taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data directory ${dataDir} is in use by process ${owner.pid} (${owner.role}, started ${owner.startedAt}). ` +
        'Stop that process first, or set DATA_DIR to another directory.',
    )
    this.name = 'DataDirLockedError'
  }
}

interface LockOwner {
  pid: number
  role: string
  host: string
  startedAt: string
}

const LOCK_FILE = 'soko.lock'

/** Takes the lock on `dataDir` (creating the directory); returns the function that releases it. */
export function lockDataDir(dataDir: string, role: string): () => void {
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const file = join(dir, LOCK_FILE)
  const me: LockOwner = { pid: process.pid, role, host: hostname(), startedAt: new Date().toISOString() }

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, JSON.stringify(me))
      closeSync(fd)
      let released = false
      const release = () => {
        if (released) return
        released = true
        process.off('exit', release)
        if (readOwner(file)?.pid === me.pid) unlinkSync(file)
      }
      process.on('exit', release)
      return release
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = readOwner(file)
      if (owner && isAlive(owner)) throw new DataDirLockedError(dir, owner)
      // Stale: its owner died without releasing it (killed, power cut). Take it over.
      try {
        unlinkSync(file)
      } catch {}
    }
  }
  const owner = readOwner(file)
  throw new DataDirLockedError(dir, owner ?? { pid: 0, role: 'unknown', host: '', startedAt: 'unknown' })
}

function readOwner(file: string): LockOwner | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockOwner
  } catch {
    return null
  }
}

function isAlive(owner: LockOwner): boolean {
  // A lock written on another machine (a shared volume) cannot be checked from here: treat it as held.
  if (owner.host !== hostname()) return true
  try {
    process.kill(owner.pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
