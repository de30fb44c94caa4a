import { AdminProductsQuerySchema } from '@soko/contract/admin'
import { useSearchParams } from 'react-router'
import { adminListQuery, adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { ProductsScreen } from '../features/admin/products-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-products'

export function meta() {
  return [{ title: adminTitle('Products') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(
    request,
    call('GET /api/admin/products/', { query: adminListQuery(request, AdminProductsQuerySchema) }, { context }),
  )
}

export default function AdminProductsRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  return <ProductsScreen page={loaderData} search={search} />
}

export const ErrorBoundary = AdminRouteError
