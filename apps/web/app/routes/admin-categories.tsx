import type { AdminCategory } from '@soko/contract/admin'
import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { CategoriesScreen } from '../features/admin/categories-screen.tsx'
import type { Route } from './+types/admin-categories'

export function meta() {
  return [{ title: adminTitle('Categories') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad<AdminCategory[]>(request, context, '/api/admin/categories/')
}

export default function AdminCategoriesRoute({ loaderData }: Route.ComponentProps) {
  return <CategoriesScreen tree={loaderData} />
}

export const ErrorBoundary = AdminRouteError
