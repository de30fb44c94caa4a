import { isRouteErrorResponse } from 'react-router'
import {
  CategoryIntro,
  canonicalPath,
  ensureCategory,
  fetchCategoryDetail,
  ListingErrorPage,
  listingMeta,
  pageSuffix,
  requireRecord,
} from '../features/search/listing-pages.tsx'
import { loadListing, loadListingInBrowser } from '../features/search/search-data.ts'
import { SearchPage } from '../features/search/search-page.tsx'
import { getQueryClient } from '../lib/query.ts'
import type { Route } from './+types/category'
import { renderProducts } from './search.tsx'
import '../features/search/search.css'

// /category/{slug}: the category (awaited: its name is the page's title, and an unknown one answers 404) and its
// products through the search call, with the same filters, sort and pages as search.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const [category, listing] = await Promise.all([
    requireRecord(() => fetchCategoryDetail(params.slug, context)),
    loadListing(request, context, { category: params.slug }),
  ])
  return { ...listing, category }
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const client = getQueryClient()
  const category = await ensureCategory(client, params.slug)
  return { ...loadListingInBrowser(client, request, { category: params.slug }), category }
}

export function meta({ location, loaderData, error }: Route.MetaArgs) {
  if (!loaderData) {
    const isMissing = isRouteErrorResponse(error) && error.status === 404
    return [
      { title: isMissing ? 'Category Not Found | Soko' : 'Something went wrong | Soko' },
      { name: 'robots', content: 'noindex' },
    ]
  }
  const { category } = loaderData
  return listingMeta({
    title: `${category.name}${pageSuffix(location.search)} | Soko`,
    description:
      category.description ||
      `Shop ${category.product_count.toLocaleString('en-KE')} ${category.name} products from trusted Kenyan vendors on Soko. Compare prices and pay with M-Pesa or card.`,
    canonicalPath: canonicalPath(`/category/${category.slug}`, location.search, { category: category.slug }),
    origin: loaderData.origin,
  })
}

export default function CategoryRoute({ loaderData, params }: Route.ComponentProps) {
  const { category } = loaderData
  return (
    <SearchPage
      data={loaderData}
      title={`${category.name} products`}
      titleAs="h2"
      fixed={{ category: params.slug }}
      names={{ category: category.name }}
      intro={<CategoryIntro category={category} />}
      renderProducts={renderProducts}
    />
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ListingErrorPage
      isMissing={isRouteErrorResponse(error) && error.status === 404}
      title="Category Not Found"
      missing="Sorry, the category you're looking for doesn't exist or has been removed."
    />
  )
}
