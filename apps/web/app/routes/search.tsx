import type { ProductListing } from '@soko/contract/catalog'
import { ProductCard, ProductGrid } from '../features/catalog/product-card.tsx'
import { canonicalPath, listingMeta, pageSuffix } from '../features/search/listing-pages.tsx'
import { loadListing, loadListingInBrowser } from '../features/search/search-data.ts'
import { SearchPage } from '../features/search/search-page.tsx'
import { parseFilters } from '../features/search/search-params.ts'
import { getQueryClient } from '../lib/query.ts'
import type { Route } from './+types/search'

// /search and /products/search: the search results screen (specification section 2).

export function loader({ request, context }: Route.LoaderArgs) {
  return loadListing(request, context)
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadListingInBrowser(getQueryClient(), request)
}

export function meta({ location, loaderData }: Route.MetaArgs) {
  const text = parseFilters(new URLSearchParams(location.search)).q.trim()
  return listingMeta({
    title: `${text ? `Search Results for "${text}"` : 'Search Results'}${pageSuffix(location.search)} | Soko`,
    description: text
      ? `Shop ${text} from trusted Kenyan vendors on Soko: compare prices, ratings and stock, and pay with M-Pesa or card.`
      : 'Search thousands of products from trusted Kenyan vendors on Soko, by category, price, rating and vendor.',
    canonicalPath: canonicalPath('/search', location.search),
    origin: loaderData?.origin ?? '',
    // A search for words shoppers type ("sufuria", "kitenge dress") is a landing page worth indexing, under its
    // canonical URL (filters in one order, no fast mode or tracking); a page with no words is /products again.
    isIndexable: text !== '',
  })
}

export function renderProducts(products: ProductListing[]) {
  return (
    <ProductGrid>
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} eager={index < 4} priority={index < 2} />
      ))}
    </ProductGrid>
  )
}

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchPage data={loaderData} title="Search Results" renderProducts={renderProducts} />
}
