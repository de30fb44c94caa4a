import { products } from '@soko/db/schema/catalog'
import { typedRows, value } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walkWithin } from '../src/modules/search/browse-repository.ts'
import type { SearchFilters } from '../src/modules/search/repository.ts'
import {
  averageOf,
  CATEGORY,
  effectivePrice,
  loadSearchFixture,
  type PRODUCTS,
  VENDOR,
  VISIBLE,
} from './support/search-fixture.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

interface Facet {
  id: number
  name: string
  slug: string
  count: number
  parent_id?: number | null
}

interface SearchBody {
  products: {
    id: number
    name: string
    effective_price: number
    average_rating: number | null
    in_stock: boolean
    vendor: { id: number; is_verified: boolean }
  }[]
  vendors: { id: number; name: string; slug: string; product_count: number }[]
  total_products: number
  total_vendors: number
  page: number
  per_page: number
  total_pages: number
  facets: {
    categories: Required<Facet>[]
    vendors: Facet[]
    price_ranges: { min: number; max: number | null; label: string; count: number }[]
    ratings: { min: number; label: string; count: number }[]
  }
  categories?: { id: number; name: string; slug: string; parent_id: number | null }[]
  price_ranges?: { min: number; max: number | null; label: string }[]
  rating_options?: { min: number; label: string }[]
}

interface ErrorBody {
  detail: string
  code: string
  errors?: Record<string, string[]>
}

const SEARCH = '/api/marketplace/search/'
const SUGGEST = '/api/marketplace/search/suggestions/'

function url(server: TestServer, path: string, params: Record<string, string | number> = {}) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))
  return `${server.url}${path}${query.size > 0 ? `?${query}` : ''}`
}

async function search(server: TestServer, params: Record<string, string | number> = {}): Promise<SearchBody> {
  const response = await fetch(url(server, SEARCH, { per_page: 100, ...params }))
  expect(response.status, JSON.stringify(params)).toBe(200)
  return (await response.json()) as SearchBody
}

async function ids(server: TestServer, params: Record<string, string | number> = {}): Promise<number[]> {
  return (await search(server, params)).products.map((p) => p.id)
}

async function suggest(server: TestServer, q: string): Promise<string[]> {
  const response = await fetch(url(server, SUGGEST, { q }))
  expect(response.status).toBe(200)
  return ((await response.json()) as { suggestions: string[] }).suggestions
}

const byId = (list: { id: number }[]) => [...list].map((p) => p.id).sort((a, b) => a - b)
const visibleIds = (filter: (p: (typeof PRODUCTS)[number]) => boolean) =>
  VISIBLE.filter(filter)
    .map((p) => p.id)
    .sort((a, b) => a - b)
const sum = (counts: { count: number }[]) => counts.reduce((total, c) => total + c.count, 0)

