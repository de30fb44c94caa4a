import type { Category, Home, ProductListing, Vendor } from '@soko/contract/catalog'
import type { SearchFacets, SearchResponse } from '@soko/contract/search'
import { PRICE_RANGES, RATING_OPTIONS } from '@soko/contract/search-options'
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query'
import type { AppLoadContext } from 'react-router'
import { ApiError, call } from '../../lib/api-client.ts'
import { queryKeys, staleTimes } from '../../lib/query.ts'
import { canUseCachedResults, searchCached, uniqueProducts } from './cached-search.ts'
import { apiParams, apiQuery, EMPTY_FILTERS, FILTERS_QUERY, parseFilters, type SearchFilters } from './search-params.ts'

/** Specification section 9: the filters call gives up after 5 s. */
const FILTERS_TIMEOUT_MS = 5000

/**
 * Where a page of results came from: the search call, this browser's cache in fast mode ('Fast Search'), or this
 * browser's cache because the search call failed (specification sections 4 and 8).
 */
export type SearchSource = 'api' | 'cache' | 'fallback'

export interface FilterLists {
  categories: { id: number; name: string; slug: string; parent_id: number | null }[]
  price_ranges: { min: number; max: number | null }[]
  rating_options: { min: number; label: string }[]
}

export interface SearchResult {
  source: SearchSource
  products: ProductListing[]
  vendors: Vendor[]
  total_products: number
  total_vendors: number
  page: number
  per_page: number
  total_pages: number
  /** Counts per filter option; only the search call has them. */
  facets: SearchFacets | null
  /** The filters response (q empty only). */
  filters: FilterLists | null
}

export type Loaded<T> = { ok: true; data: T } | { ok: false; status: number }

export function settle<T>(promise: Promise<T>): Promise<Loaded<T>> {
  return promise.then(
    (data) => ({ ok: true, data }),
    (error: unknown) => ({ ok: false, status: error instanceof ApiError ? error.status : 0 }),
  )
}

function fromResponse(response: SearchResponse): SearchResult {
  const { categories, price_ranges, rating_options, ...rest } = response
  return {
    ...rest,
    source: 'api',
    filters: categories && price_ranges && rating_options ? { categories, price_ranges, rating_options } : null,
  }
}

/** One page of the search call for these filters (the filters call: EMPTY_FILTERS). */
export async function fetchSearch(filters: SearchFilters, context?: AppLoadContext, signal?: AbortSignal) {
  return fromResponse(await call('GET /api/marketplace/search/', { query: apiParams(filters) }, { context, signal }))
}

export const fetchCategories = (context?: AppLoadContext) => call('GET /api/marketplace/categories/', {}, { context })

/** Query keys: fast-mode answers are kept apart, so 'Search with Full API' never gets the cached answer back. */
export const searchKey = (query: string, isFast = false) =>
  [...queryKeys.search(query), isFast ? 'fast' : 'api'] as const

/** Every product this browser already holds from the API: home data and earlier search results. */
export function cachedProducts(client: QueryClient): ProductListing[] {
  const home = client.getQueryData<Home>(queryKeys.home)
  const lists: ProductListing[][] = home ? [home.featured_products, home.trending_products] : []
  for (const [, data] of client.getQueriesData<SearchResult>({ queryKey: ['search'] })) {
    if (data?.source === 'api') lists.push(data.products)
  }
  return uniqueProducts(lists)
}

function cachedResult(pool: ProductListing[], filters: SearchFilters, source: SearchSource): SearchResult {
  return { ...searchCached(pool, filters), source, vendors: [], total_vendors: 0, facets: null, filters: null }
}

/**
 * One page of results in the browser: from the cache in fast mode when section 9 allows it, else from the search
 * call; when that fails, from whatever this browser holds (section 8), or the error.
 */
export async function runSearch(client: QueryClient, filters: SearchFilters, signal?: AbortSignal) {
  const pool = cachedProducts(client)
  if (filters.cacheFirst) {
    const cached = cachedResult(pool, filters, 'cache')
    if (canUseCachedResults(filters, cached.total_products)) return cached
  }
  try {
    return await fetchSearch(filters, undefined, signal)
  } catch (error) {
    if ((error as Error).name !== 'AbortError' && pool.length > 0) return cachedResult(pool, filters, 'fallback')
    throw error
  }
}

export interface SearchState {
  result: SearchResult | undefined
  error: unknown
  /** Results for other filters stay on screen while these load (the reloading overlay). */
  isReloading: boolean
  isFetching: boolean
  retry: () => void
}

/**
 * The results for the filters in the URL, owned by the query cache: seeded by the server's render, fresh for
 * 2 minutes (API answers only; cached answers are retried on the next visit).
 */
