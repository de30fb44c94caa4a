import { spawn } from 'node:child_process'
import { join } from 'node:path'

export interface Exit {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs one of the server's entry points (`main.ts`, `cli/backup.ts` ...) as an operator would, through tsx, until it
 * exits. `env` is added to this process's environment after removing the `unset` variables (so that a developer's
 * own DATABASE_URL or HOST never leaks into the test).
 */
export function runEntry(entry: string, args: string[], env: Record<string, string>, unset: string[]): Promise<Exit> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !unset.includes(name)))
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, '..', '..', 'src', entry), ...args],
    {
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })))
}
