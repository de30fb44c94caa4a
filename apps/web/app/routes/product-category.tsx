import { data, Link } from 'react-router'
import { CategoryIndex } from '../features/catalog/category-index.tsx'
import { fetchCategories } from '../features/home/home-data.ts'
import { listingMeta } from '../features/search/listing-pages.tsx'
import { getQueryClient, queryKeys, staleTimes } from '../lib/query.ts'
import type { Route } from './+types/product-category'
import '../features/catalog/category-index.css'

// /product-category (specification route table): the category index. Rendered on the server (indexable, whole on
// the first paint); in the browser the categories come from the query cache the home page fills (10 minutes).

export async function loader({ request, context }: Route.LoaderArgs) {
  const categories = await fetchCategories(context).catch(() => {
    throw data(null, { status: 503 })
  })
  return { categories, origin: new URL(request.url).origin }
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const categories = await getQueryClient()
    .ensureQueryData({
      queryKey: queryKeys.categories,
      queryFn: () => fetchCategories(),
      staleTime: staleTimes.categories,
    })
    .catch(() => {
      throw data(null, { status: 503 })
    })
  return { categories, origin: new URL(request.url).origin }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Something went wrong | Soko' }, { name: 'robots', content: 'noindex' }]
  const topLevel = loaderData.categories.filter((category) => category.parent_id === null)
  const names = topLevel
    .slice(0, 4)
    .map((category) => category.name)
    .join(', ')
  return listingMeta({
    title: 'All Categories | Soko',
    description: `Browse every category on Soko${names ? `: ${names} and more` : ''}. Shop from trusted Kenyan vendors and pay with M-Pesa or card.`,
    canonicalPath: '/product-category',
    origin: loaderData.origin,
  })
}

export default function ProductCategoryRoute({ loaderData }: Route.ComponentProps) {
  return <CategoryIndex categories={loaderData.categories} />
}

export function ErrorBoundary() {
  return (
    <section className="page page--centered" aria-labelledby="category-index-error">
      <h1 id="category-index-error">Failed to load categories</h1>
      <p>Failed to load page data. Please try again.</p>
      <div className="page__actions">
        <a href="/product-category" className="button">
          Try Again
        </a>
        <Link to="/products" className="button button--ghost">
          Browse All Products
        </Link>
      </div>
    </section>
  )
}
