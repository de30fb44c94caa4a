import { Outlet } from 'react-router'
import { requireSuperuser } from '../lib/session.server.ts'
import { toViewer } from '../lib/viewer.ts'
import type { Route } from './+types/admin-only'

// The admin-only guard group (specification section 2, DESIGN S6): a visitor goes to /login, a signed-in user who
// is not a superuser to the home page.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSuperuser(request, context)
  return { user: toViewer(user) }
}

export default function AdminOnly() {
  return <Outlet />
}
