import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { BannersScreen } from '../features/admin/banners-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-banners'

export function meta() {
  return [{ title: adminTitle('Banners') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [banners, categories] = await Promise.all([
    adminLoad(request, call('GET /api/admin/banners/', {}, { context })),
    adminLoad(request, call('GET /api/admin/categories/', {}, { context })),
  ])
  return { banners, categories }
}

export default function AdminBannersRoute({ loaderData }: Route.ComponentProps) {
  return <BannersScreen banners={loaderData.banners} categories={loaderData.categories} />
}

export const ErrorBoundary = AdminRouteError
