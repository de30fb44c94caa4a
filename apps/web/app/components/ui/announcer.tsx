import { useMutation } from '@tanstack/react-query'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react'
import { useLocation, useRevalidator } from 'react-router'
import './announcer.css'
import './form.css'

// The consoles' (admin, vendor portal) live region: whichever control finished the work, `announce('Stock saved.')`
// shows the sentence and has screen readers read it.

const AnnounceContext = createContext<(text: string) => void>(() => {})

/** How long a toast stays: it covers the foot of the screen, so it goes by itself (or at once with its button). */
const TOAST_MS = 10_000

export interface AnnouncerProviderProps {
  /**
   * 'top': a status line above the screen (a desktop-first console). 'toast': a bar at the foot of the screen, in
   * reach of a thumb on a phone wherever the page is scrolled.
   */
  placement: 'top' | 'toast'
  children: ReactNode
}

/**
 * A new screen starts without the last one's news, unless the news is about moving there ('Product added.': the
 * navigation carries `state: { keepAnnouncement: true }`).
 */
export function AnnouncerProvider({ placement, children }: AnnouncerProviderProps) {
  const [message, setMessage] = useState('')
  const { pathname, state } = useLocation()
  const keep = (state as { keepAnnouncement?: boolean } | null)?.keepAnnouncement === true
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared on each change of screen
  useEffect(() => {
    if (!keep) setMessage('')
  }, [pathname])
  useEffect(() => {
    if (placement !== 'toast' || !message) return
    const timer = window.setTimeout(() => setMessage(''), TOAST_MS)
    return () => window.clearTimeout(timer)
  }, [placement, message])
  const announce = useCallback((text: string) => {
    // The same sentence twice must be read twice: clear it, then set it on the next frame.
    setMessage('')
    requestAnimationFrame(() => setMessage(text))
  }, [])
  if (placement === 'top') {
    return (
      <AnnounceContext.Provider value={announce}>
        <p className={message ? 'form-message form-message--success' : 'announcer'} role="status">
          {message}
        </p>
        {children}
      </AnnounceContext.Provider>
    )
  }
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div className="toast" role="status">
        {message && (
          <p className="toast__message">
            <span>{message}</span>
            <button type="button" className="toast__close" onClick={() => setMessage('')}>
              <span className="visually-hidden">Dismiss message</span>
              <span aria-hidden="true">×</span>
            </button>
          </p>
        )}
      </div>
    </AnnounceContext.Provider>
  )
}

export const useAnnounce = () => useContext(AnnounceContext)

/**
 * A write from a console screen: while it runs the caller shows it busy; when it succeeds the screen's data is
 * loaded again and `success` is announced; when it fails the error stays (and what was typed with it) until the
 * next try. The request is the caller's: this only ties it to the screen's refresh and its announcement.
 */
export function useAnnouncedWrite<TVars, TResult>(
  request: (vars: TVars) => Promise<TResult>,
  success: (result: TResult, vars: TVars) => string,
) {
  const revalidator = useRevalidator()
  const announce = useAnnounce()
  return useMutation({
    mutationFn: request,
    onSuccess: async (result, vars) => {
      await revalidator.revalidate()
      announce(success(result, vars))
    },
  })
}
