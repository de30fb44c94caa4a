// `npm run bench:web`: Lighthouse scores (mobile preset) and first-load JavaScript of the home, search and product
// pages, against the production build served locally on a new demo catalogue. Not a test: nothing here fails on a
// low score. Needs Chromium (Debian's /usr/bin/chromium, or CHROME_PATH). BENCH_WEB_REPORTS=<dir> also keeps
// each page's full Lighthouse report (HTML and JSON) in that directory.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { benchPages, benchWeb, report } from '../bench/web.mjs'
import { isBuildCurrent, run, serverBundle } from './lib.mjs'

if (!isBuildCurrent()) {
  const code = await run(process.execPath, ['scripts/build.mjs'])
  if (code !== 0) process.exit(code)
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

function table(title, rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)))
  console.log(`\n${title}`)
  for (const row of rows) console.log(`  ${row.map((cell, i) => String(cell).padEnd(widths[i])).join('  ')}`)
}

const port = await freePort()
const base = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(join(tmpdir(), 'soko-bench-web-'))
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
const stopServer = () =>
  new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve()
    server.once('exit', resolve)
    server.kill('SIGTERM')
  })

try {
  for (;;) {
    if (server.exitCode !== null) throw new Error('the server exited during start-up')
    try {
      if ((await fetch(`${base}/api/ready`)).status === 200) break
    } catch {}
    await sleep(100)
  }
  const pages = await benchPages(base)
  // One request each first, so that no page is measured on a cold server cache.
  for (const page of pages) await (await fetch(`${base}${page.path}`)).arrayBuffer()

  const { rows, notes } = report(await benchWeb(base, pages, { reportDir: process.env.BENCH_WEB_REPORTS }))
  table('Lighthouse 12, mobile preset (simulated throttling); ! = under target', rows)
  if (notes.length > 0) {
    console.log('\nWhat costs points')
    for (const line of notes) console.log(`  ${line}`)
  }
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await stopServer()
  rmSync(dataDir, { recursive: true, force: true })
}
