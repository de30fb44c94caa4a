import { nairobiDay } from '@soko/domain/statement'
import { PortalRouteError } from '../features/vendor/portal-error.tsx'
import { portalTitle } from '../features/vendor/portal-shell.tsx'
import { StatementScreen } from '../features/vendor/statement-screen.tsx'
import { PERIOD_FIELDS } from '../features/vendor/statement-values.ts'
import { vendorLoad } from '../features/vendor/vendor-load.server.ts'
import { ApiError, call } from '../lib/api-client.ts'
import { fieldErrors } from '../lib/form-errors.ts'
import type { Route } from './+types/vendor-portal-statement'

export function meta() {
  return [{ title: portalTitle('Statement') }, { name: 'robots', content: 'noindex' }]
}

/** The statement of the period in the address (`?from=2026-10-01&to=2026-10-31`); a refused period shows why. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams
  const asked = {
    from: (search.get('from') ?? '').trim().slice(0, 40),
    to: (search.get('to') ?? '').trim().slice(0, 40),
  }
  const query = { ...(asked.from ? { from: asked.from } : {}), ...(asked.to ? { to: asked.to } : {}) }
  const today = nairobiDay(new Date())
  try {
    const statement = await call('GET /api/vendor/statement/', { query }, { context })
    return { asked, statement, errors: {}, today }
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      return { asked, statement: null, errors: fieldErrors(error, PERIOD_FIELDS), today }
    }
    return vendorLoad(request, Promise.reject<never>(error))
  }
}

export default function VendorPortalStatement({ loaderData }: Route.ComponentProps) {
  return (
    <StatementScreen
      asked={loaderData.asked}
      statement={loaderData.statement}
      errors={loaderData.errors}
      today={loaderData.today}
    />
  )
}

export const ErrorBoundary = PortalRouteError
