import { useLocation } from 'react-router'
import { ADMIN_SECTIONS, AdminPage } from '../features/admin/admin-page.tsx'
import { site } from '../lib/site.ts'

export function meta() {
  return [{ title: `${site.name} Admin` }, { name: 'robots', content: 'noindex' }]
}

// One module for /admin/dashboard, /admin/products, /admin/orders and /admin/users (routes.ts gives each an id).
export default function Admin() {
  const { pathname } = useLocation()
  const section = ADMIN_SECTIONS.find((item) => pathname.startsWith(item.path)) ?? ADMIN_SECTIONS[0]
  return <AdminPage section={section} />
}
