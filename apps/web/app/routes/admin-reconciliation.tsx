import { AdminC2bUnmatchedQuerySchema, AdminReconciliationQuerySchema } from '@soko/contract/admin'
import { useSearchParams } from 'react-router'
import { adminListQuery, adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { listQuery } from '../features/admin/list-query.ts'
import { MOVEMENT_PARAMS, ReconciliationScreen } from '../features/admin/reconciliation-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-reconciliation'

export function meta() {
  return [{ title: adminTitle('Reconciliation') }, { name: 'robots', content: 'noindex' }]
}

/** The movements list's query from its own parameters in the address (`mpage` is its page). */
function movementsQuery(request: Request) {
  const search = new URL(request.url).searchParams
  const own = new URLSearchParams()
  for (const [name, param] of Object.entries(MOVEMENT_PARAMS)) {
    const given = search.get(param)
    if (given) own.set(name, given)
  }
  return listQuery(AdminReconciliationQuerySchema, own)
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [movements, unmatched] = await Promise.all([
    adminLoad(
      request,
      call('GET /api/admin/reconciliation/movements/', { query: movementsQuery(request) }, { context }),
    ),
    adminLoad(
      request,
      call(
        'GET /api/admin/payments/c2b-unmatched/',
        { query: adminListQuery(request, AdminC2bUnmatchedQuerySchema) },
        { context },
      ),
    ),
  ])
  return { movements, unmatched }
}

export default function AdminReconciliationRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  return <ReconciliationScreen page={loaderData.unmatched} movements={loaderData.movements} search={search} />
}

export const ErrorBoundary = AdminRouteError
