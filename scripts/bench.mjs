// `npm run bench`: speed and memory figures, printed as tables. Not a test: nothing here passes or fails.
// BENCH_LARGE=0 skips the 100,000-product catalogue (it takes a few minutes to seed); BENCH_SECONDS sets the
// length of each load run (default 5).
import { main as benchAccounts } from '../bench/accounts.mjs'
import { benchCatalog } from '../bench/catalog.mjs'
import { benchCheckout } from '../bench/checkout.mjs'
import { benchPayouts } from '../bench/payouts.mjs'
import { benchSearch } from '../bench/search.mjs'
import { postgresAvailable, startBenchServer } from '../bench/server.mjs'
import { benchStartup } from '../bench/startup.mjs'
import { benchUploads } from '../bench/uploads.mjs'
import { isBuildCurrent, run } from './lib.mjs'

if (!isBuildCurrent()) {
  const code = await run(process.execPath, ['scripts/build.mjs'])
  if (code !== 0) process.exit(code)
}

function table(title, rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)))
  console.log(`\n${title}`)
  for (const row of rows) console.log(`  ${row.map((cell, i) => String(cell).padEnd(widths[i])).join('  ')}`)
}

table('Start-up and weight', await benchStartup())

const engines = postgresAvailable() ? ['pglite', 'postgres'] : ['pglite']
const sizes = process.env.BENCH_LARGE === '0' ? [2000] : [2000, 100_000]
for (const products of sizes) {
  for (const engine of engines) {
    const server = await startBenchServer({ engine, products, port: 3960 })
    try {
      table(
        `Catalogue API, ${engine}, ${products.toLocaleString('en')} products (started and seeded in ${server.startSeconds.toFixed(1)} s)`,
        await benchCatalog(server.base),
      )
      table(
        `Search latency, ${engine}, ${products.toLocaleString('en')} products`,
        await benchSearch({ baseUrl: server.base }),
      )
    } finally {
      await server.stop()
    }
  }
}

await benchAccounts()

table('Checkout end to end (quote, Place Order, simulated M-Pesa payment), 50 buyers at once', await benchCheckout())

table('Payout run by M-Pesa B2C (PostgreSQL, Daraja simulator in the server)', await benchPayouts())

const uploads = await benchUploads()
table(
  `Vendor photo uploads (PGlite): one ${(uploads.photoBytes / 1024 / 1024).toFixed(1)} MB 4000×3000 photo → three WebP sizes in ${uploads.singleMs.toFixed(0)} ms; ${uploads.uploadsPerSecond.toFixed(1)} uploads/s during the second run`,
  [
    ['storefront req/s', 'alone', 'during uploads'],
    ['home', uploads.alone.home.toFixed(0), uploads.during.home.toFixed(0)],
    ['product page', uploads.alone.product.toFixed(0), uploads.during.product.toFixed(0)],
    [
      'product page p99 at 100 req/s',
      `${uploads.alone.productLatency.p99} ms`,
      `${uploads.during.productLatency.p99} ms`,
    ],
  ],
)
