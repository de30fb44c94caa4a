import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { VouchersScreen } from '../features/admin/vouchers-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-vouchers'

export function meta() {
  return [{ title: adminTitle('Vouchers') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return { vouchers: await adminLoad(request, call('GET /api/admin/vouchers/', {}, { context })) }
}

export default function AdminVouchersRoute({ loaderData }: Route.ComponentProps) {
  return <VouchersScreen vouchers={loaderData.vouchers} />
}

export const ErrorBoundary = AdminRouteError
