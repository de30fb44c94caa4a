import type { ReactNode } from 'react'
import { serverReason } from '../../lib/form-errors.ts'

/** The account screens' states (specification section 2): 'Loading...' and 'Error: {message}'. */
export function PanelLoading() {
  return (
    <p className="account__state" role="status">
      Loading...
    </p>
  )
}

export function PanelError({ message }: { message: string }) {
  return (
    <p className="account__state account__state--error" role="alert">
      Error: {message}
    </p>
  )
}

export function PanelEmpty({ children }: { children: ReactNode }) {
  return <p className="account__empty">{children}</p>
}

/** The message for a failed write: the server's own words for what the shopper can fix, else the fallback. */
export function writeFailure(error: unknown, fallback: string): string {
  return serverReason(error) ?? fallback
}
