import type { ProductDetail as Product } from '@soko/contract/catalog'
import type { FlashSales } from '@soko/contract/flash-sales'
import { useQueryClient } from '@tanstack/react-query'
import { data, isRouteErrorResponse, useRevalidator } from 'react-router'
import {
  fetchFlashSale,
  fetchProduct,
  isNotFound,
  useFlashSale,
  useProduct,
  withFlashSalePrice,
} from '../features/product/product-data.ts'
import { ProductDetail } from '../features/product/product-detail.tsx'
import { ProductSeo } from '../features/product/product-seo.tsx'
import { ProductLoadFailed, ProductLoading, ProductNotFound, ProductPage } from '../features/product/product-states.tsx'
import { PurchaseBar } from '../features/product/purchase-bar.tsx'
import { getQueryClient, queryKeys } from '../lib/query.ts'
import type { Route } from './+types/product'
import '../features/product/product.css'

// Server rendering waits for the product: crawlers and link previews get its title, tags and structured data, and a
// missing product answers a real 404.
export async function loader({ params, context }: Route.LoaderArgs) {
  const origin = context.siteOrigin
  try {
    const product = await fetchProduct(params.slug, context)
    // A flash sale that cannot be read leaves the normal price: the quote has the last word anyway.
    const flashSales = await fetchFlashSale(product.id, context).catch(() => null)
    return { product: product as Product | null, flashSales, origin }
  } catch (error) {
    if (isNotFound(error)) throw data(null, { status: 404 })
    throw data(null, { status: 503 })
  }
}

// In the browser the page shows at once: from the query cache, or with 'Loading product details...' while it fetches.
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  const client = getQueryClient()
  const key = queryKeys.product(params.slug)
  const product = client.getQueryData<Product>(key) ?? null
  if (!product) void client.prefetchQuery({ queryKey: key, queryFn: () => fetchProduct(params.slug) })
  return { product, flashSales: null, origin: window.location.origin }
}

export default function ProductRoute({ loaderData, params }: Route.ComponentProps) {
  const { data: product, error, refetch, isFetching } = useProduct(params.slug, loaderData.product)
  if (product) {
    return <ProductFound product={product} initialSales={loaderData.flashSales} origin={loaderData.origin} />
  }
  if (error) {
    return (
      <ProductPage>
        {isNotFound(error) ? (
          <ProductNotFound />
        ) : (
          <ProductLoadFailed onRetry={() => void refetch()} isRetrying={isFetching} />
        )}
      </ProductPage>
    )
  }
  return (
    <ProductPage>
      <ProductLoading />
    </ProductPage>
  )
}

/** A missing product (404) or one the server could not load, on the first, server-rendered page. */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const revalidator = useRevalidator()
  const queryClient = useQueryClient()
  const isMissing = isRouteErrorResponse(error) && error.status === 404
  return (
    <ProductPage>
      {isMissing ? (
        <ProductNotFound />
      ) : (
        <ProductLoadFailed
          isRetrying={revalidator.state === 'loading'}
          onRetry={() => {
            void queryClient.resetQueries({ queryKey: queryKeys.product(params.slug ?? '') })
            void revalidator.revalidate()
          }}
        />
      )}
    </ProductPage>
  )
}

/** The product with its running flash sale, if any: the sale price shown and put in the cart, the time left. */
function ProductFound({
  product,
  initialSales,
  origin,
}: {
  product: Product
  initialSales: FlashSales | null
  origin: string
}) {
  const flashSales = useFlashSale(product.id, initialSales)
  const shown = withFlashSalePrice(product, flashSales)
  const url = `${origin}/product/${product.slug}`
  return (
    <ProductPage share={{ title: product.name, url }}>
      <ProductSeo product={product} origin={origin} />
      {/* Keyed by product: a new product starts at its first picture, quantity 1, description folded. */}
      <ProductDetail key={product.id} product={shown} flashSales={flashSales} />
      <PurchaseBar key={`bar-${product.id}`} product={shown} />
    </ProductPage>
  )
}
