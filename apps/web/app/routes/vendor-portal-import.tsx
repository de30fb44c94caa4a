import { ImportScreen } from '../features/vendor/import-screen.tsx'
import { PortalRouteError } from '../features/vendor/portal-error.tsx'
import { portalTitle } from '../features/vendor/portal-shell.tsx'
import { vendorLoad } from '../features/vendor/vendor-load.server.ts'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/vendor-portal-import'

export function meta() {
  return [{ title: portalTitle('Import and export products') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return { categories: await vendorLoad(request, call('GET /api/vendor/categories/', {}, { context })) }
}

export default function VendorPortalImport({ loaderData }: Route.ComponentProps) {
  return <ImportScreen categories={loaderData.categories} />
}

export const ErrorBoundary = PortalRouteError
