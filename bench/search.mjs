// Search latency: p50 and p99 of 24 representative searches and suggestions against a running server, each sent
// sequentially (one request at a time: latency, not throughput) after a warm-up. Queries name the demo catalogue's
// categories; the vendor is the one with the most products. Run against a server you started:
//   BASE_URL=http://127.0.0.1:3000 node bench/search.mjs        (BENCH_REQUESTS sets requests per query, default 100)

const WARM_UP = 10

/** The 24 queries: [name, path]. `{vendor}` is replaced with a vendor slug found on the server. */
const QUERIES = [
  ['one word: samsung', '/api/marketplace/search/?q=samsung'],
  ['one word: sufuria', '/api/marketplace/search/?q=sufuria'],
  ['stemmed: shoes', '/api/marketplace/search/?q=shoes'],
  ['two words: kitenge dress', '/api/marketplace/search/?q=kitenge%20dress'],
  ['typo + word: samsng phone', '/api/marketplace/search/?q=samsng%20phone'],
  ['three words: maize flour 2kg', '/api/marketplace/search/?q=maize%20flour%202kg'],
  ['typo: sufria', '/api/marketplace/search/?q=sufria'],
  ['typo: kitengee', '/api/marketplace/search/?q=kitengee'],
  ['prefix: sams', '/api/marketplace/search/?q=sams'],
  [
    'text + filters: phone, smartphones, <= 20,000',
    '/api/marketplace/search/?q=phone&category=smartphones&price_max=20000',
  ],
  ['text + sort: tea, price_low', '/api/marketplace/search/?q=tea&sort_by=price_low'],
  ['filters panel: q empty', '/api/marketplace/search/?q='],
  ['filter: category=smartphones', '/api/marketplace/search/?category=smartphones'],
  ['filter: vendor, in stock', '/api/marketplace/search/?vendor={vendor}&in_stock_only=true'],
  ['filter + sort: shoes, price_high', '/api/marketplace/search/?category=shoes&sort_by=price_high'],
  [
    'filter + sort: 1,000-5,000, 4+, rating',
    '/api/marketplace/search/?price_min=1000&price_max=5000&min_rating=4&sort_by=rating',
  ],
  ['custom price + newest (cut band)', '/api/marketplace/search/?price_min=1234&price_max=4321&sort_by=newest'],
  ['deep page: q=phone page 300', '/api/marketplace/search/?q=phone&page=300'],
  ['kiswahili: sukari', '/api/marketplace/search/?q=sukari'],
  ['kiswahili: simu (phone)', '/api/marketplace/search/?q=simu'],
  ['kiswahili, 3 words: mafuta ya kupikia', '/api/marketplace/search/?q=mafuta%20ya%20kupikia'],
  ['suggestions: sa', '/api/marketplace/search/suggestions/?q=sa'],
  ['suggestions: suka (kiswahili)', '/api/marketplace/search/suggestions/?q=suka'],
  ['suggestions: samsng gal (typo)', '/api/marketplace/search/suggestions/?q=samsng%20gal'],
]

function percentile(sorted, p) {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]
}

async function timed(url) {
  const started = performance.now()
  const response = await fetch(url)
  await response.arrayBuffer()
  const ms = performance.now() - started
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
  return ms
}

async function discoverVendor(baseUrl) {
  const response = await fetch(`${baseUrl}/api/marketplace/search/?q=&per_page=1`)
  const body = await response.json()
  const vendor = body.facets?.vendors?.[0]
  if (!vendor) throw new Error('the server has no vendors to search')
  return vendor.slug
}

/** Runs the 24 queries; returns rows [name, p50 ms, p99 ms] (the first row is the header). */
export async function benchSearch({ baseUrl, requests = Number(process.env.BENCH_REQUESTS ?? 100) }) {
  const vendor = await discoverVendor(baseUrl)
  const rows = [['query', 'p50 ms', 'p99 ms']]
  for (const [name, path] of QUERIES) {
    const url = `${baseUrl}${path.replace('{vendor}', encodeURIComponent(vendor))}`
    for (let i = 0; i < WARM_UP; i++) await timed(url)
    const samples = []
    for (let i = 0; i < requests; i++) samples.push(await timed(url))
    samples.sort((a, b) => a - b)
    rows.push([name, percentile(samples, 50).toFixed(1), percentile(samples, 99).toFixed(1)])
  }
  return rows
}

function printTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)))
  for (const row of rows) console.log(`  ${row.map((cell, i) => String(cell).padEnd(widths[i])).join('  ')}`)
}

if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  const baseUrl = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '')
  console.log(`Search latency against ${baseUrl} (sequential requests)`)
  printTable(await benchSearch({ baseUrl }))
}
