import { canonicalPath, listingMeta, pageSuffix } from '../features/search/listing-pages.tsx'
import { loadListing, loadListingInBrowser } from '../features/search/search-data.ts'
import { SearchPage } from '../features/search/search-page.tsx'
import { getQueryClient } from '../lib/query.ts'
import type { Route } from './+types/products'
import { renderProducts } from './search.tsx'

// /products: every product, filtered by ?category={slug} or ?vendor={id} (specification route table). The same
// search call with q empty, which also answers the filter panel (DESIGN D2).

export function loader({ request, context }: Route.LoaderArgs) {
  return loadListing(request, context)
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadListingInBrowser(getQueryClient(), request)
}

export function meta({ location, loaderData }: Route.MetaArgs) {
  return listingMeta({
    title: `All Products${pageSuffix(location.search)} | Soko`,
    description:
      'Browse every product on Soko: phones, fashion, home goods, groceries and more from trusted Kenyan vendors. Pay with M-Pesa or card.',
    canonicalPath: canonicalPath('/products', location.search),
    origin: loaderData?.origin ?? '',
  })
}

export default function Products({ loaderData }: Route.ComponentProps) {
  return <SearchPage data={loaderData} title="All Products" renderProducts={renderProducts} />
}
