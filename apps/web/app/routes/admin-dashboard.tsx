import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { AdminDashboard } from '../features/admin/dashboard.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-dashboard'

export function meta() {
  return [{ title: adminTitle() }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [dashboard, messages] = await Promise.all([
    adminLoad(request, call('GET /api/admin/dashboard/', {}, { context })),
    adminLoad(request, call('GET /api/admin/contact-messages/', { query: { per_page: 10 } }, { context })),
  ])
  return { dashboard, messages }
}

export default function AdminDashboardRoute({ loaderData }: Route.ComponentProps) {
  return <AdminDashboard data={loaderData.dashboard} messages={loaderData.messages} />
}

export const ErrorBoundary = AdminRouteError
