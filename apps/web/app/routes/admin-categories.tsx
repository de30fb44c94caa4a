import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { CategoriesScreen } from '../features/admin/categories-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-categories'

export function meta() {
  return [{ title: adminTitle('Categories') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, call('GET /api/admin/categories/', {}, { context }))
}

export default function AdminCategoriesRoute({ loaderData }: Route.ComponentProps) {
  return <CategoriesScreen tree={loaderData} />
}

export const ErrorBoundary = AdminRouteError
