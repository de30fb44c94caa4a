import { AdminRefundsQuerySchema } from '@soko/contract/admin'
import { useSearchParams } from 'react-router'
import { adminListQuery, adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { RefundsScreen } from '../features/admin/refunds-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-refunds'

export function meta() {
  return [{ title: adminTitle('Refunds') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(
    request,
    call('GET /api/admin/refunds/', { query: adminListQuery(request, AdminRefundsQuerySchema) }, { context }),
  )
}

export default function AdminRefundsRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  return <RefundsScreen page={loaderData} search={search} />
}

export const ErrorBoundary = AdminRouteError
