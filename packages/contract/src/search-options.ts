// The search calls' fixed options and limits (specification sections 3 and 9), without Zod: the storefront's pages
// (search bar, filter panel, sort menu) use them as they are, and search.ts builds its schemas from them.

export const SEARCH_TEXT_MAX = 200
export const SUGGESTIONS_MAX = 8
/** Suggestions need at least this many characters (after trimming); fewer answer an empty list. */
export const SUGGESTIONS_MIN_CHARS = 2

export const SORT_OPTIONS = ['relevance', 'price_low', 'price_high', 'rating', 'newest', 'popular'] as const
export type SortBy = (typeof SORT_OPTIONS)[number]

/** The sort menu's words for each order. */
export const SORT_LABELS: Readonly<Record<SortBy, string>> = {
  relevance: 'Relevance',
  price_low: 'Price: Low to High',
  price_high: 'Price: High to Low',
  rating: 'Highest Rated',
  newest: 'Newest',
  popular: 'Most Popular',
}

export function isSortBy(value: unknown): value is SortBy {
  return (SORT_OPTIONS as readonly unknown[]).includes(value)
}

/**
 * The price bands of the filter panel and of the price facet (specification section 9's fallback ranges). As a
 * facet a band counts min <= price < max, so the bands add up; as a filter (`price_min=min&price_max=max`) both
 * ends are inclusive, so a product priced exactly on an edge (KES 5,000) also shows under the band below it.
 */
export const PRICE_RANGES = [
  { min: 0, max: 1000, label: 'Under KES 1,000' },
  { min: 1000, max: 5000, label: 'KES 1,000 - 5,000' },
  { min: 5000, max: 10000, label: 'KES 5,000 - 10,000' },
  { min: 10000, max: 50000, label: 'KES 10,000 - 50,000' },
  { min: 50000, max: null, label: 'Over KES 50,000' },
] as const

export const RATING_OPTIONS = [
  { min: 4, label: '4+ Stars' },
  { min: 3, label: '3+ Stars' },
  { min: 2, label: '2+ Stars' },
  { min: 1, label: '1+ Stars' },
] as const
