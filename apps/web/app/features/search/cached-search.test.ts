import type { ProductListing } from '@soko/contract/catalog'
import { describe, expect, it } from 'vitest'
import { canUseCachedResults, matchesCached, searchCached, sortCached, uniqueProducts } from './cached-search.ts'
import { EMPTY_FILTERS, type SearchFilters } from './search-params.ts'

let nextId = 1
function product(overrides: Partial<ProductListing> = {}): ProductListing {
  const id = nextId++
  return {
    id,
    slug: `product-${id}`,
    name: `Product ${id}`,
    description: 'Something useful',
    price: 1000,
    discounted_price: null,
    effective_price: 1000,
    discount_percentage: 0,
    thumbnail_url: null,
    primary_image: null,
    in_stock: true,
    is_in_stock: true,
    is_low_stock: false,
    stock_qty: 10,
    vendor: { id: 7, name: 'Gikomba Fashions', slug: 'gikomba-fashions', is_verified: true },
    category_breadcrumb: [
      { name: 'Fashion', slug: 'fashion' },
      { name: 'Shoes', slug: 'shoes' },
    ],
    average_rating: 4.2,
    review_count: 3,
    created_at: '2026-01-01T00:00:00.000Z',
    sales_count: 5,
    variants: null,
    ...overrides,
  }
}

const filters = (overrides: Partial<SearchFilters>): SearchFilters => ({ ...EMPTY_FILTERS, ...overrides })

describe('matchesCached (specification section 5)', () => {
  it('matches text in the name or the description, ignoring case', () => {
    const shoe = product({ name: 'Canvas Sneakers', description: 'Light shoes for town' })
    expect(matchesCached(shoe, filters({ q: 'SNEAK' }))).toBe(true)
    expect(matchesCached(shoe, filters({ q: 'for town' }))).toBe(true)
    expect(matchesCached(shoe, filters({ q: 'sufuria' }))).toBe(false)
    expect(matchesCached(shoe, filters({ q: '   ' }))).toBe(true)
  })

  it('filters the price on the effective price, both ends inclusive', () => {
    const discounted = product({ price: 6000, discounted_price: 4500, effective_price: 4500 })
    expect(matchesCached(discounted, filters({ priceMin: 1000, priceMax: 5000 }))).toBe(true)
    expect(matchesCached(discounted, filters({ priceMin: 4500 }))).toBe(true)
    expect(matchesCached(discounted, filters({ priceMax: 4500 }))).toBe(true)
    expect(matchesCached(discounted, filters({ priceMin: 5000 }))).toBe(false)
    expect(matchesCached(discounted, filters({ priceMax: 4499 }))).toBe(false)
  })

  it('matches the category by slug or name, at any level of the breadcrumb', () => {
    const shoe = product()
    expect(matchesCached(shoe, filters({ category: 'fashion' }))).toBe(true)
    expect(matchesCached(shoe, filters({ category: 'shoes' }))).toBe(true)
    expect(matchesCached(shoe, filters({ category: 'Shoes' }))).toBe(true)
    expect(matchesCached(shoe, filters({ category: 'groceries' }))).toBe(false)
  })

  it('matches a numeric vendor by id, anything else by a part of the name', () => {
    const shoe = product()
    expect(matchesCached(shoe, filters({ vendor: '7' }))).toBe(true)
    expect(matchesCached(shoe, filters({ vendor: '8' }))).toBe(false)
    expect(matchesCached(shoe, filters({ vendor: 'gikomba' }))).toBe(true)
    expect(matchesCached(shoe, filters({ vendor: 'gikomba-fashions' }))).toBe(true)
    expect(matchesCached(shoe, filters({ vendor: 'toi' }))).toBe(false)
  })

  it('keeps only products in stock, rated high enough, from verified vendors when asked', () => {
    const out = product({ is_in_stock: false, in_stock: false })
    const unrated = product({ average_rating: null })
    const unverified = product({ vendor: { id: 9, name: 'Toi Market', slug: 'toi-market', is_verified: false } })
    expect(matchesCached(out, filters({ inStockOnly: true }))).toBe(false)
    expect(matchesCached(out, filters({}))).toBe(true)
    expect(matchesCached(unrated, filters({ minRating: 1 }))).toBe(false)
    expect(matchesCached(product({ average_rating: 4 }), filters({ minRating: 4 }))).toBe(true)
    expect(matchesCached(product({ average_rating: 3.9 }), filters({ minRating: 4 }))).toBe(false)
    expect(matchesCached(unverified, filters({ verifiedOnly: true }))).toBe(false)
    expect(matchesCached(unverified, filters({}))).toBe(true)
  })
})

describe('canUseCachedResults (specification section 9)', () => {
  it('answers from the cache only in fast mode', () => {
    expect(canUseCachedResults(filters({ q: 'tea' }), 50)).toBe(false)
    expect(canUseCachedResults(filters({ q: 'tea', cacheFirst: true }), 6)).toBe(true)
    expect(canUseCachedResults(filters({ q: 'tea', cacheFirst: true }), 5)).toBe(false)
  })

  it('with no text, a filter is enough (when anything matches)', () => {
    expect(canUseCachedResults(filters({ category: 'shoes', cacheFirst: true }), 2)).toBe(true)
    expect(canUseCachedResults(filters({ category: 'shoes', cacheFirst: true }), 0)).toBe(false)
    expect(canUseCachedResults(filters({ cacheFirst: true }), 3)).toBe(false)
    expect(canUseCachedResults(filters({ q: 'tea', inStockOnly: true, cacheFirst: true }), 3)).toBe(false)
  })
})

describe('searchCached', () => {
  it('sorts and paginates the matches', () => {
    const pool = Array.from({ length: 30 }, (_, i) => product({ name: `Tea ${i}`, effective_price: 100 + i }))
    const first = searchCached(pool, filters({ q: 'tea', sortBy: 'price_high' }))
    expect(first.total_products).toBe(30)
    expect(first.total_pages).toBe(2)
    expect(first.products).toHaveLength(24)
    expect(first.products[0]?.name).toBe('Tea 29')
    const second = searchCached(pool, filters({ q: 'tea', sortBy: 'price_high', page: 2 }))
    expect(second.products.map((p) => p.name)).toEqual(['Tea 5', 'Tea 4', 'Tea 3', 'Tea 2', 'Tea 1', 'Tea 0'])
  })

  it('relevance puts name matches first; other sorts follow their field', () => {
    const inDescription = product({ name: 'Mug', description: 'For tea lovers', sales_count: 50 })
    const inName = product({ name: 'Kericho Tea', sales_count: 1, created_at: '2026-03-01T00:00:00.000Z' })
    expect(sortCached([inDescription, inName], 'relevance', 'tea')[0]).toBe(inName)
    expect(sortCached([inName, inDescription], 'popular')[0]).toBe(inDescription)
    expect(sortCached([inDescription, inName], 'newest')[0]).toBe(inName)
    const low = product({ effective_price: 10, average_rating: 2 })
    const high = product({ effective_price: 90, average_rating: 5 })
    expect(sortCached([high, low], 'price_low')[0]).toBe(low)
    expect(sortCached([low, high], 'rating')[0]).toBe(high)
  })

  it('counts each product once across cached lists', () => {
    const a = product()
    const b = product()
    expect(uniqueProducts([[a, b], [b], [a]]).map((p) => p.id)).toEqual([a.id, b.id])
  })
})
