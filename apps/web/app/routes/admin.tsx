import { Outlet } from 'react-router'
import { AdminShell } from '../features/admin/admin-shell.tsx'

// The admin area's frame around each admin screen (the admin-only guard above it admits superusers only).
export default function Admin() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  )
}
