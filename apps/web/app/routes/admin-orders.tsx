import { type AdminOrdersPage, AdminOrdersQuerySchema } from '@soko/contract/admin'
import { useSearchParams } from 'react-router'
import { adminListLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { OrdersScreen } from '../features/admin/orders-screen.tsx'
import type { Route } from './+types/admin-orders'

export function meta() {
  return [{ title: adminTitle('Orders') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminListLoad<AdminOrdersPage>(request, context, AdminOrdersQuerySchema, '/api/admin/orders/')
}

export default function AdminOrdersRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  return <OrdersScreen page={loaderData} search={search} />
}

export const ErrorBoundary = AdminRouteError
