import type { AdminBanner, AdminCategory } from '@soko/contract/admin'
import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { BannersScreen } from '../features/admin/banners-screen.tsx'
import type { Route } from './+types/admin-banners'

export function meta() {
  return [{ title: adminTitle('Banners') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [banners, categories] = await Promise.all([
    adminLoad<AdminBanner[]>(request, context, '/api/admin/banners/'),
    adminLoad<AdminCategory[]>(request, context, '/api/admin/categories/'),
  ])
  return { banners, categories }
}

export default function AdminBannersRoute({ loaderData }: Route.ComponentProps) {
  return <BannersScreen banners={loaderData.banners} categories={loaderData.categories} />
}

export const ErrorBoundary = AdminRouteError
