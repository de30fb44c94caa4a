import { randomBytes } from 'node:crypto'
import { openDatabase } from '@soko/db/client'
import { products } from '@soko/db/schema/catalog'
import { orders } from '@soko/db/schema/orders'
import { typedRows } from '@soko/db/typed-sql'
import { type DarajaSimulator, startDarajaSimulator } from '@soko/payment-simulators'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { orderBody, type Placed, waitFor } from './support/checkout.ts'
import { createSharedDatabase, type ServerProcess, type SharedDatabase, startServerProcess } from './support/cluster.ts'

const adminUrl = inject('postgresAdminUrl')

// Killing the process needs a database outside it: PostgreSQL (PGlite lives inside the process it serves).
describe.skipIf(!adminUrl)('a server killed between Place Order and the payment (PostgreSQL)', () => {
  let simulator: DarajaSimulator
  let shared: SharedDatabase | undefined
  const processes: ServerProcess[] = []

  beforeAll(async () => {
    simulator = await startDarajaSimulator({
      consumerKey: 'soko-simulator-key',
      consumerSecret: 'soko-simulator-secret',
      shortCode: '174379',
      passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
      // The customer pays after the server is gone; the callback's tries are all refused.
      resolveDelayMs: 1500,
      callbackRetryDelayMs: 200,
    })
    shared = await createSharedDatabase()
  })

  afterAll(async () => {
    for (const server of processes) await server.stop('SIGKILL')
    await simulator?.close()
    await shared?.drop()
  })

  it('loses nothing: after a restart the status query completes the payment', async () => {
    if (!shared) throw new Error('no database')
    const env = {
      LOG_LEVEL: 'silent',
      DATABASE_URL: shared.url,
      MPESA_BASE_URL: simulator.url,
      MPESA_QUERY_AFTER: '1s',
      MPESA_QUERY_ATTEMPTS: '5',
    }
    const first = await startServerProcess('api', env)
    processes.push(first)
    const database = await openDatabase({ databaseUrl: shared.url, poolSize: 2 })
    try {
      const [product] = await typedRows(
        database.db,
        { id: products.id, stock_qty: products.stockQty },
        sql`select p.id, p.stock_qty from products p join businesses b on b.id = p.business_id
            where p.is_active and b.is_active and p.stock_qty > 5 order by p.id limit 1`,
      )
      if (!product) throw new Error('fixture')
      const response = await fetch(`${first.url}/api/checkout/orders/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomBytes(16).toString('hex') },
        body: JSON.stringify(orderBody([{ productId: product.id, quantity: 1 }], { mpesaNumber: '0722005678' })),
      })
      expect(response.status).toBe(201)
      const placed = (await response.json()) as Placed
      await first.stop('SIGKILL')

      // The customer pays while no server is there: every try of the callback fails.
      await waitFor(async () => {
        const session = simulator.sessions().find((row) => row.accountReference === placed.order.orderNumber)
        return session && session.state === 'paid' && session.callbackAttempts >= 4 ? session : null
      }, 15_000)

      processes.push(await startServerProcess('api', env))
      const status = await waitFor(async () => {
        const [row] = await database.db
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.orderNumber, placed.order.orderNumber))
        return row?.status === 'paid' ? row.status : null
      }, 20_000)
      expect(status).toBe('paid')
      const [stock] = await database.db
        .select({ stock_qty: products.stockQty })
        .from(products)
        .where(eq(products.id, product.id))
      expect(stock?.stock_qty).toBe(product.stock_qty - 1)
    } finally {
      await database.close()
    }
  }, 60_000)
})
