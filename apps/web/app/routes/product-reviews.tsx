import type { ProductDetail as Product, ReviewsPage } from '@soko/contract/catalog'
import { data, isRouteErrorResponse, Link, useRevalidator } from 'react-router'
import { PageLinks } from '../components/site/page-links.tsx'
import { Stars } from '../components/ui/stars.tsx'
import { fetchProduct, fetchReviews, isNotFound, useReviews } from '../features/product/product-data.ts'
import { NoReviews, ReviewItem } from '../features/product/product-detail.tsx'
import { ProductNotFound, ProductPage } from '../features/product/product-states.tsx'
import type { Route } from './+types/product-reviews'
import '../features/product/product.css'

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const requested = Number(new URL(request.url).searchParams.get('page') ?? '1')
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1
  try {
    const [product, reviews] = await Promise.all([
      fetchProduct(params.slug, context),
      fetchReviews(params.slug, page, context),
    ])
    return { product: product as Product, reviews: reviews as ReviewsPage, page }
  } catch (error) {
    throw data(null, { status: isNotFound(error) ? 404 : 503 })
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Customer Reviews | Soko' }]
  const { product, page } = loaderData
  return [
    { title: `Customer Reviews: ${product.name}${page > 1 ? ` (page ${page})` : ''} | Soko` },
    {
      name: 'description',
      content: `${product.review_count} customer review${product.review_count === 1 ? '' : 's'} of ${product.name} on Soko.`,
    },
  ]
}

export default function ProductReviews({ loaderData, params }: Route.ComponentProps) {
  const { product, page } = loaderData
  const { data: reviews } = useReviews(params.slug, page, loaderData.reviews)
  const totalPages = reviews?.total_pages ?? 1
  const pageHref = (n: number) => `/product/${product.slug}/reviews${n > 1 ? `?page=${n}` : ''}`
  return (
    <ProductPage>
      <div className="pd-reviews-page">
        <div className="card pd-card">
          <p className="pd-reviews-page__product">
            <Link to={`/product/${product.slug}`}>{product.name}</Link>
          </p>
          <h1 id="reviews-title" className="pd-reviews-page__title">
            Customer Reviews
          </h1>
          <p className="pd-reviews-page__summary">
            {product.avg_rating !== null && <Stars rating={product.avg_rating} />}
            <span>
              {product.avg_rating !== null ? `${product.avg_rating.toFixed(1)} out of 5 · ` : ''}
              {product.review_count} review{product.review_count === 1 ? '' : 's'}
            </span>
          </p>
        </div>
        {reviews && reviews.results.length > 0 ? (
          <ul className="card pd-reviews pd-card" aria-labelledby="reviews-title">
            {reviews.results.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
        ) : (
          <NoReviews isCard />
        )}
        <PageLinks page={page} totalPages={totalPages} href={pageHref} label="Review pages" />
      </div>
    </ProductPage>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const revalidator = useRevalidator()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ProductPage>
        <ProductNotFound />
      </ProductPage>
    )
  }
  return (
    <ProductPage>
      <div className="pd-state" role="alert">
        <h1 className="pd-state__title">Failed to load page data. Please try again.</h1>
        <button type="button" className="button" onClick={() => void revalidator.revalidate()}>
          Try Again
        </button>
      </div>
    </ProductPage>
  )
}
