import { type AdminOrdersPage, AdminOrdersQuerySchema } from '@soko/contract/admin'
import { useSearchParams } from 'react-router'
import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { apiPath, listQuery } from '../features/admin/list-query.ts'
import { OrdersScreen } from '../features/admin/orders-screen.tsx'
import type { Route } from './+types/admin-orders'

export function meta() {
  return [{ title: adminTitle('Orders') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = listQuery(AdminOrdersQuerySchema, new URL(request.url).searchParams)
  return adminLoad<AdminOrdersPage>(request, context, apiPath('/api/admin/orders/', query))
}

export default function AdminOrdersRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  return <OrdersScreen page={loaderData} search={search} />
}

export const ErrorBoundary = AdminRouteError
