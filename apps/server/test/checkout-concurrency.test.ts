import { typedRows, value } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, RELAXED_LIMITS } from './support/accounts.ts'
import { FAST_PAYMENTS, newKey, orderBody, placeOrder, sellableProducts, stockOf, waitFor } from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

const BUYERS = 200
const UNITS = 10

describe.each(engines)('the last units on %s', (engine) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS, DB_POOL_SIZE: '10' } })
  })
  afterAll(() => server?.close())

  it(`sells ${UNITS} units to exactly ${UNITS} of ${BUYERS} buyers arriving at once, never below zero`, async () => {
    const [product] = await sellableProducts(server, 1)
    if (!product) throw new Error('fixture')
    await server.database.db.execute(sql`update products set stock_qty = ${UNITS} where id = ${product.id}`)
    const answers = await Promise.all(
      Array.from({ length: BUYERS }, (_, buyer) =>
        placeOrder(
          new Client(server),
          // A phone of each buyer's own (the simulated customer pays: its last four digits are 5678).
          orderBody([{ productId: product.id, quantity: 1 }], {
            mpesaNumber: `07${String(buyer).padStart(4, '0')}5678`,
          }),
          newKey(),
        ),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(UNITS)
    expect(statuses.filter((status) => status === 409)).toHaveLength(BUYERS - UNITS)
    const refused = answers.find((answer) => answer.status === 409)?.body as unknown as { code: string; quote: unknown }
    expect(refused.code).toBe('quote_changed')
    expect(await stockOf(server, product.id)).toBe(0)

    // Every buyer who got an order pays for it.
    const paid = await waitFor(async () => {
      const [row] = await typedRows(
        server.database.db,
        { paid: value.int, pending: value.int },
        sql`select count(*) filter (where o.status = 'paid')::int as paid,
              count(*) filter (where o.status = 'pending_payment')::int as pending
            from orders o join order_items i on i.order_id = o.id where i.product_id = ${product.id}`,
      )
      return row && row.pending === 0 ? row.paid : null
    }, 30_000)
    expect(paid).toBe(UNITS)
    const [payments] = await typedRows(
      server.database.db,
      { n: value.int },
      sql`select count(*)::int as n from payments p join order_items i on i.order_id = p.order_id
          where i.product_id = ${product.id} and p.status = 'paid'`,
    )
    expect(payments?.n).toBe(UNITS)
    expect(await stockOf(server, product.id)).toBe(0)
  }, 90_000)
})
