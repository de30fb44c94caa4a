import { isSortBy, type SortBy } from '@soko/contract/search-options'
import { formatKes } from '../../lib/format.ts'

// The search screen's state lives in its URL (shareable, bookmarkable, rendered on the server). These helpers read
// it leniently (a mistyped value is dropped rather than failing the page) and write it back in one order.

/** Specification section 9: 24 products a page (and up to 5 page buttons: components/site/page-links.tsx). */
export const PAGE_SIZE = 24

export interface SearchFilters {
  q: string
  /** Category slug (or id). */
  category?: string
  /** Vendor id (or slug). */
  vendor?: string
  priceMin?: number
  priceMax?: number
  minRating?: number
  /** An option value of products with variants, as Name:Value (Size:M). */
  option?: string
  verifiedOnly: boolean
  inStockOnly: boolean
  sortBy: SortBy
  page: number
  /** Fast mode: answer from this browser's cache when it holds enough (specification section 9). */
  cacheFirst: boolean
}

export const EMPTY_FILTERS: SearchFilters = {
  q: '',
  verifiedOnly: false,
  inStockOnly: false,
  sortBy: 'relevance',
  page: 1,
  cacheFirst: false,
}

const REF = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const isTrue = (value: string | null) => value === 'true' || value === '1'

function amount(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined
  const number = Number(value)
  return Number.isFinite(number) && number >= 0 && number <= 10_000_000 ? number : undefined
}

const OPTION = /^[^:]{1,40}:[^:]{1,40}$/

function option(value: string | null): string | undefined {
  const text = value?.trim() ?? ''
  return OPTION.test(text) ? text : undefined
}

function ref(value: string | null): string | undefined {
  const text = value?.trim().toLowerCase() ?? ''
  return REF.test(text) && text.length <= 200 ? text : undefined
}

/** The filters a page URL asks for; anything unreadable is ignored. */
export function parseFilters(params: URLSearchParams): SearchFilters {
  let priceMin = amount(params.get('price_min'))
  let priceMax = amount(params.get('price_max'))
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax)
    [priceMin, priceMax] = [priceMax, priceMin]
  const rating = Number(params.get('min_rating'))
  const page = Number(params.get('page'))
  const sort = params.get('sort_by')
  return {
    // A NUL can only come from a crafted link, and the API refuses it: the words around it are still searched.
    q: (params.get('q') ?? '').replaceAll('\u0000', '').slice(0, 200),
    category: ref(params.get('category')),
    vendor: ref(params.get('vendor')),
    priceMin,
    priceMax,
    minRating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : undefined,
    option: option(params.get('option')),
    verifiedOnly: isTrue(params.get('verified_only')),
    inStockOnly: isTrue(params.get('in_stock_only')),
    sortBy: isSortBy(sort) ? sort : 'relevance',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    cacheFirst: isTrue(params.get('cache_first')),
  }
}

/** Filters other than the text and the sort order (they show Apply and Clear, and allow an empty search). */
export function hasActiveFilters(filters: SearchFilters): boolean {
  return (
    filters.category !== undefined ||
    filters.vendor !== undefined ||
    filters.priceMin !== undefined ||
    filters.priceMax !== undefined ||
    filters.minRating !== undefined ||
    filters.option !== undefined ||
    filters.verifiedOnly ||
    filters.inStockOnly
  )
}

/** How many filters are active, for the phone's 'Filters' button. */
export function countActiveFilters(filters: SearchFilters): number {
  return [
    filters.category,
    filters.vendor,
    filters.priceMin ?? filters.priceMax,
    filters.minRating,
    filters.option,
    filters.verifiedOnly || undefined,
    filters.inStockOnly || undefined,
  ].filter((value) => value !== undefined).length
}

type Fixed = Partial<Pick<SearchFilters, 'category' | 'vendor'>>

