// `npm test`: every check, in order: typecheck, lint, module and package boundaries, the production build and its
// weight budget, unit and integration tests (Vitest, PGlite and PostgreSQL), and browser tests (Playwright driving
// Debian's Chromium). Ends with one summary line.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, root, run } from './lib.mjs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  console.error(
    `Chromium is needed for the browser tests and was not found at ${chromium}.\n` +
      'Install it from Debian or Ubuntu packages:  sudo apt-get install -y chromium\n' +
      '(or set CHROMIUM_PATH to a Chromium or Chrome binary).',
  )
  process.exit(1)
}

const resultsDir = join(root, 'test-results')
rmSync(resultsDir, { recursive: true, force: true })
mkdirSync(resultsDir, { recursive: true })
const bin = (path) => join(root, 'node_modules', path)
const stages = []
let passed = 0
let failed = 0

async function stage(name, command, args, options) {
  const started = Date.now()
  console.log(`\n▶ ${name}`)
  const code = await run(command, args, options)
  stages.push({ name, ok: code === 0, seconds: (Date.now() - started) / 1000 })
  return code === 0
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

const node = process.execPath
await stage('typecheck', node, [bin('@react-router/dev/bin.js'), 'typegen'], { cwd: join(root, 'apps/web') })
await stage('typecheck', node, [bin('typescript/bin/tsc'), '-p', 'tsconfig.json'])
// Both apps use domain and contract: each compiles on its own with neither DOM nor Node types (tests excepted).
for (const dir of ['packages/domain', 'packages/contract']) {
  await stage(`typecheck ${dir} (no DOM, no Node)`, node, [bin('typescript/bin/tsc'), '-p', dir])
}
await stage('lint and format', node, [bin('@biomejs/biome/bin/biome'), 'check', '.'])
await stage('module and package boundaries', node, ['scripts/boundaries.mjs'])

// The build comes first: the scale-out tests run the built server (production mode, web pages included).
const built = await stage('production build', node, ['scripts/build.mjs'])

// The weight budget of the busiest storefront pages, against that build (scripts/weight-budget.mjs).
if (built) await stage('weight budget', node, ['scripts/weight-budget.mjs'])

const vitestJson = join(resultsDir, 'vitest.json')
await stage('unit and integration tests', node, [
  bin('vitest/vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
])
const vitest = readJson(vitestJson)
if (vitest) {
  passed += vitest.numPassedTests
  failed += vitest.numFailedTests
} else {
  failed++
}

if (built) {
  const dataDir = mkdtempSync(join(tmpdir(), 'soko-e2e-'))
  const e2eJson = join(resultsDir, 'e2e.json')
  await stage('browser tests', node, [bin('@playwright/test/cli.js'), 'test'], {
    cwd: join(root, 'apps/web'),
    env: { ...process.env, E2E_PORT: String(await freePort()), E2E_DATA_DIR: dataDir, CHROMIUM_PATH: chromium },
  })
  rmSync(dataDir, { recursive: true, force: true })
  const e2e = readJson(e2eJson)
  if (e2e) {
    passed += e2e.stats.expected + e2e.stats.flaky
    failed += e2e.stats.unexpected
  } else {
    failed++
  }
}

console.log('\nSummary')
for (const { name, ok, seconds } of stages) console.log(`  ${ok ? '✓' : '✗'} ${name} (${seconds.toFixed(1)} s)`)
const stagesFailed = stages.filter((s) => !s.ok).length
// Typecheck, lint or build failures are failures too, even when no test counted them.
if (stagesFailed > 0 && failed === 0) failed = stagesFailed
console.log(`tests: ${passed} passed, ${failed} failed`)
process.exit(stagesFailed > 0 || failed > 0 ? 1 : 0)
