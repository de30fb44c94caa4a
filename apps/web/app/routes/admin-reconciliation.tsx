import { AdminC2bUnmatchedQuerySchema } from '@soko/contract/admin'
import { useSearchParams } from 'react-router'
import { adminListQuery, adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { ReconciliationScreen } from '../features/admin/reconciliation-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-reconciliation'

export function meta() {
  return [{ title: adminTitle('Reconciliation') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(
    request,
    call(
      'GET /api/admin/payments/c2b-unmatched/',
      { query: adminListQuery(request, AdminC2bUnmatchedQuerySchema) },
      { context },
    ),
  )
}

export default function AdminReconciliationRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  return <ReconciliationScreen page={loaderData} search={search} />
}

export const ErrorBoundary = AdminRouteError
