import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { OrderDetailScreen } from '../features/admin/order-detail.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-order'

export function meta({ data }: Route.MetaArgs) {
  return [{ title: adminTitle(data ? `Order ${data.order_number}` : 'Order') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!/^[1-9]\d{0,8}$/.test(params.id)) throw new Response('No such order', { status: 404 })
  return adminLoad(request, call('GET /api/admin/orders/:id/', { params: { id: params.id } }, { context }))
}

export default function AdminOrderRoute({ loaderData }: Route.ComponentProps) {
  return <OrderDetailScreen order={loaderData} />
}

export const ErrorBoundary = AdminRouteError
