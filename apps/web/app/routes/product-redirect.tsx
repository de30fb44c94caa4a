import { redirect } from 'react-router'
import type { Route } from './+types/product-redirect'

// Links in the wild use /products/{slug} (specification section 2); the product page lives at /product/{slug}.
// A permanent redirect keeps one canonical address for shoppers and crawlers alike.
export function loader({ params, request }: Route.LoaderArgs) {
  const { search } = new URL(request.url)
  return redirect(`/product/${encodeURIComponent(params.slug)}${search}`, 301)
}
