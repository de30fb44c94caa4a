import type { Quote } from '@soko/contract/checkout'
import type { AdminFlashSale, FlashSales } from '@soko/contract/flash-sales'
import { typedRows, value } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, RELAXED_LIMITS, registerUser, signIn } from './support/accounts.ts'
import {
  FAST_PAYMENTS,
  newKey,
  type OrderDetail,
  orderBody,
  phoneEnding,
  placeOrder,
  type StockedProduct,
  sellableProducts,
  settledPayment,
  stockOf,
} from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

// Flash sales (decision 0024) over HTTP: the admin schedules and cancels, the storefront lists, the quote prices at
// the sale, and placing holds the sale's units like the last units of stock.

const BUYERS = 200
const UNITS = 10
const HOUR = 3_600_000

describe.each(engines)('flash sales (%s)', (engine) => {
  let server: TestServer
  let admin: Client
  let products: StockedProduct[]
  let next = 0
  /** A product of its own for each test (a product has one sale at a time). */
  const freshProduct = () => {
    const product = products[next++]
    if (!product) throw new Error('fixture: not enough products')
    return product
  }

  async function schedule(product: StockedProduct, overrides: Record<string, unknown> = {}) {
    return admin.post<AdminFlashSale>('/api/admin/flash-sales/', {
      product_id: product.id,
      sale_price: Math.floor(product.price / 2),
      quantity: UNITS,
      per_order_limit: 2,
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      ends_at: new Date(Date.now() + HOUR).toISOString(),
      ...overrides,
    })
  }

  const soldOf = async (saleId: number) => {
    const [row] = await typedRows(
      server.database.db,
      { sold: value.int, quantity: value.int },
      sql`select sold_count as sold, quantity from flash_sales where id = ${saleId}`,
    )
    return row
  }

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS, DB_POOL_SIZE: '10' } })
    const credentials = await registerUser(server)
    await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${credentials.email}`)
    admin = (await signIn(server, credentials)).client
    products = await sellableProducts(server, 8)
  })
  afterAll(() => server?.close())

  it('is scheduled by admins only, with a clear 4xx for each bad schedule, listed and cancelled (audited)', async () => {
    const product = freshProduct()
    expect((await new Client(server).get('/api/admin/flash-sales/')).status).toBe(401)
    const shopper = (await signIn(server, await registerUser(server))).client
    expect((await shopper.get('/api/admin/flash-sales/')).status).toBe(403)

    const tooDear = await schedule(product, { sale_price: product.price })
    expect(tooDear.status).toBe(400)
    expect(tooDear.body).toMatchObject({ errors: { sale_price: [expect.stringContaining('below the product')] } })
    const backwards = await schedule(product, { ends_at: new Date(Date.now() - HOUR).toISOString() })
    expect(backwards.status).toBe(400)
    expect(backwards.body).toMatchObject({ errors: { ends_at: ['End must be after start'] } })
    const noUnits = await schedule(product, { quantity: 0 })
    expect(noUnits.status).toBe(400)
    expect((await schedule({ ...product, id: 2 ** 31 - 1 })).status).toBe(404)

    const created = await schedule(product)
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      product: { id: product.id },
      sale_price: Math.floor(product.price / 2),
      quantity: UNITS,
      sold: 0,
      units_left: UNITS,
      per_order_limit: 2,
      state: 'running',
      cancelled_at: null,
    })
    const overlap = await schedule(product, { starts_at: new Date(Date.now() + HOUR / 2).toISOString() })
    expect(overlap.status).toBe(400)
    expect(overlap.body).toMatchObject({
      errors: { starts_at: ['This product already has a flash sale at that time'] },
    })

    const listed = await admin.get<AdminFlashSale[]>('/api/admin/flash-sales/')
    expect(listed.body.find((sale) => sale.id === created.body.id)?.state).toBe('running')
    const shown = await new Client(server).get<FlashSales>(`/api/marketplace/flash-sales/?product_id=${product.id}`)
    expect(shown.headers.get('cache-control')).toBe('no-store')
    expect(shown.body.sales).toHaveLength(1)

    const cancelled = await admin.post<AdminFlashSale>(`/api/admin/flash-sales/${created.body.id}/cancel/`, {})
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.state).toBe('cancelled')
    expect((await admin.post(`/api/admin/flash-sales/${created.body.id}/cancel/`, {})).status).toBe(409)
    expect((await admin.post('/api/admin/flash-sales/999999/cancel/', {})).status).toBe(404)
    const after = await new Client(server).get<FlashSales>(`/api/marketplace/flash-sales/?product_id=${product.id}`)
    expect(after.body.sales).toHaveLength(0)
    // A cancelled sale leaves its window free.
    expect((await schedule(product)).status).toBe(201)

    const audit = await typedRows(
      server.database.db,
      { action: value.text },
      sql`select action from audit_log where subject_type = 'flash_sale' and subject_id = ${created.body.id} order by id`,
    )
    expect(audit.map((row) => row.action)).toEqual(['flash_sale.scheduled', 'flash_sale.cancelled'])
  })

  it('prices a line at the sale (marked) within the per-order limit, at the normal price past it', async () => {
    const product = freshProduct()
    const sale = (await schedule(product)).body
    const guest = new Client(server)
    const listed = await guest.get<FlashSales>('/api/marketplace/flash-sales/')
    const offer = listed.body.sales.find((entry) => entry.id === sale.id)
    expect(offer).toMatchObject({
      sale_price: sale.sale_price,
      original_price: product.price,
      units_left: UNITS,
      ends_at: sale.ends_at,
      product: { id: product.id },
    })

    const within = await guest.post<Quote>('/api/checkout/quote/', { items: [{ productId: product.id, quantity: 2 }] })
    expect(within.body.lines[0]).toMatchObject({
      unitPrice: sale.sale_price,
      flashSale: { id: sale.id, endsAt: sale.ends_at },
      problem: null,
    })
    const past = await guest.post<Quote>('/api/checkout/quote/', { items: [{ productId: product.id, quantity: 3 }] })
    expect(past.body.lines[0]).toMatchObject({ unitPrice: product.price, flashSale: null, problem: null })
    expect(past.body.lines[0]?.message).toContain('up to 2 per order')
  })

  it('gives the units of a cancelled unpaid order back', async () => {
    const product = freshProduct()
    const sale = (await schedule(product)).body
    const guest = new Client(server)
    const placed = await placeOrder(
      guest,
      orderBody([{ productId: product.id, quantity: 2, price: sale.sale_price }], {
        mpesaNumber: phoneEnding('1032'),
      }),
    )
    expect(placed.status).toBe(201)
    expect(placed.body.order.items[0]?.price).toBe(sale.sale_price)
    expect(await soldOf(sale.id)).toEqual({ sold: 2, quantity: UNITS })
    await settledPayment(guest, placed.body)
    const cancelled = await guest.post<OrderDetail>(
      `/api/checkout/orders/${placed.body.order.orderNumber}/cancel/`,
      {},
      { 'x-order-token': placed.body.orderToken },
    )
    expect(cancelled.status).toBe(200)
    expect(await soldOf(sale.id)).toEqual({ sold: 0, quantity: UNITS })
    // Once: a second cancel gives nothing more.
    await guest.post(
      `/api/checkout/orders/${placed.body.order.orderNumber}/cancel/`,
      {},
      { 'x-order-token': placed.body.orderToken },
    )
    expect(await soldOf(sale.id)).toEqual({ sold: 0, quantity: UNITS })
  })

  it(`sells ${UNITS} sale units to exactly ${UNITS} of ${BUYERS} buyers at once; the others get a changed quote`, async () => {
    const product = freshProduct()
    await server.database.db.execute(sql`update products set stock_qty = 1000 where id = ${product.id}`)
    const sale = (await schedule(product, { per_order_limit: 1 })).body
    const answers = await Promise.all(
      Array.from({ length: BUYERS }, (_, buyer) =>
        placeOrder(
          new Client(server),
          orderBody([{ productId: product.id, quantity: 1, price: sale.sale_price }], {
            mpesaNumber: `07${String(buyer).padStart(4, '0')}5678`,
          }),
          newKey(),
        ),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status >= 500)).toEqual([])
    const placed = answers.filter((answer) => answer.status === 201)
    expect(placed).toHaveLength(UNITS)
    expect(statuses.filter((status) => status === 409)).toHaveLength(BUYERS - UNITS)
    expect(placed.every((answer) => answer.body.order.items[0]?.price === sale.sale_price)).toBe(true)
    const refused = answers.find((answer) => answer.status === 409)?.body as unknown as { code: string; quote: Quote }
    expect(refused.code).toBe('quote_changed')
    expect(refused.quote.lines[0]).toMatchObject({ unitPrice: product.price, flashSale: null })
    expect(await soldOf(sale.id)).toEqual({ sold: UNITS, quantity: UNITS })
    expect(await stockOf(server, product.id)).toBe(1000 - UNITS)
    const [atSale] = await typedRows(
      server.database.db,
      { n: value.int },
      sql`select coalesce(sum(quantity), 0)::int as n from order_items
          where product_id = ${product.id} and unit_price_cents = ${Math.round(sale.sale_price * 100)}`,
    )
    expect(atSale?.n).toBe(UNITS)

    // Sold out: it leaves the storefront's list, and the next buyer pays the normal price.
    const shown = await new Client(server).get<FlashSales>(`/api/marketplace/flash-sales/?product_id=${product.id}`)
    expect(shown.body.sales).toHaveLength(0)
    const late = await placeOrder(
      new Client(server),
      orderBody([{ productId: product.id, quantity: 1, price: product.price }]),
    )
    expect(late.status).toBe(201)
    expect(late.body.order.items[0]?.price).toBe(product.price)
    expect(await soldOf(sale.id)).toEqual({ sold: UNITS, quantity: UNITS })
  }, 90_000)
})
