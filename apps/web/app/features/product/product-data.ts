import type { ProductDetail, ReviewsPage } from '@soko/contract/catalog'
import type { FlashSales } from '@soko/contract/flash-sales'
import { useQuery } from '@tanstack/react-query'
import type { AppLoadContext } from 'react-router'
import { ApiError, call } from '../../lib/api-client.ts'
import { type CartItem, cartItemOf } from '../../lib/cart-store.ts'
import { queryKeys, staleTimes } from '../../lib/query.ts'

export const fetchProduct = (slug: string, context?: AppLoadContext) =>
  call('GET /api/marketplace/api/products/:slug/', { params: { slug } }, { context })

/** Reviews shown per page on the full review list. */
export const REVIEWS_PER_PAGE = 10

export const fetchReviews = (slug: string, page: number, context?: AppLoadContext) =>
  call(
    'GET /api/marketplace/api/products/:slug/reviews/',
    { params: { slug }, query: { page, per_page: REVIEWS_PER_PAGE } },
    { context },
  )

/** A product that is not there: a 404, or a slug the API refuses as malformed (no product can have it). */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 400)

/** A missing product stays missing: retrying a 404 only delays the 'Product Not Found' screen. */
const retryUnlessMissing = (failures: number, error: unknown) => !isNotFound(error) && failures < 1

/** A product's detail owned by the query cache (fresh for 3 minutes), starting from what the route loaded, if anything. */
export function useProduct(slug: string, initialData: ProductDetail | null) {
  return useQuery({
    queryKey: queryKeys.product(slug),
    queryFn: () => fetchProduct(slug),
    initialData: initialData ?? undefined,
    staleTime: staleTimes.product,
    retry: retryUnlessMissing,
  })
}

export function useReviews(slug: string, page: number, initialData: ReviewsPage | null) {
  return useQuery({
    queryKey: queryKeys.reviews(slug, page),
    queryFn: () => fetchReviews(slug, page),
    initialData: initialData ?? undefined,
    staleTime: staleTimes.list,
    retry: retryUnlessMissing,
  })
}

/** A product's running flash sale, if any (decision 0024): read fresh, never from a cache. */
export const fetchFlashSale = (productId: number, context?: AppLoadContext) =>
  call('GET /api/marketplace/flash-sales/', { query: { product_id: productId } }, { context })

/** The product's flash sale in the browser, starting from what the route loaded (checked again every minute). */
export function useFlashSale(productId: number, initialData: FlashSales | null) {
  return useQuery({
    queryKey: ['flash-sale', productId] as const,
    queryFn: () => fetchFlashSale(productId),
    initialData: initialData ?? undefined,
    staleTime: 60_000,
  }).data
}

/** The product as shoppers buy it during its flash sale: the sale price is what it costs (the quote confirms it). */
export function withFlashSalePrice(product: ProductDetail, flashSales: FlashSales | undefined): ProductDetail {
  const sale = flashSales?.sales[0]
  if (!sale) return product
  return {
    ...product,
    discounted_price: sale.sale_price,
    effective_price: sale.sale_price,
    discount_percentage: Math.round((1 - sale.sale_price / product.price) * 100),
  }
}

/** The primary image, else the first, else none. */
export function primaryImage(product: ProductDetail) {
  return product.images.find((image) => image.is_primary) ?? product.images[0]
}

/** The cart line for a product (specification section 3's cart item). */
export function detailToCartItem(product: ProductDetail): Omit<CartItem, 'quantity'> {
  return cartItemOf(product, primaryImage(product)?.thumbnail, product.business.name)
}

/** Quantity on the product page: a whole number from 1 to the stock (specification section 5). */
export function clampQuantity(value: number, stockQty: number): number {
  const max = Math.max(1, stockQty)
  if (!Number.isFinite(value)) return 1
  return Math.min(max, Math.max(1, Math.floor(value)))
}

/** A description for search results and link previews: the product's own, cut at a word near 160 characters. */
export function summary(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`
}

/** schema.org Product structured data, with its offer in KES and its rating when it has reviews. */
export function productJsonLd(product: ProductDetail, origin: string) {
  const url = `${origin}/product/${product.slug}`
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: summary(product.description, 500),
    sku: String(product.id),
    url,
    image: product.images.map((image) => `${origin}${image.original}`),
    category: product.category.name,
    offers: {
      '@type': 'Offer',
      url,
      price: product.effective_price.toFixed(2),
      priceCurrency: 'KES',
      availability: product.is_in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: product.business.name },
    },
    ...(product.review_count > 0 && product.avg_rating !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.avg_rating,
            reviewCount: product.review_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  }
}

/** JSON for an inline <script>: `<` escaped so no text in the data can close the script element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
