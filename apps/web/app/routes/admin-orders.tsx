import { AdminOrdersQuerySchema } from '@soko/contract/admin'
import { useSearchParams } from 'react-router'
import { adminListQuery, adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { OrdersScreen } from '../features/admin/orders-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-orders'

export function meta() {
  return [{ title: adminTitle('Orders') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(
    request,
    call('GET /api/admin/orders/', { query: adminListQuery(request, AdminOrdersQuerySchema) }, { context }),
  )
}

export default function AdminOrdersRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  return <OrdersScreen page={loaderData} search={search} />
}

export const ErrorBoundary = AdminRouteError
