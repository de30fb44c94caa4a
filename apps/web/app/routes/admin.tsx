import type { ContactMessagesPage } from '@soko/contract/contact'
import { useLocation } from 'react-router'
import { ADMIN_SECTIONS, AdminPage } from '../features/admin/admin-page.tsx'
import { ContactMessages } from '../features/admin/contact-messages.tsx'
import { ApiError, api } from '../lib/api-client.ts'
import { site } from '../lib/site.ts'
import type { Route } from './+types/admin'

export function meta() {
  return [{ title: `${site.name} Admin` }, { name: 'robots', content: 'noindex' }]
}

// The dashboard shows the contact-form inbox. The admin-only layout's guard runs beside this loader: when it
// redirects a visitor or a customer, the API's 401/403 here is simply not shown.
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!new URL(request.url).pathname.startsWith('/admin/dashboard')) return { messages: null }
  try {
    return { messages: await api<ContactMessagesPage>('/api/admin/contact-messages/?per_page=20', { context }) }
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return { messages: null }
    throw error
  }
}

// One module for /admin/dashboard, /admin/products, /admin/orders and /admin/users (routes.ts gives each an id).
export default function Admin({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation()
  const section = ADMIN_SECTIONS.find((item) => pathname.startsWith(item.path)) ?? ADMIN_SECTIONS[0]
  return (
    <AdminPage section={section}>{loaderData.messages && <ContactMessages page={loaderData.messages} />}</AdminPage>
  )
}
