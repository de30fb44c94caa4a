import { PayoutsScreen } from '../features/vendor/payouts-screen.tsx'
import { PortalRouteError } from '../features/vendor/portal-error.tsx'
import { portalTitle } from '../features/vendor/portal-shell.tsx'
import { vendorLoad } from '../features/vendor/vendor-load.server.ts'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/vendor-portal-payouts'

export function meta() {
  return [{ title: portalTitle('Payouts') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return vendorLoad(request, call('GET /api/vendor/payouts/', {}, { context }))
}

export default function VendorPortalPayouts({ loaderData }: Route.ComponentProps) {
  return <PayoutsScreen summary={loaderData} />
}

export const ErrorBoundary = PortalRouteError
