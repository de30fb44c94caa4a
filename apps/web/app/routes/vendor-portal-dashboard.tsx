import { useSearchParams } from 'react-router'
import { DashboardScreen } from '../features/vendor/dashboard-screen.tsx'
import { usePortalShop } from '../features/vendor/portal-data.ts'
import { PortalRouteError } from '../features/vendor/portal-error.tsx'
import { portalTitle } from '../features/vendor/portal-shell.tsx'
import { vendorLoad } from '../features/vendor/vendor-load.server.ts'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/vendor-portal-dashboard'

export function meta() {
  return [{ title: portalTitle('Dashboard') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return vendorLoad(request, call('GET /api/vendor/dashboard/', {}, { context }))
}

export default function VendorPortalDashboard({ loaderData }: Route.ComponentProps) {
  const shop = usePortalShop()
  const [search] = useSearchParams()
  return <DashboardScreen shop={shop} dashboard={loaderData} isWelcome={search.get('welcome') === '1'} />
}

export const ErrorBoundary = PortalRouteError
