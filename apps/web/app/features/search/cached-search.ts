import type { ProductListing } from '@soko/contract/catalog'
import type { SortBy } from '@soko/contract/search'
import { hasActiveFilters, PAGE_SIZE, type SearchFilters } from './search-params.ts'

// Searching what this browser already holds (earlier results, home data), by specification section 5's cached
// search rules, and section 9's rule for when such results may stand in for the API. Pure: no cache, no DOM.

/** Section 9: fast mode answers from the cache only with at least this many matches (or no text but a filter). */
export const FAST_SEARCH_MIN_MATCHES = 6

/** Section 5: does a cached product match the filters? */
export function matchesCached(product: ProductListing, filters: SearchFilters): boolean {
  const text = filters.q.trim().toLowerCase()
  if (text && !product.name.toLowerCase().includes(text) && !product.description.toLowerCase().includes(text)) {
    return false
  }
  const price = product.effective_price ?? product.price
  if (filters.priceMin !== undefined && price < filters.priceMin) return false
  if (filters.priceMax !== undefined && price > filters.priceMax) return false
  if (filters.category !== undefined) {
    const wanted = filters.category.toLowerCase()
    const inCategory = product.category_breadcrumb.some(
      (crumb) => crumb.slug.toLowerCase() === wanted || crumb.name.toLowerCase() === wanted,
    )
    if (!inCategory) return false
  }
  if (filters.vendor !== undefined) {
    const wanted = filters.vendor.toLowerCase()
    const isVendor = /^\d+$/.test(wanted)
      ? product.vendor.id === Number(wanted)
      : product.vendor.name.toLowerCase().includes(wanted) || product.vendor.slug === wanted
    if (!isVendor) return false
  }
  if (filters.inStockOnly && !product.is_in_stock) return false
  if (filters.minRating !== undefined && (product.average_rating ?? 0) < filters.minRating) return false
  if (filters.verifiedOnly && !product.vendor.is_verified) return false
  return true
}

const priceOf = (product: ProductListing) => product.effective_price ?? product.price

/** Orders cached matches as the API would for each sort; relevance puts name matches before description matches. */
export function sortCached(products: ProductListing[], sortBy: SortBy, text = ''): ProductListing[] {
  const list = [...products]
  const needle = text.trim().toLowerCase()
  switch (sortBy) {
    case 'price_low':
      return list.sort((a, b) => priceOf(a) - priceOf(b))
    case 'price_high':
      return list.sort((a, b) => priceOf(b) - priceOf(a))
    case 'rating':
      return list.sort((a, b) => (b.average_rating ?? 0) - (a.average_rating ?? 0))
    case 'newest':
      return list.sort((a, b) => b.created_at.localeCompare(a.created_at))
    case 'popular':
      return list.sort((a, b) => b.sales_count - a.sales_count)
    case 'relevance': {
      if (!needle) return list.sort((a, b) => b.sales_count - a.sales_count)
      const rank = (p: ProductListing) => (p.name.toLowerCase().includes(needle) ? 0 : 1)
      return list.sort((a, b) => rank(a) - rank(b))
    }
  }
}

/** One copy of each product (the same product sits in home data and in earlier results), first seen first. */
export function uniqueProducts(lists: readonly (readonly ProductListing[])[]): ProductListing[] {
  const seen = new Map<number, ProductListing>()
  for (const list of lists) for (const product of list) if (!seen.has(product.id)) seen.set(product.id, product)
  return [...seen.values()]
}

/** Section 9: may fast mode (cache_first) answer from the cache? At least 6 matches, or no text but a filter. */
export function canUseCachedResults(filters: SearchFilters, matchCount: number): boolean {
  // This browser's cache holds cards, not their variants' options: an option filter always asks the server.
  if (!filters.cacheFirst || filters.option !== undefined) return false
  if (matchCount >= FAST_SEARCH_MIN_MATCHES) return true
  return filters.q.trim() === '' && hasActiveFilters(filters) && matchCount > 0
}

export interface CachedPage {
  products: ProductListing[]
  total_products: number
  page: number
  per_page: number
  total_pages: number
}

/** The cached products matching the filters, sorted and cut to the page asked for. */
export function searchCached(pool: readonly ProductListing[], filters: SearchFilters, perPage = PAGE_SIZE): CachedPage {
  const matches = sortCached(
    pool.filter((product) => matchesCached(product, filters)),
    filters.sortBy,
    filters.q,
  )
  const totalPages = Math.ceil(matches.length / perPage)
  const start = (filters.page - 1) * perPage
  return {
    products: matches.slice(start, start + perPage),
    total_products: matches.length,
    page: filters.page,
    per_page: perPage,
    total_pages: totalPages,
  }
}
