import { OrdersScreen } from '../features/vendor/orders-screen.tsx'
import { PortalRouteError } from '../features/vendor/portal-error.tsx'
import { portalTitle } from '../features/vendor/portal-shell.tsx'
import { vendorLoad } from '../features/vendor/vendor-load.server.ts'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/vendor-portal-orders'

export function meta() {
  return [{ title: portalTitle('Orders') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [orders, returns] = await Promise.all([
    vendorLoad(request, call('GET /api/vendor/orders/', {}, { context })),
    vendorLoad(request, call('GET /api/vendor/returns/', {}, { context })),
  ])
  return { orders, returns }
}

export default function VendorPortalOrders({ loaderData }: Route.ComponentProps) {
  return <OrdersScreen orders={loaderData.orders} returns={loaderData.returns} />
}

export const ErrorBoundary = PortalRouteError
