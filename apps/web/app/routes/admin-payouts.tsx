import { AdminPayoutsQuerySchema } from '@soko/contract/admin'
import { useSearchParams } from 'react-router'
import { adminListQuery, adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { PayoutsScreen } from '../features/admin/payouts-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-payouts'

export function meta() {
  return [{ title: adminTitle('Payouts') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(
    request,
    call('GET /api/admin/payouts/', { query: adminListQuery(request, AdminPayoutsQuerySchema) }, { context }),
  )
}

export default function AdminPayoutsRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  return <PayoutsScreen page={loaderData} search={search} />
}

export const ErrorBoundary = AdminRouteError
