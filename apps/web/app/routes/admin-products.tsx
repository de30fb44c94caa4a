import { type AdminProductsPage, AdminProductsQuerySchema } from '@soko/contract/admin'
import { useSearchParams } from 'react-router'
import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { apiPath, listQuery } from '../features/admin/list-query.ts'
import { ProductsScreen } from '../features/admin/products-screen.tsx'
import type { Route } from './+types/admin-products'

export function meta() {
  return [{ title: adminTitle('Products') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = listQuery(AdminProductsQuerySchema, new URL(request.url).searchParams)
  return adminLoad<AdminProductsPage>(request, context, apiPath('/api/admin/products/', query))
}

export default function AdminProductsRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  return <ProductsScreen page={loaderData} search={search} />
}

export const ErrorBoundary = AdminRouteError
