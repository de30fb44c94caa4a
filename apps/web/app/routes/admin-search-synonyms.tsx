import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { SearchSynonymsScreen } from '../features/admin/search-synonyms-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-search-synonyms'

export function meta() {
  return [{ title: adminTitle('Search synonyms') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { synonyms } = await adminLoad(request, call('GET /api/admin/search/synonyms/', {}, { context }))
  return { synonyms }
}

export default function AdminSearchSynonymsRoute({ loaderData }: Route.ComponentProps) {
  return <SearchSynonymsScreen synonyms={loaderData.synonyms} />
}

export const ErrorBoundary = AdminRouteError
