// Searches without text kept in memory (docs/decisions/0028-page-cache.md): the same answer until the catalogue
// changes, then the change at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, RELAXED_LIMITS } from './support/accounts.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'
import { categories, newVendor, productBody } from './support/vendor.ts'

describe.each(engines)('listings from memory on %s', (engine) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(engine, { env: RELAXED_LIMITS })
  })
  afterAll(() => server?.close())

  it('answers a shop’s listing from memory, and shows a new product of the shop at once', async () => {
    const { leaf } = await categories(server)
    const vendor = await newVendor(server)
    const listing = async () =>
      (
        await new Client(server).get<{ total_products: number; products: { name: string }[] }>(
          `/api/marketplace/search/?vendor=${vendor.shop.id}`,
        )
      ).body
    expect((await listing()).total_products).toBe(0)
    const created = await vendor.client.post('/api/vendor/products/', productBody(leaf, { name: 'Quoll Sisal Basket' }))
    expect(created.status).toBe(201)
    // The database's announcement reaches this process's listener: the next listing has the product.
    await expect
      .poll(async () => (await listing()).products.map((product) => product.name), { timeout: 5000 })
      .toEqual(['Quoll Sisal Basket'])
  })
})