export function useSearchResults(
  client: QueryClient,
  filters: SearchFilters,
  initial: Loaded<SearchResult> | null,
  isEnabled: boolean,
): SearchState {
  const query = apiQuery(filters)
  const queryResult = useQuery({
    queryKey: searchKey(query, filters.cacheFirst),
    queryFn: ({ signal }) => runSearch(client, filters, signal),
    initialData: initial?.ok ? initial.data : undefined,
    staleTime: (q) => (q.state.data?.source === 'api' ? staleTimes.list : 0),
    placeholderData: keepPreviousData,
    retry: false,
    enabled: isEnabled,
  })
  return {
    result: queryResult.data,
    error: queryResult.error,
    isReloading: queryResult.isPlaceholderData && queryResult.isFetching,
    isFetching: queryResult.isFetching,
    retry: () => void queryResult.refetch(),
  }
}

export interface FilterOptions extends FilterLists {
  vendors: { id: number; name: string; slug: string }[]
  /** The filters call failed: categories from the category list, no vendors, fixed ranges (section 8). */
  isFallback: boolean
}

/** Options of the filter panel: the filters call (q empty), or section 8's fallback when it fails. */
export function useFilterOptions(initial: SearchResult | null, initialCategories: Category[] | null): FilterOptions {
  const filtersQuery = useQuery({
    queryKey: searchKey(FILTERS_QUERY),
    queryFn: ({ signal }) =>
      fetchSearch(EMPTY_FILTERS, undefined, AbortSignal.any([signal, AbortSignal.timeout(FILTERS_TIMEOUT_MS)])),
    initialData: initial ?? undefined,
    staleTime: staleTimes.list,
    retry: false,
  })
  const lists = filtersQuery.data?.filters
  const categoriesQuery = useQuery({
    queryKey: queryKeys.categories,
    queryFn: () => fetchCategories(),
    initialData: initialCategories ?? undefined,
    staleTime: staleTimes.categories,
    enabled: !lists && filtersQuery.isError,
  })
  if (lists && filtersQuery.data) {
    return { ...lists, vendors: filtersQuery.data.vendors, isFallback: false }
  }
  return {
    categories: (categoriesQuery.data ?? []).map(({ id, name, slug, parent_id }) => ({ id, name, slug, parent_id })),
    vendors: [],
    price_ranges: PRICE_RANGES.map(({ min, max }) => ({ min, max })),
    rating_options: RATING_OPTIONS.map(({ min, label }) => ({ min, label })),
    isFallback: true,
  }
}

export interface ListingData {
  /** The filters response, awaited on the server; what the cache holds on client navigations. */
  filters: SearchResult | null
  /** Section 8's fallback when the filters call failed. */
  fallbackCategories: Category[] | null
  /** The page of results: streamed from the server; null on client navigations (the query fetches it). */
  results: Promise<Loaded<SearchResult>> | Loaded<SearchResult> | null
  /** The search call the results answer, so that they never seed another query. */
  resultsQuery: string
  origin: string
}

/**
 * The server's render: the filters call is awaited (the search bar needs its options in the first paint; it is the
 * same request as the first page of /products, DESIGN D2), the results stream in behind their skeletons.
 */
export async function loadListing(
  request: Request,
  context: AppLoadContext,
  fixed: Partial<SearchFilters> = {},
): Promise<ListingData> {
  const url = new URL(request.url)
  const filters = { ...parseFilters(url.searchParams), ...fixed }
  const resultsQuery = apiQuery(filters)
  const filtersCall = settle(fetchSearch(EMPTY_FILTERS, context))
  const results = resultsQuery === FILTERS_QUERY ? filtersCall : settle(fetchSearch(filters, context))
  const loadedFilters = await filtersCall
  const fallbackCategories = loadedFilters.ok ? null : await fetchCategories(context).catch(() => [])
  return {
    filters: loadedFilters.ok ? loadedFilters.data : null,
    fallbackCategories,
    results,
    resultsQuery,
    origin: context.siteOrigin,
  }
}

/** Client navigations: the page shows at once; the queries answer from the cache or fetch (with skeletons). */
export function loadListingInBrowser(
  client: QueryClient,
  request: Request,
  fixed: Partial<SearchFilters> = {},
): ListingData {
  const url = new URL(request.url)
  const filters = { ...parseFilters(url.searchParams), ...fixed }
  return {
    filters: client.getQueryData<SearchResult>(searchKey(FILTERS_QUERY)) ?? null,
    fallbackCategories: client.getQueryData<Category[]>(queryKeys.categories) ?? null,
    results: null,
    resultsQuery: apiQuery(filters),
    origin: url.origin,
  }
}
