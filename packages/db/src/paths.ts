import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The repository root, found by walking up from this file to the package.json named "soko". It works both from
 * the sources (tests, scripts) and from the bundled server in apps/server/dist.
 */
export function repoRoot(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from))
  for (;;) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'soko') {
      return dir
    }
    const parent = dirname(dir)
    if (parent === dir) throw new Error('Cannot find the Soko repository root (package.json named "soko").')
    dir = parent
  }
}

export const migrationsDir = (): string => join(repoRoot(), 'packages', 'db', 'migrations')
