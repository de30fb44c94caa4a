import { Outlet } from 'react-router'
import { AdminShell } from '../features/admin/admin-shell.tsx'
import type { Route } from './+types/admin'

export function loader({ context }: Route.LoaderArgs) {
  return { isDemo: context.isDemo }
}

// The admin area's frame around each admin screen (the admin-only guard above it admits superusers only).
export default function Admin({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell isDemo={loaderData.isDemo}>
      <Outlet />
    </AdminShell>
  )
}
