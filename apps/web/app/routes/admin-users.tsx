import { AdminUsersQuerySchema } from '@soko/contract/admin'
import { useSearchParams } from 'react-router'
import { adminListQuery, adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { UsersScreen } from '../features/admin/users-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-users'

export function meta() {
  return [{ title: adminTitle('Users') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(
    request,
    call('GET /api/admin/users/', { query: adminListQuery(request, AdminUsersQuerySchema) }, { context }),
  )
}

export default function AdminUsersRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  return <UsersScreen page={loaderData} search={search} />
}

export const ErrorBoundary = AdminRouteError
