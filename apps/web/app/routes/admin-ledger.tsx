import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { LedgerScreen } from '../features/admin/ledger-screen.tsx'
import { call } from '../lib/api-client.ts'
import type { Route } from './+types/admin-ledger'

export function meta() {
  return [{ title: adminTitle('Ledger') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, call('GET /api/admin/ledger/trial-balance/', {}, { context }))
}

export default function AdminLedgerRoute({ loaderData }: Route.ComponentProps) {
  return <LedgerScreen trial={loaderData} />
}

export const ErrorBoundary = AdminRouteError
