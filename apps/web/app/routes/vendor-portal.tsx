import { Outlet, redirect } from 'react-router'
import { PortalShell } from '../features/vendor/portal-shell.tsx'
import { vendorLoad } from '../features/vendor/vendor-load.server.ts'
import { call } from '../lib/api-client.ts'
import { requireUser } from '../lib/session.server.ts'
import type { Route } from './+types/vendor-portal'

// The vendor portal's guard and frame: a visitor signs in first, a signed-in user without a shop is sent to /sell to
// open one, a vendor sees the portal of their own shop.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  if (user.role !== 'vendor') throw redirect('/sell')
  return { shop: await vendorLoad(request, call('GET /api/vendor/shop/', {}, { context })) }
}

export default function VendorPortal({ loaderData }: Route.ComponentProps) {
  return (
    <PortalShell shop={loaderData.shop}>
      <Outlet />
    </PortalShell>
  )
}
