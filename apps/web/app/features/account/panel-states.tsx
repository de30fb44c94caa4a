import type { ReactNode } from 'react'
import { ListEmpty } from '../../components/ui/list.tsx'
import { serverReason } from '../../lib/form-errors.ts'

/** The account screens' states (specification section 2): 'Loading...' and 'Error: {message}'. */
export function PanelLoading() {
  return <ListEmpty kind="loading">Loading...</ListEmpty>
}

export function PanelError({ message }: { message: string }) {
  return <ListEmpty kind="error">Error: {message}</ListEmpty>
}

export function PanelEmpty({ children }: { children: ReactNode }) {
  return <ListEmpty>{children}</ListEmpty>
}

/** The message for a failed write: the server's own words for what the shopper can fix, else the fallback. */
export function writeFailure(error: unknown, fallback: string): string {
  return serverReason(error) ?? fallback
}
