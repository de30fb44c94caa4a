// Catalogue throughput (`npm run bench`): requests/s and p50/p99 latency for home, categories, product detail
// and a listing page, beside the trivial /api/health route in the same run, so the figures read as ratios on a
// shared, noisy machine. Measured with autocannon and, when Debian's `wrk` is installed, with wrk too: on two
// cores autocannon (JavaScript) saturates before the server does, so its ratios understate the server.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 10
const HAS_WRK = spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error === undefined

function runAutocannon(base, paths) {
  let i = 0
  const requests = [
    {
      setupRequest(request) {
        request.path = paths[i++ % paths.length]
        return request
      },
    },
  ]
  return new Promise((resolve, reject) => {
    autocannon(
      { url: base, connections: CONNECTIONS, duration: DURATION_S, requests, headers: { 'accept-encoding': 'gzip' } },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              rps: result.requests.average,
              p50: result.latency.p50,
              p99: result.latency.p99,
              failed: result.non2xx + result.errors,
            }),
    )
  })
}

function runWrk(base, paths) {
  const dir = mkdtempSync(join(tmpdir(), 'soko-wrk-'))
  const script = join(dir, 'paths.lua')
  writeFileSync(
    script,
    `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], { ["accept-encoding"] = "gzip" })
end
`,
  )
  const out = spawnSync('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${DURATION_S}s`, '--latency', '-s', script, base], {
    encoding: 'utf8',
  }).stdout
  rmSync(dir, { recursive: true, force: true })
  const ms = (label) => {
    const match = out.match(new RegExp(`${label}\\s+([\\d.]+)(us|ms|s)`))
    if (!match) return Number.NaN
    const value = Number(match[1])
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value
  }
  const non2xx = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0)
  return {
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
    p50: ms('50%'),
    p99: ms('99%'),
    failed: non2xx,
  }
}

const fmt = (n) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 2 : 0) : '-')

export async function benchCatalog(base) {
  const home = await (await fetch(`${base}/api/marketplace/home/`)).json()
  const categories = await (await fetch(`${base}/api/marketplace/categories/`)).json()
  const leaves = categories.filter((c) => c.parent_id !== null)
  const listingPaths = leaves.map((c) => `/api/marketplace/search/?category=${c.slug}`)
  const listings = await Promise.all(listingPaths.slice(0, 10).map(async (p) => (await fetch(`${base}${p}`)).json()))
  const slugs = [
    ...new Set(
      [...home.trending_products, ...home.featured_products, ...listings.flatMap((l) => l.products ?? [])].map(
        (p) => p.slug,
      ),
    ),
  ]
  const detailPaths = slugs.map((slug) => `/api/marketplace/api/products/${slug}/`)

  const cases = [
    ['GET /api/health (trivial)', ['/api/health']],
    ['GET /api/marketplace/home/', ['/api/marketplace/home/']],
    ['GET /api/marketplace/categories/', ['/api/marketplace/categories/']],
    [`GET product detail (${detailPaths.length} products)`, detailPaths],
    [`GET listing ?category= (${listingPaths.length} categories)`, listingPaths],
    // Pages as a visitor's browser loads them (server-rendered HTML; from the page cache after the first).
    ['GET / (home page HTML)', ['/']],
    [`GET product page HTML (${slugs.length} products)`, slugs.map((slug) => `/product/${slug}`)],
    [`GET category page HTML (${leaves.length} categories)`, leaves.map((c) => `/category/${c.slug}`)],
  ]
  const rows = [
    [
      '',
      'autocannon req/s',
      'ratio',
      'p50 ms',
      'p99 ms',
      ...(HAS_WRK ? ['wrk req/s', 'ratio', 'p50 ms', 'p99 ms'] : []),
    ],
  ]
  let trivial
  for (const [name, paths] of cases) {
    const a = await runAutocannon(base, paths)
    const w = HAS_WRK ? runWrk(base, paths) : null
    trivial ??= { a: a.rps, w: w?.rps ?? 0 }
    const failed = a.failed + (w?.failed ?? 0)
    rows.push([
      name + (failed > 0 ? ` (${failed} failed)` : ''),
      a.rps.toFixed(0),
      `${((a.rps / trivial.a) * 100).toFixed(0)} %`,
      fmt(a.p50),
      fmt(a.p99),
      ...(w ? [w.rps.toFixed(0), `${((w.rps / trivial.w) * 100).toFixed(0)} %`, fmt(w.p50), fmt(w.p99)] : []),
    ])
  }
  return rows
}
