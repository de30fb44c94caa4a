import { AdminVendorsQuerySchema } from '@soko/contract/admin'
import { useSearchParams } from 'react-router'
import { adminListQuery, adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { VendorsScreen } from '../features/admin/vendors-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-vendors'

export function meta() {
  return [{ title: adminTitle('Vendors') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(
    request,
    call('GET /api/admin/vendors/', { query: adminListQuery(request, AdminVendorsQuerySchema) }, { context }),
  )
}

export default function AdminVendorsRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  return <VendorsScreen page={loaderData} search={search} />
}

export const ErrorBoundary = AdminRouteError
