import { Outlet } from 'react-router'
import { requireUser } from '../lib/session.server.ts'
import { toViewer } from '../lib/viewer.ts'
import type { Route } from './+types/signed-in'

// The signed-in guard group (specification section 2): a visitor is sent to /login?next=<this page>, on the server,
// before anything of the page is rendered.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  return { user: toViewer(user) }
}

export default function SignedIn() {
  return <Outlet />
}
