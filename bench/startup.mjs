// Start-up, memory and page-weight figures (`npm run bench`): time to the first page served on a new data
// directory (cold) and on an existing one (warm), idle RSS, and the home page's first-load JavaScript, gzipped.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { gzipSync } from 'node:zlib'
import { root, serverBundle } from '../scripts/lib.mjs'

const port = 3950
const base = `http://127.0.0.1:${port}`

async function startServer(dataDir) {
  const started = performance.now()
  const child = spawn(process.execPath, [serverBundle], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  })
  for (;;) {
    try {
      const response = await fetch(`${base}/`)
      if (response.status === 200) break
    } catch {}
    if (child.exitCode !== null) throw new Error('the server exited during start-up')
    await sleep(20)
  }
  return { child, ms: performance.now() - started }
}

const stop = (child) =>
  new Promise((resolve) => {
    child.once('exit', resolve)
    child.kill('SIGTERM')
  })

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024
}

export async function benchStartup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'soko-bench-'))
  try {
    const cold = await startServer(dataDir)
    await stop(cold.child)
    const warm = await startServer(dataDir)
    await sleep(3000)
    const idleRss = rssMb(warm.child.pid)

    const html = await (await fetch(`${base}/`)).text()
    const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])]
    let gzipBytes = 0
    for (const script of scripts) {
      gzipBytes += gzipSync(readFileSync(join(root, 'apps/web/build/client', script)), { level: 9 }).length
    }
    await stop(warm.child)
    return [
      ['first page served, cold (new data dir)', `${(cold.ms / 1000).toFixed(2)} s`],
      ['first page served, warm', `${(warm.ms / 1000).toFixed(2)} s`],
      ['server RSS when idle', `${idleRss.toFixed(0)} MB`],
      [`home first-load JavaScript (${scripts.length} files, gzip -9)`, `${(gzipBytes / 1024).toFixed(1)} KB`],
    ]
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
