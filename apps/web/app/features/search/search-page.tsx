import type { SearchFacets } from '@soko/contract/search'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, Suspense, useEffect, useId, useState } from 'react'
import { Await, useLocation, useNavigate } from 'react-router'
import { PageLinks } from '../../components/site/page-links.tsx'
import { SearchBar } from './search-bar.tsx'
import { type ListingData, type Loaded, type SearchResult, useFilterOptions, useSearchResults } from './search-data.ts'
import { apiQuery, filterSummary, pageQuery, parseFilters, type SearchFilters } from './search-params.ts'
import {
  FastSearchBanner,
  type Heading,
  MatchingVendors,
  NoResults,
  type RenderProducts,
  ResultsBody,
  ResultsHeader,
  ResultsSkeleton,
  SearchUnavailable,
} from './search-results.tsx'
import './search.css'

type Fixed = { category?: string; vendor?: string }

export interface SearchPageProps {
  data: ListingData
  /** 'Search Results', 'All Products', or the category's or vendor's products. */
  title: string
  titleAs?: Heading
  /** What the path fixes: /category/{slug}, /vendor/{slug}. */
  fixed?: Fixed
  /** Names for the summary line ('in {category}'). */
  names?: { category?: string; vendor?: string }
  /** Product cards (the catalogue's), composed by the route. */
  renderProducts: RenderProducts
  /** Shown above the search bar (a category's or vendor's header). */
  intro?: ReactNode
}

/**
 * The search results screen (specification section 2), also behind /products, /category/{slug} and /vendor/{slug}:
 * every filter is in the URL; the results stream from the server's render, then the query cache owns them.
 */
export function SearchPage({
  data,
  title,
  titleAs = 'h1',
  fixed = {},
  names = {},
  renderProducts,
  intro,
}: SearchPageProps) {
  const location = useLocation()
  const navigate = useNavigate()
  const filters: SearchFilters = { ...parseFilters(new URLSearchParams(location.search)), ...fixed }
  const options = useFilterOptions(data.filters, data.fallbackCategories)
  const [facets, setFacets] = useState<SearchFacets | null>(null)

  const categoryName =
    names.category ??
    options.categories.find((c) => c.slug === filters.category || String(c.id) === filters.category)?.name
  const vendorName = names.vendor ?? options.vendors.find((v) => String(v.id) === filters.vendor)?.name
  const summary = filterSummary(filters, { category: categoryName, vendor: vendorName })

  /** Text searches go to /search (carrying what the path fixed); filters stay on this page. */
  const go = (next: SearchFilters) => {
    const isTextSearch =
      next.q.trim() !== '' && location.pathname !== '/search' && location.pathname !== '/products/search'
    const path = isTextSearch ? '/search' : location.pathname
    navigate(`${path}${pageQuery(next, { fixed: isTextSearch ? {} : fixed, cacheFirst: true })}`)
  }
  const href = (next: SearchFilters) => `${location.pathname}${pageQuery(next, { fixed, cacheFirst: true })}`

  return (
    <div className="search-page">
      {intro}
      <SearchBar filters={filters} options={options} facets={facets} fixed={fixed} onApply={go} />
      <Suspense
        fallback={
          <ResultsFrame title={title} titleAs={titleAs} filters={filters} summary={summary} total={undefined}>
            <ResultsSkeleton />
          </ResultsFrame>
        }
      >
        <Await resolve={data.results}>
          {(initial) => (
            <Results
              initial={initial}
              initialQuery={data.resultsQuery}
              filters={filters}
              title={title}
              titleAs={titleAs}
              summary={summary}
              renderProducts={renderProducts}
              onFacets={setFacets}
              go={go}
              href={href}
            />
          )}
        </Await>
      </Suspense>
    </div>
  )
}

interface FrameProps {
  title: string
  titleAs: Heading
  filters: SearchFilters
  summary: string
  total: number | undefined
  /** Absent while the page's results have not arrived (the server's streamed render). */
  onSort?: (sortBy: SearchFilters['sortBy']) => void
  children: ReactNode
}

function ResultsFrame({ title, titleAs, filters, summary, total, onSort, children }: FrameProps) {
  const titleId = useId()
  return (
    <section className="search-results" aria-labelledby={titleId}>
      <ResultsHeader
        title={title}
        as={titleAs}
        titleId={titleId}
        total={total}
        summary={summary}
        sortBy={filters.sortBy}
        onSort={onSort ?? (() => {})}
      />
      {children}
    </section>
  )
}

interface ResultsProps {
  initial: Loaded<SearchResult> | null
  initialQuery: string
  filters: SearchFilters
  title: string
  titleAs: Heading
  summary: string
  renderProducts: RenderProducts
  onFacets: (facets: SearchFacets | null) => void
  go: (filters: SearchFilters) => void
  href: (filters: SearchFilters) => string
}

function Results({
  initial,
  initialQuery,
  filters,
  title,
  titleAs,
  summary,
  renderProducts,
  onFacets,
  go,
  href,
}: ResultsProps) {
  const client = useQueryClient()
  const isInitialQuery = initialQuery === apiQuery(filters)
  // The server's render failed: show that (as the server did) until the shopper asks to try again.
  const [hasRetried, setRetried] = useState(false)
  const hasServerError = isInitialQuery && initial?.ok === false && !hasRetried
  const state = useSearchResults(client, filters, isInitialQuery ? initial : null, !hasServerError)
  const result = state.result

  useEffect(() => onFacets(result?.facets ?? null), [result, onFacets])

  const onSort = (sortBy: SearchFilters['sortBy']) => go({ ...filters, sortBy, page: 1 })
  const frame = (total: number | undefined, children: ReactNode) => (
    <ResultsFrame title={title} titleAs={titleAs} filters={filters} summary={summary} total={total} onSort={onSort}>
      {children}
    </ResultsFrame>
  )

  if (hasServerError || (state.error && !state.isReloading)) {
    return frame(
      undefined,
      <SearchUnavailable
        isRetrying={state.isFetching}
        onRetry={() => {
          setRetried(true)
          if (!hasServerError) state.retry()
        }}
      />,
    )
  }
  if (!result) return frame(undefined, <ResultsSkeleton />)

  const fullSearch = () => (filters.cacheFirst ? go({ ...filters, cacheFirst: false }) : state.retry())
  const showVendors = filters.q.trim() !== '' && result.vendors.length > 0
  return frame(
    result.total_products,
    <>
      {result.source !== 'api' && <FastSearchBanner source={result.source} onFullSearch={fullSearch} />}
      {showVendors && <MatchingVendors vendors={result.vendors} />}
      <ResultsBody isReloading={state.isReloading}>
        {/* The cards' names are level 3: the list has its heading, for those who move by headings. */}
        {result.products.length > 0 && <h2 className="visually-hidden">Products</h2>}
        {result.products.length > 0 ? renderProducts(result.products) : <NoResults />}
      </ResultsBody>
      <PageLinks
        page={result.page}
        totalPages={result.total_pages}
        href={(page) => href({ ...filters, page })}
        label="Pagination"
      />
    </>,
  )
}
