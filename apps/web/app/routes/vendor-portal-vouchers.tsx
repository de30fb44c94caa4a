import { PortalRouteError } from '../features/vendor/portal-error.tsx'
import { portalTitle } from '../features/vendor/portal-shell.tsx'
import { vendorLoad } from '../features/vendor/vendor-load.server.ts'
import { VendorVouchersScreen } from '../features/vendor/vouchers-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/vendor-portal-vouchers'

export function meta() {
  return [{ title: portalTitle('Vouchers') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return { vouchers: await vendorLoad(request, call('GET /api/vendor/vouchers/', {}, { context })) }
}

export default function VendorPortalVouchers({ loaderData }: Route.ComponentProps) {
  return <VendorVouchersScreen vouchers={loaderData.vouchers} />
}

export const ErrorBoundary = PortalRouteError
