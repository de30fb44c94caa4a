import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { DeliveryScreen } from '../features/admin/delivery-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-delivery'

export function meta() {
  return [{ title: adminTitle('Delivery') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return { delivery: await adminLoad(request, call('GET /api/admin/delivery/', {}, { context })) }
}

export default function AdminDeliveryRoute({ loaderData }: Route.ComponentProps) {
  return <DeliveryScreen delivery={loaderData.delivery} />
}

export const ErrorBoundary = AdminRouteError
