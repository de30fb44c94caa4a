import { type AdminProductsPage, AdminProductsQuerySchema } from '@soko/contract/admin'
import { useSearchParams } from 'react-router'
import { adminListLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { ProductsScreen } from '../features/admin/products-screen.tsx'
import type { Route } from './+types/admin-products'

export function meta() {
  return [{ title: adminTitle('Products') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminListLoad<AdminProductsPage>(request, context, AdminProductsQuerySchema, '/api/admin/products/')
}

export default function AdminProductsRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  return <ProductsScreen page={loaderData} search={search} />
}

export const ErrorBoundary = AdminRouteError