function entries(filters: SearchFilters, omit: Fixed = {}): [string, string][] {
  const list: [string, string | undefined][] = [
    ['q', filters.q.trim() || undefined],
    ['category', omit.category ? undefined : filters.category],
    ['vendor', omit.vendor ? undefined : filters.vendor],
    ['price_min', filters.priceMin?.toString()],
    ['price_max', filters.priceMax?.toString()],
    ['min_rating', filters.minRating?.toString()],
    ['option', filters.option],
    ['verified_only', filters.verifiedOnly ? 'true' : undefined],
    ['in_stock_only', filters.inStockOnly ? 'true' : undefined],
    ['sort_by', filters.sortBy === 'relevance' ? undefined : filters.sortBy],
    ['page', filters.page > 1 ? String(filters.page) : undefined],
  ]
  return list.filter((entry): entry is [string, string] => entry[1] !== undefined)
}

/**
 * A page URL's query (`?q=...`, or '' for none) in one fixed order, without what the path already says (the
 * category of /category/{slug}); `cacheFirst` adds fast mode, which canonical URLs leave out.
 */
export function pageQuery(filters: SearchFilters, options: { fixed?: Fixed; cacheFirst?: boolean } = {}): string {
  const list = entries(filters, options.fixed)
  if (options.cacheFirst && filters.cacheFirst) list.push(['cache_first', 'true'])
  const text = new URLSearchParams(list).toString()
  return text ? `?${text}` : ''
}

/** The search call's query (section 7): the filters, per_page=24, never cache_first (the browser handles that). */
export function apiParams(filters: SearchFilters): { q: string } & Record<string, string> {
  const params: { q: string } & Record<string, string> = { q: filters.q.trim() }
  for (const [key, value] of entries(filters)) if (key !== 'q') params[key] = value
  params.per_page = String(PAGE_SIZE)
  return params
}

/** The search call's query as text (`?q=...&per_page=24`): what its answers are kept under. */
export function apiQuery(filters: SearchFilters): string {
  return `?${new URLSearchParams(apiParams(filters)).toString()}`
}

/** The filters call: q empty, nothing else (the same request as the first page of /products, DESIGN D2). */
export const FILTERS_QUERY = apiQuery(EMPTY_FILTERS)

const kes = (value: number) => formatKes(value).replace(/^KSh /, '')

/** A price range's words: 'KSh 1,000 - 5,000', 'above KSh 50,000', 'under KSh 1,000'. */
export function priceWords(min: number | undefined, max: number | undefined | null): string | undefined {
  const hasMin = min !== undefined && min > 0
  const hasMax = max !== undefined && max !== null
  if (hasMin && hasMax) return `KSh ${kes(min)} - ${kes(max)}`
  if (hasMin) return `above KSh ${kes(min)}`
  if (hasMax) return `under KSh ${kes(max)}`
  return undefined
}

/** A price band's option label, in the site's currency format (DESIGN S3). */
export function priceRangeLabel(range: { min: number; max: number | null }): string {
  if (range.max === null) return `Over KSh ${kes(range.min)}`
  if (range.min <= 0) return `Under KSh ${kes(range.max)}`
  return `KSh ${kes(range.min)} - ${kes(range.max)}`
}

/**
 * The summary line of active filters (specification section 2): the quoted query, 'in {category}', the price,
 * '{n}+ stars', 'verified vendors', 'in stock'; 'All products' when there are none.
 */
export function filterSummary(filters: SearchFilters, names: { category?: string; vendor?: string } = {}): string {
  const parts: string[] = []
  const text = filters.q.trim()
  if (text) parts.push(`"${text}"`)
  if (filters.category) parts.push(`in ${names.category ?? filters.category}`)
  if (filters.vendor) parts.push(`from ${names.vendor ?? `vendor ${filters.vendor}`}`)
  const price = priceWords(filters.priceMin, filters.priceMax)
  if (price) parts.push(price)
  if (filters.minRating) parts.push(`${filters.minRating}+ stars`)
  if (filters.option) parts.push(filters.option.replace(':', ': '))
  if (filters.verifiedOnly) parts.push('verified vendors')
  if (filters.inStockOnly) parts.push('in stock')
  return parts.length > 0 ? parts.join(' · ') : 'All products'
}

/** '{n} result(s)'. */
export function resultCount(total: number): string {
  return `${total.toLocaleString('en-KE')} ${total === 1 ? 'result' : 'results'}`
}
