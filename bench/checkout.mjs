// Checkout figures: orders placed per second end to end (quote, Place Order, the simulated M-Pesa customer paying,
// its callback, the order paid) with 50 buyers at once, each buying again as soon as its order is paid (following the
// payment every half second, as the confirmation step does every two). The Daraja
// simulator runs inside the server process (as in development) and answers at once (MPESA_SIMULATOR_DELAY=20ms), so
// the figure is the server's, not a shopper's thumb. Run alone: `node bench/checkout.mjs` (after `npm run build`).
import { randomBytes } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { postgresAvailable, startBenchServer } from './server.mjs'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5)
const BUYERS = 50

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-')
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

async function json(response) {
  const text = await response.text()
  return text ? JSON.parse(text) : null
}

/** One buyer: quote, place, follow the payment until paid; returns the milliseconds it took, or null if refused. */
async function buyOnce(base, product, phone) {
  const started = performance.now()
  const items = [{ productId: product.id, quantity: 1 }]
  const quote = await fetch(`${base}/api/checkout/quote/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items }),
  }).then(json)
  const placed = await fetch(`${base}/api/checkout/orders/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomBytes(16).toString('hex') },
    body: JSON.stringify({
      items,
      firstName: 'Bench',
      lastName: 'Buyer',
      email: 'bench@example.co.ke',
      phone,
      address: 'Moi Avenue 1',
      city: 'Nairobi',
      county: 'Nairobi',
      paymentMethod: 'mpesa',
      mpesaNumber: phone,
      acceptTerms: true,
      expectedTotal: quote.total,
    }),
  })
  const body = await json(placed)
  if (placed.status !== 201) return null
  const path = `${base}/api/checkout/orders/${body.order.orderNumber}/payment/`
  for (;;) {
    const payment = await fetch(path, { headers: { 'x-order-token': body.orderToken } }).then(json)
    if (payment.status === 'paid') return performance.now() - started
    if (payment.status !== 'pending') return null
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

async function run(base) {
  const search = await fetch(`${base}/api/marketplace/search/?in_stock_only=true&per_page=100`).then(json)
  const products = search.products
  const deadline = performance.now() + DURATION_S * 1000
  const latencies = []
  let refused = 0
  await Promise.all(
    Array.from({ length: BUYERS }, async (_, buyer) => {
      // Each buyer pays from a phone of its own (the simulator pays from numbers ending in 5678).
      const phone = `07${String(buyer).padStart(4, '0')}5678`
      let turn = buyer
      while (performance.now() < deadline) {
        const product = products[turn++ % products.length]
        const ms = await buyOnce(base, product, phone)
        if (ms === null) refused++
        else latencies.push(ms)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  return {
    perSecond: latencies.length / DURATION_S,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    refused,
  }
}

export async function benchCheckout() {
  const rows = [['engine', 'paid orders/s', 'p50 ms', 'p99 ms', 'refused']]
  const engines = postgresAvailable() ? ['pglite', 'postgres'] : ['pglite']
  for (const engine of engines) {
    const server = await startBenchServer({
      engine,
      products: 2000,
      port: 3961,
      env: {
        MPESA_SIMULATOR_DELAY: '20ms',
        DB_POOL_SIZE: '20',
        CHECKOUT_LIMIT_PER_IP: '100000000/1m',
        MPESA_PUSH_LIMIT_PER_PHONE: '100000000/1m',
      },
    })
    try {
      const result = await run(server.base)
      rows.push([engine, fmt(result.perSecond), fmt(result.p50, 0), fmt(result.p99, 0), String(result.refused)])
    } finally {
      await server.stop()
    }
  }
  return rows
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await benchCheckout()
  console.log(`\nCheckout end to end, ${BUYERS} buyers at once, ${DURATION_S} s`)
  for (const row of rows) console.log(`  ${row.map((cell) => String(cell).padEnd(14)).join('')}`)
}
