import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { FlashSalesScreen } from '../features/admin/flash-sales-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-flash-sales'

export function meta() {
  return [{ title: adminTitle('Flash sales') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return { sales: await adminLoad(request, call('GET /api/admin/flash-sales/', {}, { context })) }
}

export default function AdminFlashSalesRoute({ loaderData }: Route.ComponentProps) {
  return <FlashSalesScreen sales={loaderData.sales} />
}

export const ErrorBoundary = AdminRouteError
