import { positiveInt } from '../features/vendor/portal-data.ts'
import { PortalRouteError } from '../features/vendor/portal-error.tsx'
import { portalTitle } from '../features/vendor/portal-shell.tsx'
import { ProductsScreen } from '../features/vendor/products-screen.tsx'
import { vendorLoad } from '../features/vendor/vendor-load.server.ts'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/vendor-portal-products'

const PER_PAGE = 20

export function meta() {
  return [{ title: portalTitle('Products') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams
  const q = (search.get('q') ?? '').trim().slice(0, 200)
  const page = positiveInt(search.get('page'), 1)
  const query = { q, page, per_page: PER_PAGE }
  return { q, page: await vendorLoad(request, call('GET /api/vendor/products/', { query }, { context })) }
}

export default function VendorPortalProducts({ loaderData }: Route.ComponentProps) {
  return <ProductsScreen page={loaderData.page} q={loaderData.q} />
}

export const ErrorBoundary = PortalRouteError
