import { PageQuerySchema } from '@soko/contract/common'
import { useSearchParams } from 'react-router'
import { adminListQuery, adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { ContactMessages } from '../features/admin/contact-messages.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-messages'

export function meta() {
  return [{ title: adminTitle('Messages') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = adminListQuery(request, PageQuerySchema)
  return adminLoad(request, call('GET /api/admin/contact-messages/', { query }, { context }))
}

export default function AdminMessagesRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  return <ContactMessages page={loaderData} canMark search={search} />
}

export const ErrorBoundary = AdminRouteError
