import { redirect } from 'react-router'
import { ApplyScreen } from '../features/vendor/apply-screen.tsx'
import { requireUser } from '../lib/session.server.ts'
import type { Route } from './+types/sell'

export function meta() {
  return [{ title: 'Open your shop | Sell on Soko' }, { name: 'robots', content: 'noindex' }]
}

// Opening a shop (inside the signed-in guard group: a visitor signs in first and comes back here). A vendor already
// has a shop and goes straight to the portal.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  if (user.role === 'vendor') throw redirect('/vendor-portal')
  return { isAdmin: user.role === 'superuser' }
}

export default function Sell({ loaderData }: Route.ComponentProps) {
  return <ApplyScreen isAdmin={loaderData.isAdmin} />
}
