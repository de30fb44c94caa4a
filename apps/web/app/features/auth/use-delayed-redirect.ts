import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'

/** Section 9's redirect delays: sign-in and sign-up 1500 ms, password reset 3 s. */
export const REDIRECT_DELAY_MS = { signIn: 1500, signUp: 1500, reset: 3000 } as const

/** Goes to a page after a delay (cancelled if the shopper leaves first). */
export function useDelayedRedirect(): (to: string, delayMs: number) => void {
  const navigate = useNavigate()
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  return (to, delayMs) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => navigate(to, { replace: true }), delayMs)
  }
}
