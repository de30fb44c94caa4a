import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { CategoriesScreen } from '../features/admin/categories-screen.tsx'
import { fetchPolicies } from '../features/pages/policies.ts'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-categories'

export function meta() {
  return [{ title: adminTitle('Categories') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // The marketplace's default commission, which a category without a rate (nor a parent with one) is charged.
  const [tree, policies] = await Promise.all([
    adminLoad(request, call('GET /api/admin/categories/', {}, { context })),
    fetchPolicies(context),
  ])
  return { tree, defaultCommissionPercent: policies.commissionPercent }
}

export default function AdminCategoriesRoute({ loaderData }: Route.ComponentProps) {
  return <CategoriesScreen tree={loaderData.tree} defaultCommissionPercent={loaderData.defaultCommissionPercent} />
}

export const ErrorBoundary = AdminRouteError
