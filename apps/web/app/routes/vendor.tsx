import { isRouteErrorResponse } from 'react-router'
import {
  canonicalPath,
  ensureVendor,
  fetchVendorDetail,
  ListingErrorPage,
  listingMeta,
  pageSuffix,
  requireRecord,
  VendorIntro,
} from '../features/search/listing-pages.tsx'
import { loadListing, loadListingInBrowser } from '../features/search/search-data.ts'
import { SearchPage } from '../features/search/search-page.tsx'
import { getQueryClient } from '../lib/query.ts'
import type { Route } from './+types/vendor'
import { renderProducts } from './search.tsx'
import '../features/search/search.css'

// /vendor/{slug}: a vendor's store page. The vendor is awaited (its name is the title, an unknown one answers 404,
// and its id is what the search call filters on), then its products through the search call with vendor={id}.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const vendor = await requireRecord(() => fetchVendorDetail(params.slug, context))
  return { ...(await loadListing(request, context, { vendor: String(vendor.id) })), vendor }
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const client = getQueryClient()
  const vendor = await ensureVendor(client, params.slug)
  return { ...loadListingInBrowser(client, request, { vendor: String(vendor.id) }), vendor }
}

export function meta({ location, loaderData, error }: Route.MetaArgs) {
  if (!loaderData) {
    const isMissing = isRouteErrorResponse(error) && error.status === 404
    return [
      { title: isMissing ? 'Vendor Not Found | Soko' : 'Something went wrong | Soko' },
      { name: 'robots', content: 'noindex' },
    ]
  }
  const { vendor } = loaderData
  return listingMeta({
    title: `${vendor.name}${pageSuffix(location.search)}: shop on Soko`,
    description: `${vendor.name}, ${vendor.type.toLowerCase()} in ${vendor.town}, ${vendor.county}: ${vendor.product_count} products on Soko. ${vendor.description}`,
    canonicalPath: canonicalPath(`/vendor/${vendor.slug}`, location.search, { vendor: String(vendor.id) }),
    origin: loaderData.origin,
  })
}

export default function VendorRoute({ loaderData }: Route.ComponentProps) {
  const { vendor } = loaderData
  return (
    <SearchPage
      data={loaderData}
      title={`Products from ${vendor.name}`}
      titleAs="h2"
      fixed={{ vendor: String(vendor.id) }}
      names={{ vendor: vendor.name }}
      intro={<VendorIntro vendor={vendor} />}
      renderProducts={renderProducts}
    />
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ListingErrorPage
      isMissing={isRouteErrorResponse(error) && error.status === 404}
      title="Vendor Not Found"
      missing="Sorry, the shop you're looking for doesn't exist or has closed."
    />
  )
}
