import type { ProductListing, Vendor } from '@soko/contract/catalog'
import type { SortBy } from '@soko/contract/search'
import { type ReactNode, useId } from 'react'
import { Link } from 'react-router'
import { ShopCards } from '../../components/site/shop-card.tsx'
import { ProductCardSkeleton } from '../../components/ui/skeleton.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { SortSelect } from './filter-fields.tsx'
import type { SearchResult } from './search-data.ts'
import { PAGE_SIZE, resultCount } from './search-params.ts'

export type Heading = 'h1' | 'h2'

export interface ResultsHeaderProps {
  title: string
  as: Heading
  titleId: string
  /** '{n} result(s)', or nothing while loading. */
  total: number | undefined
  summary: string
  sortBy: SortBy
  onSort: (sortBy: SortBy) => void
}

/** Title, '{n} result(s)', the summary of active filters and the sort dropdown (specification section 2). */
export function ResultsHeader({ title, as: Title, titleId, total, summary, sortBy, onSort }: ResultsHeaderProps) {
  const id = useId()
  return (
    <div className="results-header">
      <div className="results-header__text">
        <Title id={titleId} className="results-header__title">
          {title}
        </Title>
        <p className="results-header__count" aria-live="polite">
          {total === undefined ? '\u00a0' : resultCount(total)}
        </p>
        <p className="results-header__summary">{summary}</p>
      </div>
      <div className="results-header__sort">
        <label htmlFor={`${id}-sort`}>Sort</label>
        <SortSelect id={`${id}-sort`} value={sortBy} onSort={onSort} />
      </div>
    </div>
  )
}

/** Specification section 9: 24 skeleton cards while the results load. */
export function ResultsSkeleton() {
  return (
    <div className="product-grid">
      {Array.from({ length: PAGE_SIZE }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <ProductCardSkeleton key={i} label={i === 0 ? 'Loading search results' : undefined} />
      ))}
    </div>
  )
}

/** Blue 'Fast Search' banner: these results come from this browser's cache, not from the search call. */
export function FastSearchBanner({
  source,
  onFullSearch,
}: {
  source: SearchResult['source']
  onFullSearch: () => void
}) {
  return (
    <div className="fast-banner" role="status">
      <p>
        <strong>Fast Search</strong>{' '}
        {source === 'fallback'
          ? 'Search is unavailable right now, so these are matches saved on this device. Some products may be missing.'
          : 'Showing matches saved on this device from your earlier browsing. Some products may be missing.'}
      </p>
      <button type="button" className="button fast-banner__button" onClick={onFullSearch}>
        Search with Full API
      </button>
    </div>
  )
}

/** 'Matching Vendors': shops whose name matches the text, linking to their store pages. */
export function MatchingVendors({ vendors }: { vendors: Vendor[] }) {
  return (
    <section className="matching-vendors" aria-labelledby="matching-vendors-title">
      <h2 id="matching-vendors-title" className="results-section-title">
        Matching Vendors
      </h2>
      <ShopCards
        shops={vendors}
        details={(vendor) =>
          `${vendor.type} · ${vendor.town}, ${vendor.county} · ${vendor.product_count} ${vendor.product_count === 1 ? 'product' : 'products'}`
        }
      />
    </section>
  )
}

/** 'No products found' (specification section 2). */
export function NoResults() {
  return (
    <div className="results-state">
      <h2 className="results-state__title">No products found</h2>
      <p>Try adjusting your search or filters</p>
      <Link to="/products" className="button">
        View All Products
      </Link>
    </div>
  )
}

/** 'Search Unavailable' (specification sections 2 and 8). */
export function SearchUnavailable({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <div className="results-state" role="alert">
      <h2 className="results-state__title">Search Unavailable</h2>
      <p>Search service temporarily unavailable</p>
      <div className="results-state__actions">
        <button type="button" className="button" onClick={onRetry} disabled={isRetrying} aria-busy={isRetrying}>
          {isRetrying && <Spinner size="sm" />}
          Try Again
        </button>
        <Link to="/products" className="button button--ghost">
          Browse All Products
        </Link>
      </div>
    </div>
  )
}

/** The grid, dimmed under a spinner while results for new filters load over the old ones. */
export function ResultsBody({ isReloading, children }: { isReloading: boolean; children: ReactNode }) {
  return (
    <div className="results-body" aria-busy={isReloading}>
      {children}
      {isReloading && (
        <div className="results-body__overlay">
          <Spinner label="Updating results" />
        </div>
      )}
    </div>
  )
}

export type RenderProducts = (products: ProductListing[]) => ReactNode
