import { PageQuerySchema } from '@soko/contract/common'
import type { ContactMessagesPage } from '@soko/contract/contact'
import { useSearchParams } from 'react-router'
import { adminListLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { ContactMessages } from '../features/admin/contact-messages.tsx'
import type { Route } from './+types/admin-messages'

export function meta() {
  return [{ title: adminTitle('Messages') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminListLoad<ContactMessagesPage>(request, context, PageQuerySchema, '/api/admin/contact-messages/')
}

export default function AdminMessagesRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  return <ContactMessages page={loaderData} canMark search={search} />
}

export const ErrorBoundary = AdminRouteError
