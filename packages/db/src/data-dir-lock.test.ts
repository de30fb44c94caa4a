import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts'

const freshDir = () => join(mkdtempSync(join(tmpdir(), 'soko-lock-')), 'data')

describe('lockDataDir', () => {
  it('creates the directory, refuses a second holder, and frees it on release', () => {
    const dir = freshDir()
    const release = lockDataDir(dir, 'soko server')
    expect(existsSync(join(dir, 'soko.lock'))).toBe(true)
    expect(() => lockDataDir(dir, 'db:seed')).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dir, 'db:seed')).toThrow(`in use by process ${process.pid} (soko server`)
    release()
    expect(existsSync(join(dir, 'soko.lock'))).toBe(false)
    lockDataDir(dir, 'db:seed')()
  })

  it('takes over a lock whose process is gone', () => {
    const dir = freshDir()
    lockDataDir(dir, 'first')()
    // A pid far above the kernel's default pid_max belongs to no process.
    const stale = { pid: 99_999_999, role: 'soko server', host: hostname(), startedAt: '2026-01-01T00:00:00.000Z' }
    writeFileSync(join(dir, 'soko.lock'), JSON.stringify(stale))
    const release = lockDataDir(dir, 'second')
    release()
  })

  it('treats a lock written by another machine as held', () => {
    const dir = freshDir()
    lockDataDir(dir, 'first')()
    const remote = { pid: 1, role: 'soko server', host: 'another-host', startedAt: '2026-01-01T00:00:00.000Z' }
    writeFileSync(join(dir, 'soko.lock'), JSON.stringify(remote))
    expect(() => lockDataDir(dir, 'second')).toThrow(DataDirLockedError)
  })
})
