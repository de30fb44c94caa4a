// Checks that package-lock.json lists every platform's optional binary (Biome, Rollup, esbuild, sharp ...), not only
// this machine's: `npm ci` on a Mac, on Windows or on GitHub's ARM runners refuses a lockfile that lacks them.
// Run on its own (`node scripts/lockfile.mjs`); `npm test` runs it through scripts/lockfile.test.mjs.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** Where npm would find `name` for the package installed at `from`: its own node_modules, then each parent's. */
function resolve(packages, from, name) {
  let dir = from
  for (;;) {
    const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`
    if (packages[candidate]) return packages[candidate]
    if (dir === '') return null
    const parent = dir.lastIndexOf('/node_modules/')
    // A workspace folder (apps/web) falls back to the root's node_modules.
    dir = parent === -1 ? '' : dir.slice(0, parent)
  }
}

/** Every optional dependency that some package of the lockfile names but the lockfile does not hold. */
export function missingOptionalPackages(lock) {
  const packages = lock.packages ?? {}
  const missing = []
  for (const [path, entry] of Object.entries(packages)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      const found = resolve(packages, path, name)
      // Platform binaries are pinned to their parent's exact version; a range we do not judge here.
      const exact = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range)
      if (!found || (exact && found.version !== range))
        missing.push(`${name}@${range} (wanted by ${path || 'the root'})`)
    }
  }
  return missing
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = join(import.meta.dirname, '..', 'package-lock.json')
  const missing = missingOptionalPackages(JSON.parse(readFileSync(file, 'utf8')))
  if (missing.length > 0) {
    console.error(`package-lock.json lacks ${missing.length} optional package(s) of other platforms:`)
    for (const line of missing.slice(0, 20)) console.error(`  ${line}`)
    console.error('Regenerate it with every platform listed: npm install --package-lock-only')
    process.exit(1)
  }
  console.log("package-lock.json lists every platform's optional packages.")
}
