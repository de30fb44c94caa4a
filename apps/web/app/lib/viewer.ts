import type { SessionUser } from '@soko/contract/auth'
import { useRouteLoaderData } from 'react-router'

/** What the pages need to know about the signed-in user: the nav bar, the footer, favourites and the admin title. */
export interface Viewer {
  id: number
  name: string
  role: SessionUser['role']
}

export function toViewer(user: SessionUser): Viewer {
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email
  return { id: user.id, name, role: user.role }
}

/** The signed-in user from the root loader, or null for a visitor. */
export function useViewer(): Viewer | null {
  const data = useRouteLoaderData('root') as { user: Viewer | null } | undefined
  return data?.user ?? null
}
