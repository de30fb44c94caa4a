import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { DisputesScreen } from '../features/admin/disputes-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-disputes'

export function meta() {
  return [{ title: adminTitle('Disputes') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, call('GET /api/admin/disputes/', {}, { context }))
}

export default function AdminDisputesRoute({ loaderData }: Route.ComponentProps) {
  return <DisputesScreen disputes={loaderData} />
}

export const ErrorBoundary = AdminRouteError
