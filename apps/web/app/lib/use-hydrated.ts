import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False while rendering on the server and during hydration, true after: for what only the browser knows (the
 * cart in localStorage). The first browser render matches the server's HTML, so React reports no mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
