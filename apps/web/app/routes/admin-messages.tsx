import { PageQuerySchema } from '@soko/contract/common'
import type { ContactMessagesPage } from '@soko/contract/contact'
import { useSearchParams } from 'react-router'
import { adminLoad } from '../features/admin/admin-api.server.ts'
import { AdminRouteError } from '../features/admin/admin-error.tsx'
import { adminTitle } from '../features/admin/admin-shell.tsx'
import { ContactMessages } from '../features/admin/contact-messages.tsx'
import { apiPath, listQuery } from '../features/admin/list-query.ts'
import type { Route } from './+types/admin-messages'

export function meta() {
  return [{ title: adminTitle('Messages') }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = listQuery(PageQuerySchema, new URL(request.url).searchParams)
  return adminLoad<ContactMessagesPage>(request, context, apiPath('/api/admin/contact-messages/', query))
}

export default function AdminMessagesRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  return <ContactMessages page={loaderData} canMark search={search} />
}

export const ErrorBoundary = AdminRouteError
