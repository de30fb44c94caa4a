import type { CategoryDetail, VendorDetail } from '@soko/contract/catalog'
import type { QueryClient } from '@tanstack/react-query'
import { type AppLoadContext, data, Link } from 'react-router'
import { Breadcrumb } from '../../components/site/breadcrumb.tsx'
import { Stars } from '../../components/ui/stars.tsx'
import { ApiError, call } from '../../lib/api-client.ts'
import { queryKeys, staleTimes } from '../../lib/query.ts'
import { pageQuery, parseFilters } from './search-params.ts'

// The category page (/category/{slug}) and the vendor's store page (/vendor/{slug}): their record, their header, and
// the tags that make each page's title, description and canonical URL its own.

export const fetchCategoryDetail = (slug: string, context?: AppLoadContext) =>
  call('GET /api/marketplace/categories/:slug/', { params: { slug } }, { context })

export const fetchVendorDetail = (slug: string, context?: AppLoadContext) =>
  call('GET /api/marketplace/vendors/:slug/', { params: { slug } }, { context })

/** A missing record (404, or a malformed slug the API rejects) becomes the page's 404; anything else a 503. */
export async function requireRecord<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 })
    throw data(null, { status: 503 })
  }
}

/** In the browser: the cached record (categories 10 min; vendors as lists, 2 min), else fetched. */
export function ensureCategory(client: QueryClient, slug: string) {
  return requireRecord(() =>
    client.ensureQueryData({
      queryKey: queryKeys.category(slug),
      queryFn: () => fetchCategoryDetail(slug),
      staleTime: staleTimes.categories,
    }),
  )
}

export function ensureVendor(client: QueryClient, slug: string) {
  return requireRecord(() =>
    client.ensureQueryData({
      queryKey: queryKeys.vendor(slug),
      queryFn: () => fetchVendorDetail(slug),
      staleTime: staleTimes.list,
    }),
  )
}

const MAX_DESCRIPTION = 160

function clip(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  return clean.length <= MAX_DESCRIPTION ? clean : `${clean.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…`
}

export interface PageTags {
  title: string
  description: string
  /** Path and query of the canonical URL (filters in one order; no fast mode, tracking or page 1). */
  canonicalPath: string
  origin: string
  isIndexable?: boolean
}

/** Title, description, canonical URL and Open Graph tags of a listing page. */
export function listingMeta({ title, description, canonicalPath, origin, isIndexable = true }: PageTags) {
  const url = `${origin}${canonicalPath}`
  return [
    { title },
    { name: 'description', content: clip(description) },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Soko' },
    { property: 'og:title', content: title },
    { property: 'og:url', content: url },
    ...(isIndexable ? [] : [{ name: 'robots', content: 'noindex, follow' }]),
  ]
}

/** The canonical path of a listing: its path plus the filters it shows, with the path's own filter left out. */
export function canonicalPath(path: string, search: string, fixed: { category?: string; vendor?: string } = {}) {
  return `${path}${pageQuery(parseFilters(new URLSearchParams(search)), { fixed })}`
}

/** ' - Page 2' after the title of every page but the first. */
export function pageSuffix(search: string): string {
  const page = parseFilters(new URLSearchParams(search)).page
  return page > 1 ? ` - Page ${page}` : ''
}

const PRODUCTS = { to: '/products', label: 'Products' }

/** A category's heading, breadcrumb and subcategory chips. */
export function CategoryIntro({ category }: { category: CategoryDetail }) {
  const trail = category.breadcrumb.slice(0, -1)
  return (
    <header className="listing-intro">
      <Breadcrumb
        trail={[PRODUCTS, ...trail.map((crumb) => ({ to: `/category/${crumb.slug}`, label: crumb.name }))]}
        current={category.name}
      />
      <h1>{category.name}</h1>
      {category.description && <p>{category.description}</p>}
      {category.children.length > 0 && (
        <nav aria-label="Subcategories">
          <ul className="chips">
            {category.children.map((child) => (
              <li key={child.id}>
                <Link to={`/category/${child.slug}`} className="pill chip" prefetch="intent">
                  {child.name}
                  <span className="chip__count">&nbsp;({child.product_count})</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  )
}

/** A vendor's store header: name, 'Verified Seller', rating, type, county and town, description, product count. */
export function VendorIntro({ vendor }: { vendor: VendorDetail }) {
  return (
    <header className="card vendor-header">
      <Breadcrumb trail={[PRODUCTS]} current={vendor.name} />
      <div className="vendor-header__top">
        <h1 className="vendor-header__name">{vendor.name}</h1>
        {vendor.is_verified && (
          <span className="vendor-header__badge">
            <span aria-hidden="true">✔</span> Verified Seller
          </span>
        )}
      </div>
      <Stars rating={vendor.avg_rating} count={vendor.review_count} />
      <p className="vendor-header__facts">
        <span>{vendor.type}</span>
        <span>
          {vendor.town}, {vendor.county} County
        </span>
        <span>
          {vendor.product_count.toLocaleString('en-KE')} {vendor.product_count === 1 ? 'product' : 'products'}
        </span>
      </p>
      {vendor.description && <p className="vendor-header__description">{vendor.description}</p>}
    </header>
  )
}

/** The error page of a category or vendor page: a 404 names what is missing; anything else offers the way on. */
export function ListingErrorPage({
  isMissing,
  title,
  missing,
}: {
  isMissing: boolean
  title: string
  missing: string
}) {
  return (
    <section className="page page--centered" aria-labelledby="listing-error-title">
      {isMissing && <p className="page__eyebrow">404</p>}
      <h1 id="listing-error-title">{isMissing ? title : 'Something went wrong'}</h1>
      <p>{isMissing ? missing : 'Failed to load page data. Please try again.'}</p>
      <div className="page__actions">
        <Link to="/products" className="button">
          Browse All Products
        </Link>
        <Link to="/" className="button button--ghost">
          Go to the home page
        </Link>
      </div>
    </section>
  )
}
