import { describe, expect, it } from 'vitest'
import {
  apiParams,
  apiQuery,
  EMPTY_FILTERS,
  FILTERS_QUERY,
  filterSummary,
  hasActiveFilters,
  pageQuery,
  parseFilters,
  priceRangeLabel,
  resultCount,
} from './search-params.ts'

const parse = (query: string) => parseFilters(new URLSearchParams(query))

describe('parseFilters and pageQuery', () => {
  it('round-trips every filter in one order, omitting relevance and page 1', () => {
    const query =
      '?q=samsung+tv&category=televisions&vendor=9&price_min=1000&price_max=5000&min_rating=4&verified_only=true&in_stock_only=true&sort_by=price_low&page=3'
    expect(pageQuery(parse(query))).toBe(query)
    expect(pageQuery(parse('?q=tea&sort_by=relevance&page=1'))).toBe('?q=tea')
    expect(pageQuery(EMPTY_FILTERS)).toBe('')
  })

  it('drops what it cannot read instead of failing', () => {
    const filters = parse('?price_min=abc&min_rating=9&page=-2&sort_by=cheapest&category=Bad%20Slug&verified_only=yes')
    expect(filters).toEqual({ ...EMPTY_FILTERS })
    expect(parse('?price_min=5000&price_max=1000')).toMatchObject({ priceMin: 1000, priceMax: 5000 })
    expect(parse('?q=sufu%00ria&category=a%00b&vendor=%00')).toEqual({ ...EMPTY_FILTERS, q: 'sufuria' })
  })

  it('keeps fast mode out of canonical URLs and API calls', () => {
    const filters = parse('?q=tea&cache_first=true&utm_source=x')
    expect(filters.cacheFirst).toBe(true)
    expect(pageQuery(filters)).toBe('?q=tea')
    expect(pageQuery(filters, { cacheFirst: true })).toBe('?q=tea&cache_first=true')
    expect(apiQuery(filters)).toBe('?q=tea&per_page=24')
  })

  it('leaves out what the path already says', () => {
    expect(pageQuery(parse('?category=shoes&sort_by=newest'), { fixed: { category: 'shoes' } })).toBe('?sort_by=newest')
  })

  it('the filters call is the first page of all products', () => {
    expect(FILTERS_QUERY).toBe('?q=&per_page=24')
    expect(apiQuery(parse('?category=shoes&page=2'))).toBe('?q=&category=shoes&page=2&per_page=24')
    expect(apiParams(parse('?category=shoes&page=2'))).toEqual({ q: '', category: 'shoes', page: '2', per_page: '24' })
  })
})

describe('hasActiveFilters', () => {
  it('counts filters, not the text or the sort', () => {
    expect(hasActiveFilters(parse('?q=tea&sort_by=newest&page=2'))).toBe(false)
    for (const query of ['category=a', 'vendor=1', 'price_min=1', 'price_max=1', 'min_rating=2']) {
      expect(hasActiveFilters(parse(`?${query}`))).toBe(true)
    }
    expect(hasActiveFilters(parse('?verified_only=true'))).toBe(true)
    expect(hasActiveFilters(parse('?in_stock_only=true'))).toBe(true)
  })
})

describe('filterSummary (specification section 2)', () => {
  it('says All products without filters', () => {
    expect(filterSummary(EMPTY_FILTERS)).toBe('All products')
  })

  it('names each active filter', () => {
    const filters = parse(
      '?q=radio&category=electronics&price_min=1000&price_max=5000&min_rating=3&verified_only=true&in_stock_only=true',
    )
    expect(filterSummary(filters, { category: 'Electronics' })).toBe(
      '"radio" · in Electronics · KSh 1,000 - 5,000 · 3+ stars · verified vendors · in stock',
    )
    expect(filterSummary(parse('?price_min=50000'))).toBe('above KSh 50,000')
    expect(filterSummary(parse('?price_max=1000'))).toBe('under KSh 1,000')
    expect(filterSummary(parse('?price_min=0&price_max=1000'))).toBe('under KSh 1,000')
  })
})

describe('labels', () => {
  it("counts results and names price bands in the site's currency", () => {
    expect(resultCount(1)).toBe('1 result')
    expect(resultCount(2000)).toBe('2,000 results')
    expect(resultCount(0)).toBe('0 results')
    expect(priceRangeLabel({ min: 0, max: 1000 })).toBe('Under KSh 1,000')
    expect(priceRangeLabel({ min: 1000, max: 5000 })).toBe('KSh 1,000 - 5,000')
    expect(priceRangeLabel({ min: 50000, max: null })).toBe('Over KSh 50,000')
  })
})
