import { AdminOutboxQuerySchema } from '@soko/contract/admin'
import { useSearchParams } from 'react-router'
import { adminListQuery, adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { OutboxScreen } from '../features/admin/outbox-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-outbox'

export function meta() {
  return [{ title: adminTitle('Outbox') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // A demo's screen only (the API has no outbox elsewhere).
  if (!context.isDemo) throw new Response('Not found', { status: 404 })
  return adminLoad(
    request,
    call('GET /api/admin/outbox/', { query: adminListQuery(request, AdminOutboxQuerySchema) }, { context }),
  )
}

export default function AdminOutboxRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  return <OutboxScreen page={loaderData} search={search} />
}

export const ErrorBoundary = AdminRouteError
