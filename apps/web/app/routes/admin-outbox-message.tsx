import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { OutboxMessageScreen } from '../features/admin/outbox-message.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-outbox-message'

export function meta({ data }: Route.MetaArgs) {
  return [{ title: adminTitle(data ? data.subject : 'Outbox') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!context.isDemo || !/^[1-9]\d{0,8}$/.test(params.id)) throw new Response('No such message', { status: 404 })
  return adminLoad(request, call('GET /api/admin/outbox/:id/', { params: { id: params.id } }, { context }))
}

export default function AdminOutboxMessageRoute({ loaderData }: Route.ComponentProps) {
  return <OutboxMessageScreen message={loaderData} />
}

export const ErrorBoundary = AdminRouteError