describe.each(engines)('search (%s)', (engine) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(engine)
  })
  afterAll(() => server.close())

  describe('on the demo catalogue', () => {
    it('answers the filters and "All products" with q empty, as public but revalidated JSON', async () => {
      const response = await fetch(`${server.url}${SEARCH}?q=`)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('public, no-cache')
      const body = (await response.json()) as SearchBody
      expect(body.total_products).toBe(300)
      expect(body.products).toHaveLength(24)
      expect(body.per_page).toBe(24)
      expect(body.total_pages).toBe(13)
      expect(body.categories?.length).toBeGreaterThan(10)
      expect(body.categories?.[0]).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        slug: expect.any(String),
        parent_id: null,
      })
      expect(body.price_ranges).toEqual([
        { min: 0, max: 1000, label: 'Under KES 1,000' },
        { min: 1000, max: 5000, label: 'KES 1,000 - 5,000' },
        { min: 5000, max: 10000, label: 'KES 5,000 - 10,000' },
        { min: 10000, max: 50000, label: 'KES 10,000 - 50,000' },
        { min: 50000, max: null, label: 'Over KES 50,000' },
      ])
      expect(body.rating_options?.map((o) => o.label)).toEqual(['4+ Stars', '3+ Stars', '2+ Stars', '1+ Stars'])
      // With q empty every vendor with products matches: the full vendor objects serve the filter panel too.
      expect(body.vendors.length).toBe(body.total_vendors)
      expect(body.vendors.length).toBeGreaterThan(10)
      expect(body.vendors[0]).toMatchObject({
        id: expect.any(Number),
        slug: expect.any(String),
        product_count: expect.any(Number),
      })
      expect(sum(body.facets.vendors)).toBe(300)
      expect(sum(body.facets.price_ranges)).toBe(300)
      expect(sum(body.facets.categories.filter((c) => c.parent_id === null))).toBe(300)
    })

    it('leaves the filters response out when there is text', async () => {
      const body = await search(server, { q: 'samsung' })
      expect(body.total_products).toBeGreaterThan(0)
      expect(body).not.toHaveProperty('categories')
      expect(body).not.toHaveProperty('price_ranges')
      expect(body).not.toHaveProperty('rating_options')
    })

    it('documents both calls in the OpenAPI document', async () => {
      const response = await fetch(`${server.url}/api/openapi.json`)
      expect(response.status).toBe(200)
      const { paths } = (await response.json()) as {
        paths: Record<string, { get?: { tags?: string[]; parameters?: { name: string }[] } }>
      }
      expect(paths[SEARCH]?.get?.tags).toEqual(['search'])
      expect(paths[SEARCH]?.get?.parameters?.map((p) => p.name)).toEqual(
        expect.arrayContaining(['q', 'category', 'vendor', 'price_min', 'price_max', 'min_rating', 'sort_by', 'page']),
      )
      expect(paths[SUGGEST]?.get?.tags).toEqual(['search'])
    })

    it('answers suggestions as public but revalidated JSON', async () => {
      const response = await fetch(url(server, SUGGEST, { q: 'tea' }))
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('public, no-cache')
      expect(((await response.json()) as { suggestions: string[] }).suggestions.length).toBeGreaterThan(0)
    })

    it('accepts the path without its trailing slash', async () => {
      expect((await fetch(`${server.url}/api/marketplace/search?q=tea`)).status).toBe(200)
      expect((await fetch(`${server.url}/api/marketplace/search/suggestions?q=tea`)).status).toBe(200)
    })

    it('searches for quotes, wildcards, backslashes and SQL as plain text', async () => {
      const before = await server.database.db.$count(products)
      for (const q of [
        '%',
        '_',
        "'",
        '\\',
        '"',
        "'; drop table products; --",
        '%_\'"\\',
        "tea' or '1'='1",
        'a:* | !b',
      ]) {
        const response = await fetch(url(server, SEARCH, { q }))
        expect(response.status, q).toBe(200)
        const body = (await response.json()) as SearchBody
        expect(body.total_products, q).toBeLessThan(300)
        expect((await fetch(url(server, SUGGEST, { q }))).status, q).toBe(200)
      }
      const after = await server.database.db.$count(products)
      expect(after).toEqual(before)
      // Only punctuation: nothing to look for, so nothing is found (and nothing is everything).
      expect((await search(server, { q: '%' })).total_products).toBe(0)
      // The words of an injection attempt are searched for like any others.
      const table = await search(server, { q: "'; drop table products; --" })
      expect(table.total_products).toBeGreaterThanOrEqual(0)
    })

    it('suggests at most 8 names', async () => {
      const suggestions = await suggest(server, 'sa')
      expect(suggestions).toHaveLength(8)
      expect(new Set(suggestions.map((s) => s.toLowerCase())).size).toBe(8)
      // Colour and size variants of one name ("... (Black)", "... (Mint)") fold into the name.
      const galaxy = await suggest(server, 'samsung galaxy a05')
      expect(galaxy.length).toBeGreaterThan(0)
      expect(galaxy.filter((s) => s.endsWith(')'))).toEqual([])
    })

    it('keeps the totals and the pages in agreement', async () => {
      const queries: Record<string, string>[] = [{ q: '' }, { q: 'phone' }, { q: 'unga', in_stock_only: 'true' }]
      for (const params of queries) {
        const first = await search(server, { ...params, per_page: 7 })
        const seen: number[] = []
        for (let page = 1; page <= first.total_pages; page++) {
          const body = await search(server, { ...params, per_page: 7, page })
          expect(body.total_products).toBe(first.total_products)
          seen.push(...body.products.map((p) => p.id))
        }
        expect(seen).toHaveLength(first.total_products)
        expect(new Set(seen).size).toBe(first.total_products)
        const past = await search(server, { ...params, per_page: 7, page: first.total_pages + 1 })
        expect(past.products).toEqual([])
        expect(past.total_products).toBe(first.total_products)
        expect(past.total_pages).toBe(first.total_pages)
      }
    })
  })

  describe('relevance, filters, sorts and facets on a fixed catalogue', () => {
    beforeAll(async () => {
      await loadSearchFixture(server.database)
    })

    it('ranks name matches above category or "for ..." matches above description matches', async () => {
      // 2, 1 and 21 are named Samsung; 4 is a case *for* a Samsung; 5 only mentions Samsung in its description
      // (and outsells them all). The closed shop's, the withdrawn and the hidden-category products never show.
      expect(await ids(server, { q: 'samsung' })).toEqual([2, 1, 21, 4, 5])
      expect(await ids(server, { q: 'sufuria' })).toEqual([6, 7, 8, 9])
    })

    it('ranks products with all the words above products with some', async () => {
      // 11 (Kitenge Shirt) outsells both dresses but has one word of two.
      expect(await ids(server, { q: 'kitenge dress' })).toEqual([10, 12, 11, 16])
      // Page by page, whether the page is filled by products with every word or not.
      const pages = []
      for (const page of [1, 2, 3, 4, 5]) pages.push(await ids(server, { q: 'kitenge dress', per_page: 1, page }))
      expect(pages).toEqual([[10], [12], [11], [16], []])
      const maize = await ids(server, { q: 'maize flour 2kg' })
      expect(maize[0]).toBe(17)
      expect(maize.indexOf(20)).toBeGreaterThan(maize.indexOf(18))
      expect(maize.indexOf(20)).toBeGreaterThan(maize.indexOf(19))
    })

    it('finds words while they are being typed', async () => {
      expect(await ids(server, { q: 'sams' })).toEqual([2, 1, 21, 4, 5])
      expect(await ids(server, { q: 'kiten' })).toEqual([11, 10, 16, 12])
      expect(await ids(server, { q: 'maize fl' })).toEqual(expect.arrayContaining([17, 18]))
    })

    it('forgives one or two typos in a word', async () => {
      expect(await ids(server, { q: 'samsng' })).toEqual([2, 1, 21, 4, 5])
      expect(await ids(server, { q: 'samsnug' })).toEqual([2, 1, 21, 4, 5])
      expect(await ids(server, { q: 'sufria' })).toEqual([6, 7, 8, 9])
      expect(await ids(server, { q: 'kitengee' })).toEqual([11, 10, 16, 12])
      expect(await ids(server, { q: 'kitenngee' })).toEqual([11, 10, 16, 12])
      // Both words in the name, then both in "for ...", then one word.
      expect(await ids(server, { q: 'samsng galaxi' })).toEqual([2, 1, 4, 21, 5])
      // A word that is right is not "corrected" into others.
      expect(await ids(server, { q: 'shirt' })).toEqual([11])
    })

    it('stems English words without breaking Swahili ones', async () => {
      expect(byId((await search(server, { q: 'shoes' })).products)).toEqual([13, 14])
      expect(byId((await search(server, { q: 'shoe' })).products)).toEqual([13, 14])
      expect(await ids(server, { q: 'kikoy' })).toEqual([16])
      expect(await ids(server, { q: 'unga' })).toEqual([19, 17, 18])
      expect((await ids(server, { q: 'sufuria' }))[0]).toBe(6)
    })

    it('ignores accents and case', async () => {
      for (const q of ['creme brulee', 'CRÈME BRÛLÉE', 'Café', 'cafe apron']) {
        expect(await ids(server, { q }), q).toEqual([15])
      }
      expect(await ids(server, { q: 'SAMSUNG' })).toEqual([2, 1, 21, 4, 5])
    })

    it('lists vendors whose name matches the text', async () => {
      const body = await search(server, { q: 'gikomba' })
      expect(body.vendors.map((v) => v.slug)).toEqual(['gikomba-fashions'])
      expect(body.vendors[0]?.product_count).toBe(6)
      expect(body.total_vendors).toBe(1)
      // Every product of the shop matches through its shop name.
      expect(body.total_products).toBe(6)
      // A closed shop is never listed, even when its name matches.
      expect((await search(server, { q: 'closed samsung shop' })).vendors).toEqual([])
    })

    it('filters by category (slug or id, a parent including its subcategories) and by vendor (id or slug)', async () => {
      const fashion = visibleIds((p) => p.category === CATEGORY.kitenge || p.category === CATEGORY.shoes)
      expect(byId((await search(server, { category: 'fashion' })).products)).toEqual(fashion)
      expect(byId((await search(server, { category: CATEGORY.fashion })).products)).toEqual(fashion)
      expect(byId((await search(server, { category: 'shoes' })).products)).toEqual([13, 14])
      const gikomba = visibleIds((p) => p.vendor === VENDOR.gikomba)
      expect(byId((await search(server, { vendor: 'gikomba-fashions' })).products)).toEqual(gikomba)
      expect(byId((await search(server, { vendor: VENDOR.gikomba })).products)).toEqual(gikomba)
      expect(await ids(server, { q: 'maxi dress', category: 'kitenge-african-prints' })).toEqual([10, 12])
      // Unknown, hidden or closed: nothing matches (the categories facet still shows the others).
      const nothing: Record<string, string>[] = [
        { category: 'no-such-category' },
        { category: 'hidden-gadgets' },
        { vendor: 'closed-samsung-shop' },
      ]
      for (const params of nothing) {
        const body = await search(server, params)
        expect(body.total_products, JSON.stringify(params)).toBe(0)
        expect(body.products).toEqual([])
      }
      expect(
        sum((await search(server, { category: 'no-such-category' })).facets.categories.filter((c) => !c.parent_id)),
      ).toBe(21)
    })

    it('filters by effective price (inclusive), minimum rating, verified vendors and stock', async () => {
      const inBand = visibleIds((p) => effectivePrice(p) >= 1000 && effectivePrice(p) <= 5000)
      expect(inBand).toContain(5) // exactly KES 1,000
      expect(inBand).toContain(7) // exactly KES 5,000
      expect(byId((await search(server, { price_min: 1000, price_max: 5000 })).products)).toEqual(inBand)
      // Bounds inside the bands are counted differently (by scan) and must agree just as well.
      const custom = visibleIds((p) => effectivePrice(p) >= 1001 && effectivePrice(p) <= 4999.5)
      const customBody = await search(server, { price_min: 1001, price_max: 4999.5 })
      expect(byId(customBody.products)).toEqual(custom)
      expect(customBody.total_products).toBe(custom.length)
      // The discounted price is the one that counts: product 2 costs 13,500, discounted to 12,500.
      expect(await ids(server, { price_min: 12000, price_max: 13000 })).toEqual([2])
      expect(byId((await search(server, { price_min: 50000 })).products)).toEqual([21])
      expect(byId((await search(server, { price_max: 100 })).products)).toEqual([18])

      const rated = visibleIds((p) => (averageOf(p) ?? 0) >= 4)
      expect(byId((await search(server, { min_rating: 4 })).products)).toEqual(rated)
      expect(byId((await search(server, { min_rating: 3.95 })).products)).toEqual(rated)
      expect(byId((await search(server, { min_rating: 4.6 })).products)).toEqual([1, 10])

      const verified = (await search(server, { verified_only: 'true' })).products
      expect(byId(verified)).toEqual(visibleIds((p) => p.vendor === VENDOR.phoneHub || p.vendor === VENDOR.gikomba))
      expect(verified.every((p) => p.vendor.is_verified)).toBe(true)
      expect(byId((await search(server, { in_stock_only: 'true' })).products)).toEqual(visibleIds((p) => p.stock > 0))
      expect(await ids(server, { q: 'sufuria', in_stock_only: 'true' })).toEqual([6, 8, 9])
      expect((await search(server, { verified_only: 'false', in_stock_only: 'false' })).total_products).toBe(21)
    })

    it('sorts by price, rating, date and sales; relevance without text means popular', async () => {
      const order = (compare: (a: (typeof VISIBLE)[number], b: (typeof VISIBLE)[number]) => number) =>
        [...VISIBLE].sort(compare).map((p) => p.id)
      expect(await ids(server, { sort_by: 'price_low' })).toEqual(
        order((a, b) => effectivePrice(a) - effectivePrice(b) || a.id - b.id),
      )
      expect(await ids(server, { sort_by: 'price_high' })).toEqual(
        order((a, b) => effectivePrice(b) - effectivePrice(a) || b.id - a.id),
      )
      expect(await ids(server, { sort_by: 'rating' })).toEqual(
        order((a, b) => (averageOf(b) ?? -1) - (averageOf(a) ?? -1) || a.id - b.id),
      )
      expect(await ids(server, { sort_by: 'newest' })).toEqual(order((a, b) => a.age - b.age || a.id - b.id))
      const popular = order((a, b) => b.sales - a.sales || a.id - b.id)
      expect(await ids(server, { sort_by: 'popular' })).toEqual(popular)
      expect(await ids(server, { sort_by: 'relevance' })).toEqual(popular)
      expect(await ids(server)).toEqual(popular)
      // With text, the other orders apply to the matches.
      expect(await ids(server, { q: 'samsung', sort_by: 'price_low' })).toEqual([4, 5, 2, 1, 21])
      expect(await ids(server, { q: 'samsung', sort_by: 'price_high' })).toEqual([21, 1, 2, 5, 4])
      expect(await ids(server, { q: 'samsung', sort_by: 'rating' })).toEqual([1, 21, 2, 4, 5])
      expect(await ids(server, { q: 'samsung', sort_by: 'newest' })).toEqual([1, 21, 2, 4, 5])
      expect(await ids(server, { q: 'samsung', sort_by: 'popular' })).toEqual([5, 4, 2, 1, 21])
      // Under a price filter a page is looked for in a bounded stretch of the order, or the products left are
      // gathered and sorted: the same orders, page by page.
      for (const filter of [{}, { category: 'fashion' }] as Record<string, string>[]) {
        const priced = { ...filter, price_min: 100, price_max: 2500 }
        const inRange = new Set((await search(server, priced)).products.map((p) => p.id))
        expect(inRange.size).toBeGreaterThan(3)
        for (const sort of ['popular', 'newest', 'rating'] as const) {
          const expected = (await ids(server, { ...filter, sort_by: sort })).filter((id) => inRange.has(id))
          const paged: number[] = []
          for (let page = 1; page <= Math.ceil(inRange.size / 3) + 1; page++) {
            paged.push(...(await ids(server, { ...priced, sort_by: sort, per_page: 3, page })))
          }
          expect(paged, `${JSON.stringify(filter)} ${sort}`).toEqual(expected)
        }
      }
    })

    it('looks for a priced page in a bounded stretch of the order first, and says when it is not there', async () => {
      const filters: SearchFilters = {
        categoryIds: null,
        vendorIds: null,
        priceMinCents: 100_00,
        priceMaxCents: 2500_00,
        minRating: null,
        inStockOnly: false,
        verifiedOnly: false,
        productIds: null,
      }
      const popular = [...VISIBLE].sort((a, b) => b.sales - a.sales || a.id - b.id)
      const inRange = popular.filter((p) => effectivePrice(p) >= 100 && effectivePrice(p) <= 2500)
      for (const offset of [0, 3]) {
        const page = inRange.slice(offset, offset + 3)
        // The shortest stretch of the order that holds the page: it ends with the page's last product.
        const last = page[page.length - 1]
        const shortest = popular.findIndex((p) => p.id === last?.id) + 1
        const walk = (within: number) =>
          walkWithin(server.database.db, filters, 'popular', 3, offset, within).then((rows) =>
            rows === null ? null : rows.map((r) => r.id),
          )
        expect(await walk(shortest)).toEqual(page.map((p) => p.id))
        expect(await walk(VISIBLE.length)).toEqual(page.map((p) => p.id))
        expect(await walk(shortest - 1)).toBeNull()
      }
      // Past the last full page the stretch never holds a whole page: the caller pages another way.
      expect(await walkWithin(server.database.db, filters, 'popular', 3, inRange.length - 1, 100)).toBeNull()
    })

    it('counts facets that add up, each leaving its own filter out', async () => {
      const all = await search(server)
      expect(all.total_products).toBe(21)
      const { categories, vendors, price_ranges, ratings } = all.facets
      expect(sum(categories.filter((c) => c.parent_id === null))).toBe(21)
      for (const parent of categories.filter((c) => c.parent_id === null)) {
        const own = VISIBLE.filter((p) => p.category === parent.id).length
        expect(parent.count).toBe(own + sum(categories.filter((c) => c.parent_id === parent.id)))
      }
      expect(categories.find((c) => c.slug === 'smartphones')).toMatchObject({ id: 2, name: 'Smartphones', count: 3 })
      expect(categories.some((c) => c.slug === 'hidden-gadgets')).toBe(false)
      expect(vendors).toEqual([
        { id: 1, name: 'Luthuli Phone Hub', slug: 'luthuli-phone-hub', count: 6 },
        { id: 3, name: 'Gikomba Fashions', slug: 'gikomba-fashions', count: 6 },
        { id: 2, name: 'Kamukunji Metal Crafts', slug: 'kamukunji-metal-crafts', count: 5 },
        { id: 4, name: 'Mama Pima Groceries', slug: 'mama-pima-groceries', count: 4 },
      ])
      // Bands are half-open (KES 1,000 exactly is in the second, KES 5,000 in the third) and add up.
      expect(price_ranges.map((r) => r.count)).toEqual([6, 10, 1, 3, 1])
      expect(ratings).toEqual([
        { min: 4, label: '4+ Stars', count: 5 },
        { min: 3, label: '3+ Stars', count: 6 },
        { min: 2, label: '2+ Stars', count: 7 },
        { min: 1, label: '1+ Stars', count: 8 },
      ])

      // A category filter narrows every facet but the categories one.
      const fashion = await search(server, { category: 'fashion' })
      expect(fashion.total_products).toBe(6)
      expect(fashion.facets.categories.filter((c) => c.parent_id === null).map((c) => [c.slug, c.count])).toEqual(
        all.facets.categories.filter((c) => c.parent_id === null).map((c) => [c.slug, c.count]),
      )
      expect(fashion.facets.vendors).toEqual([{ id: 3, name: 'Gikomba Fashions', slug: 'gikomba-fashions', count: 6 }])
      expect(sum(fashion.facets.price_ranges)).toBe(6)

      // A vendor filter narrows every facet but the vendors one; a price filter every one but the price bands.
      const vendor = await search(server, { vendor: 'mama-pima-groceries', price_min: 0, price_max: 200 })
      expect(byId(vendor.products)).toEqual([17, 18])
      expect(vendor.facets.vendors.map((v) => [v.id, v.count])).toEqual([[4, 2]])
      expect(vendor.facets.price_ranges.map((r) => r.count)).toEqual([4, 0, 0, 0, 0])
      expect(vendor.facets.categories.find((c) => c.slug === 'unga-flour')?.count).toBe(2)

      // With text, the facets count the matches.
      const samsung = await search(server, { q: 'samsung', min_rating: 4 })
      expect(byId(samsung.products)).toEqual([1, 21])
      expect(samsung.facets.ratings.map((r) => r.count)).toEqual([2, 3, 3, 3])
      expect(sum(samsung.facets.price_ranges)).toBe(2)
      expect(sum(samsung.facets.categories.filter((c) => c.parent_id === null))).toBe(2)
      expect(samsung.facets.vendors).toEqual([
        { id: 1, name: 'Luthuli Phone Hub', slug: 'luthuli-phone-hub', count: 2 },
      ])
    })

    it('reads text matches through the index: on its own connections (PostgreSQL) or in a transaction (PGlite)', async () => {
      const { db, indexScans, kind } = server.database
      if (kind === 'pglite') {
        expect(indexScans).toBeUndefined()
        return
      }
      if (!indexScans) throw new Error('PostgreSQL has no index-scan connections')
      const settings = sql`select current_setting('enable_seqscan') as seqscan, current_setting('jit') as jit`
      const settingsShape = { seqscan: value.text, jit: value.text }
      const searchSessions = await Promise.all([1, 2, 3].map(() => typedRows(indexScans, settingsShape, settings)))
      expect(searchSessions.flat()).toEqual(Array(3).fill({ seqscan: 'off', jit: 'off' }))
      // The rest of the application plans as usual.
      expect((await typedRows(db, settingsShape, settings))[0]?.seqscan).toBe('on')
    })

    it("counts a shopper's own price range exactly, wherever its bounds cut the price bands", async () => {
      // Without text, a price range whose bounds are not band edges is counted from the maintained counts plus the
      // products of each band it cuts (the part inside the range, or the part outside, whichever is narrower).
      const verifiedShops = new Set<number>([VENDOR.phoneHub, VENDOR.gikomba])
      const band = (price: number) => [1000, 5000, 10000, 50000].filter((edge) => price >= edge).length
      const parentOf = new Map<number, number>([
        [CATEGORY.smartphones, CATEGORY.phones],
        [CATEGORY.phoneAccessories, CATEGORY.phones],
        [CATEGORY.sufuria, CATEGORY.kitchen],
        [CATEGORY.kitenge, CATEGORY.fashion],
        [CATEGORY.shoes, CATEGORY.fashion],
        [CATEGORY.flour, CATEGORY.groceries],
        [CATEGORY.rice, CATEGORY.groceries],
        [CATEGORY.tvs, CATEGORY.electronics],
      ])
      type Filters = { min?: number; max?: number; rating?: number; stock?: boolean; verified?: boolean }
      type Only = { category?: number; vendor?: number }
      const cases: (Filters & Only)[] = [
        { min: 1001, max: 4999.5 },
        { min: 1234, max: 1300 },
        { min: 999, max: 1001 },
        { min: 0, max: 20000 },
        { min: 120 },
        { max: 25000 },
        { min: 5000, max: 5000 },
        { min: 10000, max: 50000 },
        { min: 150, max: 3200, stock: true },
        { min: 150, max: 3200, verified: true, rating: 3 },
        { min: 900, max: 19000, category: CATEGORY.fashion },
        { min: 100, max: 2100, vendor: VENDOR.mamaPima },
      ]
      for (const c of cases) {
        const passes = (p: (typeof VISIBLE)[number], leaveOut: keyof Filters | keyof Only | null) => {
          const price = effectivePrice(p)
          const inCategory = p.category === c.category || parentOf.get(p.category) === c.category
          return (
            (leaveOut === 'min' || c.min === undefined || price >= c.min) &&
            (leaveOut === 'min' || c.max === undefined || price <= c.max) &&
            (leaveOut === 'rating' || c.rating === undefined || (averageOf(p) ?? 0) >= c.rating) &&
            (!c.stock || p.stock > 0) &&
            (!c.verified || verifiedShops.has(p.vendor)) &&
            (leaveOut === 'category' || c.category === undefined || inCategory) &&
            (leaveOut === 'vendor' || c.vendor === undefined || p.vendor === c.vendor)
          )
        }
        const params: Record<string, string | number> = {}
        if (c.min !== undefined) params.price_min = c.min
        if (c.max !== undefined) params.price_max = c.max
        if (c.rating !== undefined) params.min_rating = c.rating
        if (c.stock) params.in_stock_only = 'true'
        if (c.verified) params.verified_only = 'true'
        if (c.category !== undefined) params.category = c.category
        if (c.vendor !== undefined) params.vendor = c.vendor
        const body = await search(server, params)
        const label = JSON.stringify(c)
        const matching = VISIBLE.filter((p) => passes(p, null))
        expect(body.total_products, label).toBe(matching.length)
        expect(byId(body.products), label).toEqual(matching.map((p) => p.id).sort((a, b) => a - b))
        const priced = VISIBLE.filter((p) => passes(p, 'min'))
        const bands = [0, 1, 2, 3, 4].map((b) => priced.filter((p) => band(effectivePrice(p)) === b).length)
        expect(
          body.facets.price_ranges.map((r) => r.count),
          label,
        ).toEqual(bands)
        const rated = VISIBLE.filter((p) => passes(p, 'rating'))
        expect(
          body.facets.ratings.map((r) => r.count),
          label,
        ).toEqual([4, 3, 2, 1].map((min) => rated.filter((p) => (averageOf(p) ?? 0) >= min).length))
        const byVendor = new Map<number, number>()
        for (const p of VISIBLE.filter((p) => passes(p, 'vendor')))
          byVendor.set(p.vendor, (byVendor.get(p.vendor) ?? 0) + 1)
        expect(new Map(body.facets.vendors.map((v) => [v.id, v.count])), label).toEqual(byVendor)
        const byTop = new Map<number, number>()
        for (const p of VISIBLE.filter((p) => passes(p, 'category'))) {
          const top = parentOf.get(p.category) ?? p.category
          byTop.set(top, (byTop.get(top) ?? 0) + 1)
        }
        const topFacet = body.facets.categories.filter((f) => f.parent_id === null).map((f) => [f.id, f.count])
        expect(new Map(topFacet as [number, number][]), label).toEqual(byTop)
      }
    })

    it('answers the true totals with an empty page past the end', async () => {
      const body = await search(server, { q: 'samsung', per_page: 2, page: 4 })
      expect(body.products).toEqual([])
      expect(body).toMatchObject({ total_products: 5, total_pages: 3, page: 4, per_page: 2 })
      const pages = await Promise.all([1, 2, 3].map((page) => ids(server, { q: 'samsung', per_page: 2, page })))
      expect(pages).toEqual([[2, 1], [21, 4], [5]])
    })

    it('suggests product, category and vendor names, prefix- and typo-tolerant', async () => {
      expect(await suggest(server, '')).toEqual([])
      expect(await suggest(server, 's')).toEqual([])
      expect(await suggest(server, ' s ')).toEqual([])
      const sa = await suggest(server, 'sa')
      expect(sa.slice(0, 3).sort()).toEqual([
        'Samsung 65-inch QLED TV',
        'Samsung Galaxy A05 64GB',
        'Samsung Galaxy A15 128GB',
      ])
      expect(sa).toContain('Clear Case for Samsung Galaxy A15')
      expect(sa.join()).not.toMatch(/Closed|Withdrawn|Hidden/)
      expect((await suggest(server, 'kiten'))[0]).toBe('Kitenge & African Prints')
      expect(await suggest(server, 'kiten')).toEqual(expect.arrayContaining(['Kitenge Maxi Dress', 'Kitenge Shirt']))
      expect((await suggest(server, 'gikomba'))[0]).toBe('Gikomba Fashions')
      expect(await suggest(server, 'samsng')).toEqual(expect.arrayContaining(['Samsung Galaxy A15 128GB']))
      expect(await suggest(server, 'sufria')).toEqual(expect.arrayContaining(['Kamukunji Handmade Sufuria No. 14']))
      expect((await suggest(server, 'galaxy a1')).slice(0, 2)).toEqual([
        'Samsung Galaxy A15 128GB',
        'Clear Case for Samsung Galaxy A15',
      ])
      expect(await suggest(server, 'CRÈME')).toEqual(['Crème Brûlée Café Apron'])
    })
  })

  describe('in step with the catalogue', () => {
    beforeAll(async () => {
      await loadSearchFixture(server.database)
    })

    it('follows renames, stock, ratings, closed shops, hidden categories and deletions', async () => {
      const { db } = server.database
      await db.execute(sql`update products set name = 'Tecno Camon 30' where id = 3`)
      expect(await ids(server, { q: 'camon' })).toEqual([3])
      expect(await ids(server, { q: 'spark' })).toEqual([])
      expect(await suggest(server, 'camon')).toEqual(['Tecno Camon 30'])
      expect(await suggest(server, 'tecno spark')).toEqual([])

      await db.execute(sql`update products set stock_qty = 0 where id = 14`)
      expect(await ids(server, { q: 'shoes', in_stock_only: 'true' })).toEqual([13])

      await db.execute(
        sql`insert into reviews (product_id, author_name, rating) values (13, 'Otieno', 5), (13, 'Akinyi', 5)`,
      )
      expect(
        (await search(server, { min_rating: 3, category: 'shoes' })).products.map((p) => p.average_rating),
      ).toEqual([3.7])

      await db.execute(sql`update businesses set is_active = false where id = ${VENDOR.gikomba}`)
      const closed = await search(server, { q: 'kitenge' })
      expect(closed.products).toEqual([])
      expect((await search(server)).facets.vendors.map((v) => v.id)).not.toContain(VENDOR.gikomba)
      expect(await suggest(server, 'gikomba')).toEqual([])
      await db.execute(
        sql`update businesses set is_active = true, name = 'Gikomba Fashion House' where id = ${VENDOR.gikomba}`,
      )
      expect(await ids(server, { q: 'kitenge dress' })).toEqual([10, 12, 11, 16])
      // Page by page, whether the page is filled by products with every word or not.
      const pages = []
      for (const page of [1, 2, 3, 4, 5]) pages.push(await ids(server, { q: 'kitenge dress', per_page: 1, page }))
      expect(pages).toEqual([[10], [12], [11], [16], []])
      expect((await search(server, { q: 'fashion house' })).vendors.map((v) => v.name)).toEqual([
        'Gikomba Fashion House',
      ])

      await db.execute(sql`update categories set is_active = false where id = ${CATEGORY.groceries}`)
      expect(await ids(server, { q: 'maize' })).toEqual([])
      expect((await search(server)).total_products).toBe(17)
      await db.execute(sql`update categories set is_active = true, name = 'Chakula' where id = ${CATEGORY.groceries}`)
      expect(byId((await search(server, { q: 'chakula' })).products)).toEqual([17, 18, 19, 20])

      await db.execute(sql`update products set price_cents = 99900, discounted_price_cents = null where id = 21`)
      expect((await search(server, { price_min: 50000 })).products).toEqual([])
      await db.execute(sql`delete from products where id = 15`)
      expect(await ids(server, { q: 'apron' })).toEqual([])
      const all = await search(server)
      expect(all.total_products).toBe(20)
      expect(sum(all.facets.price_ranges)).toBe(20)
      expect(sum(all.facets.vendors)).toBe(20)
    })
  })

  describe('bad input', () => {
    const cases: [params: Record<string, string>, field: string][] = [
      [{ q: 'x'.repeat(201) }, 'q'],
      [{ price_min: '5000', price_max: '1000' }, 'price_min'],
      [{ price_min: '-1' }, 'price_min'],
      [{ price_max: 'cheap' }, 'price_max'],
      [{ price_max: '99999999999' }, 'price_max'],
      [{ min_rating: '6' }, 'min_rating'],
      [{ min_rating: '0' }, 'min_rating'],
      [{ min_rating: 'good' }, 'min_rating'],
      [{ verified_only: 'yes' }, 'verified_only'],
      [{ in_stock_only: 'maybe' }, 'in_stock_only'],
      [{ sort_by: 'cheapest' }, 'sort_by'],
      [{ page: '-1' }, 'page'],
      [{ page: '0' }, 'page'],
      [{ page: 'two' }, 'page'],
      [{ page: '1.5' }, 'page'],
      [{ per_page: '0' }, 'per_page'],
      [{ per_page: '101' }, 'per_page'],
      [{ category: 'Not A Slug!' }, 'category'],
      [{ vendor: '../etc' }, 'vendor'],
      [{ vendor: '99999999999' }, 'vendor'],
      [{ cache_first: 'banana' }, 'cache_first'],
    ]

    it.each(cases)('answers 400 naming the parameter for %j', async (params, field) => {
      const response = await fetch(url(server, SEARCH, params))
      expect(response.status).toBe(400)
      const body = (await response.json()) as ErrorBody
      expect(body.code).toBe('invalid_data')
      expect(body.detail).toMatch(new RegExp(`^${field}: `))
      expect(Object.keys(body.errors ?? {})).toEqual([field])
    })

    it('names sort_by with the orders it accepts', async () => {
      const body = (await (await fetch(url(server, SEARCH, { sort_by: 'cheapest' }))).json()) as ErrorBody
      expect(body.detail).toBe('sort_by: must be one of relevance, price_low, price_high, rating, newest, popular')
    })

    it('answers 400 for suggestions over 200 characters', async () => {
      const response = await fetch(url(server, SUGGEST, { q: 'x'.repeat(201) }))
      expect(response.status).toBe(400)
      expect(((await response.json()) as ErrorBody).detail).toMatch(/^q: /)
    })

    it('ignores unknown parameters and empty ones, and accepts the fast-mode flag', async () => {
      const response = await fetch(
        url(server, SEARCH, { q: '', colour: 'blue', price_min: '', sort_by: '', cache_first: 'true', per_page: 5 }),
      )
      expect(response.status).toBe(200)
      expect(((await response.json()) as SearchBody).per_page).toBe(5)
    })
  })
})
