import { type AdminUsersPage, AdminUsersQuerySchema } from '@soko/contract/admin'
import { useSearchParams } from 'react-router'
import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { apiPath, listQuery } from '../features/admin/list-query.ts'
import { UsersScreen } from '../features/admin/users-screen.tsx'
import type { Route } from './+types/admin-users'

export function meta() {
  return [{ title: adminTitle('Users') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = listQuery(AdminUsersQuerySchema, new URL(request.url).searchParams)
  return adminLoad<AdminUsersPage>(request, context, apiPath('/api/admin/users/', query))
}

export default function AdminUsersRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  return <UsersScreen page={loaderData} search={search} />
}

export const ErrorBoundary = AdminRouteError
