import { productFamilies, products } from '@soko/db/schema/catalog'
import { typedRows, value } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, RELAXED_LIMITS } from './support/accounts.ts'
import { FAST_PAYMENTS, orderBody, placeOrder, settledPayment, stockOf } from './support/checkout.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'
import { categories, type ErrorAnswer, newVendor, productBody, type VendorProduct } from './support/vendor.ts'

// Variants (docs/decisions/0026-product-variants.md): a vendor adds sizes to a shirt; shoppers see one card, pick a
// size on its page, and buy and stock each size on its own.

interface Variants {
  productName: string
  optionNames: string[]
  variants: { id: number; name: string; slug: string; optionValues: string[]; price: number; stockQty: number }[]
}

interface Listing {
  id: number
  vendor: { id: number }
  name: string
  effective_price: number
  variants: { count: number; min_price: number; max_price: number; options: string[] } | null
}

interface Detail {
  id: number
  name: string
  stock_qty: number
  images: { id: number }[]
  variants: {
    product_name: string
    option_values: string[]
    options: { name: string; values: { value: string; slug: string; selected: boolean; state: string }[] }[]
  } | null
}

describe.each(engines)('product variants on %s', (engine) => {
  let server: TestServer
  let leaf: number

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { ...RELAXED_LIMITS, ...FAST_PAYMENTS } })
    ;({ leaf } = await categories(server))
  })
  afterAll(() => server?.close())

  const shopper = () => new Client(server)
  /** A search's cards of one shop (a search finds other shops' products too). */
  const search = async (q: string, shopId: number) =>
    (
      await shopper().get<{ products: Listing[] }>(`/api/marketplace/search/?q=${encodeURIComponent(q)}`)
    ).body.products.filter((card) => card.vendor.id === shopId)
  const detail = async (slug: string) => (await shopper().get<Detail>(`/api/marketplace/api/products/${slug}/`)).body

  it('adds sizes to a product: one card with a price range, a picker on each page, stock and orders per size', async () => {
    const vendor = await newVendor(server, { name: 'Lamu Linen House' })
    const shirt = await vendor.client.post<VendorProduct>(
      '/api/vendor/products/',
      productBody(leaf, { name: 'Quokka Linen Shirt', price: 1500, stockQty: 4, sku: 'QLS-M' }),
    )
    expect(shirt.status).toBe(201)
    expect(shirt.body).toMatchObject({ sku: 'QLS-M', variantCount: 0 })

    // The first variant names the option and the shirt's own value.
    const first = await vendor.client.post<Variants>(`/api/vendor/products/${shirt.body.id}/variants/`, {
      optionNames: ['Size'],
      currentValues: ['M'],
      optionValues: ['L'],
      price: 1700,
      stockQty: 3,
      sku: 'QLS-L',
    })
    expect(first.status).toBe(201)
    expect(first.body.productName).toBe('Quokka Linen Shirt')
    expect(first.body.optionNames).toEqual(['Size'])
    expect(first.body.variants.map((v) => [v.name, v.optionValues, v.price, v.stockQty])).toEqual([
      ['Quokka Linen Shirt (M)', ['M'], 1500, 4],
      ['Quokka Linen Shirt (L)', ['L'], 1700, 3],
    ])
    const second = await vendor.client.post<Variants>(`/api/vendor/products/${shirt.body.id}/variants/`, {
      optionValues: ['XL'],
      price: 1800,
      stockQty: 0,
    })
    expect(second.status).toBe(201)
    const [m, l, xl] = second.body.variants
    if (!m || !l || !xl) throw new Error('three variants expected')

    // Search shows one card: the product's name, the cheapest variant in stock, and the range.
    const cards = await search('Quokka Linen Shirt', vendor.shop.id)
    expect(cards).toHaveLength(1)
    expect(cards[0]).toMatchObject({
      id: m.id,
      name: 'Quokka Linen Shirt',
      effective_price: 1500,
      variants: { count: 3, min_price: 1500, max_price: 1800, options: ['Size'] },
    })

    // The option facet counts the product under each of its sizes; filtering by one keeps the products that have it.
    const query = (extra: string) =>
      shopper().get<{
        products: Listing[]
        facets: { options: { name: string; values: { value: string; count: number }[] }[] }
      }>(`/api/marketplace/search/?q=Quokka&vendor=${vendor.shop.id}${extra}`)
    const faceted = await query('')
    expect(faceted.body.facets.options).toEqual([
      {
        name: 'Size',
        values: [
          { value: 'L', count: 1 },
          { value: 'M', count: 1 },
          { value: 'XL', count: 1 },
        ],
      },
    ])
    expect((await query('&option=size:xl')).body.products.map((card) => card.id)).toEqual([m.id])
    expect((await query('&option=Size:XXL')).body.products).toEqual([])
    const browsed = await shopper().get<{ products: Listing[]; total_products: number }>(
      `/api/marketplace/search/?vendor=${vendor.shop.id}&option=Size:L`,
    )
    expect(browsed.body.products.map((card) => card.id)).toEqual([m.id])
    expect(browsed.body.total_products).toBe(1)
    const bad = await shopper().get<ErrorAnswer>('/api/marketplace/search/?option=Size')
    expect(bad.status).toBe(400)

    // Each variant's page has the picker: its own size chosen, the sold-out one marked.
    const page = await detail(l.slug)
    expect(page.name).toBe('Quokka Linen Shirt (L)')
    expect(page.variants).toEqual({
      product_name: 'Quokka Linen Shirt',
      option_values: ['L'],
      options: [
        {
          name: 'Size',
          values: [
            { value: 'M', slug: m.slug, selected: false, state: 'available' },
            { value: 'L', slug: l.slug, selected: true, state: 'available' },
            { value: 'XL', slug: xl.slug, selected: false, state: 'out_of_stock' },
          ],
        },
      ],
    })

    // A shopper buys the last units of M: the card moves to L (the cheapest left in stock), M's stock alone falls.
    const placed = await placeOrder(shopper(), orderBody([{ productId: m.id, quantity: 4 }]))
    expect(placed.status).toBe(201)
    expect((await settledPayment(shopper(), placed.body)).status).toBe('paid')
    expect([await stockOf(server, m.id), await stockOf(server, l.id), await stockOf(server, xl.id)]).toEqual([0, 3, 0])
    const after = await search('Quokka Linen Shirt', vendor.shop.id)
    expect(after.map((card) => [card.id, card.effective_price])).toEqual([[l.id, 1700]])
    expect((await detail(l.slug)).variants?.options[0]?.values[0]).toMatchObject({ value: 'M', state: 'out_of_stock' })

    // Renaming any variant renames the product and every variant after it; the description is shared.
    const renamed = await vendor.client.put<VendorProduct>(
      `/api/vendor/products/${xl.id}/`,
      productBody(leaf, { name: 'Quokka Linen Shirt Classic', description: 'Pure linen', price: 1800, stockQty: 5 }),
    )
    expect(renamed.status).toBe(200)
    const names = await typedRows(
      server.database.db,
      { name: products.name, description: products.description },
      sql`select name, description from products where family_id = (select family_id from products where id = ${m.id})
          order by id`,
    )
    expect(names).toEqual([
      { name: 'Quokka Linen Shirt Classic (M)', description: 'Pure linen' },
      { name: 'Quokka Linen Shirt Classic (L)', description: 'Pure linen' },
      { name: 'Quokka Linen Shirt Classic (XL)', description: 'Pure linen' },
    ])
    // XL is back in stock at 1800; L (1700) stays the card.
    expect((await search('Quokka Classic', vendor.shop.id)).map((card) => [card.id, card.name])).toEqual([
      [l.id, 'Quokka Linen Shirt Classic'],
    ])
  })

  it('refuses variants it cannot make, with the field and the reason', async () => {
    const vendor = await newVendor(server)
    const kanga = await vendor.client.post<VendorProduct>(
      '/api/vendor/products/',
      productBody(leaf, { name: 'Wombat Kanga', price: 600, sku: 'WK-1' }),
    )
    const add = (body: Record<string, unknown>, client = vendor.client) =>
      client.post<ErrorAnswer>(`/api/vendor/products/${kanga.body.id}/variants/`, { price: 650, stockQty: 2, ...body })

    const noNames = await add({ optionValues: ['Blue'] })
    expect(noNames.status).toBe(400)
    expect(noNames.body.errors?.optionNames).toEqual(['Name at least one option, such as Size or Colour'])
    const noOwn = await add({ optionNames: ['Colour'], optionValues: ['Blue'] })
    expect(noOwn.body.errors?.currentValues).toEqual(['Give a value for each option: Colour'])
    const same = await add({ optionNames: ['Colour'], currentValues: ['Red'], optionValues: ['red'] })
    expect(same.status).toBe(400)
    expect(same.body.errors?.optionValues).toEqual(['This product already has a variant red'])
    const tooMany = await add({ optionNames: ['A', 'B', 'C', 'D'], currentValues: ['1'], optionValues: ['2'] })
    expect(tooMany.status).toBe(400)
    const takenSku = await add({ optionNames: ['Colour'], currentValues: ['Red'], optionValues: ['Blue'], sku: 'WK-1' })
    expect(takenSku.body.errors?.sku).toEqual(['Another of your products has this SKU'])
    // Nothing of the refused attempts stayed: no family, the name unchanged.
    const [kept] = await typedRows(
      server.database.db,
      { family_id: products.familyId, name: products.name },
      sql`select family_id, name from products where id = ${kanga.body.id}`,
    )
    expect(kept).toEqual({ family_id: null, name: 'Wombat Kanga' })

    const wrongCount = await add({ optionNames: ['Colour'], currentValues: ['Red'], optionValues: ['Blue', 'L'] })
    expect(wrongCount.body.errors?.optionValues).toEqual(['Give a value for each option: Colour'])
    // Another shop's product is not found, and a stranger is not let in.
    const other = await newVendor(server)
    expect(
      (await add({ optionNames: ['Colour'], currentValues: ['Red'], optionValues: ['Blue'] }, other.client)).status,
    ).toBe(404)
    expect((await shopper().get(`/api/vendor/products/${kanga.body.id}/variants/`)).status).toBe(401)
    // A product without variants answers no options.
    const none = await vendor.client.get<Variants>(`/api/vendor/products/${kanga.body.id}/variants/`)
    expect(none.body).toEqual({ productName: 'Wombat Kanga', optionNames: [], variants: [] })
  })

  it('regroups copies sold per size or colour into variants, as the migration and the demo seed do', async () => {
    const vendor = await newVendor(server)
    const made: number[] = []
    for (const [name, price] of [
      ['Numbat Sandals (Size 41)', 900],
      ['Numbat Sandals (Size 42)', 950],
      ['Numbat Sandals (Size 42) ', 990],
      ['Numbat Bag (Black)', 500],
    ] as const) {
      const answer = await vendor.client.post<VendorProduct>(
        '/api/vendor/products/',
        productBody(leaf, { name, price }),
      )
      made.push(answer.body.id)
    }
    await server.database.db.execute(sql`select soko_group_variants()`)
    const rows = await typedRows(
      server.database.db,
      {
        id: products.id,
        option_values: products.optionValues,
        listed: products.listed,
        family: value.nullable(productFamilies.name),
      },
      sql`select p.id, p.option_values, p.listed, f.name as family from products p
          left join product_families f on f.id = p.family_id where p.id = any(${`{${made.join(',')}}`}::int[]) order by p.id`,
    )
    // The second 42 repeats the first and stays on its own; the bag has no sibling.
    expect(rows.map((r) => [r.option_values, r.listed, r.family])).toEqual([
      [['41'], true, 'Numbat Sandals'],
      [['42'], false, 'Numbat Sandals'],
      [[], true, null],
      [[], true, null],
    ])
    expect((await search('Numbat', vendor.shop.id)).map((card) => card.name).sort()).toEqual([
      'Numbat Bag (Black)',
      'Numbat Sandals',
      'Numbat Sandals (Size 42)',
    ])
  })
})
