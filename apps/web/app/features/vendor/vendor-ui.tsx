import { useMutation } from '@tanstack/react-query'
import {
  createContext,
  type ReactNode,
  type SelectHTMLAttributes,
  useCallback,
  useContext,
  useEffect,
  useId,
  useState,
} from 'react'
import { useLocation, useRevalidator } from 'react-router'
import { ApiError } from '../../lib/api-client.ts'

// What every vendor portal screen shares: the announcer for finished actions, writes that refresh the screen,
// labelled selects and text areas, and status tags.

const AnnounceContext = createContext<(text: string) => void>(() => {})

/**
 * The portal's live region: `announce('Stock saved.')` shows the sentence in a bar at the foot of the screen (in
 * reach of a thumb on a phone, wherever the vendor scrolled) and has screen readers read it.
 */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('')
  const { pathname, state } = useLocation()
  const keep = (state as { keepAnnouncement?: boolean } | null)?.keepAnnouncement === true
  // A new screen starts without the last one's news (unless the news is about moving there: 'Product added.').
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared on each change of screen
  useEffect(() => {
    if (!keep) setMessage('')
  }, [pathname])
  // The bar covers the foot of the screen: it goes by itself after a while (or at once with its close button).
  useEffect(() => {
    if (!message) return
    const timer = window.setTimeout(() => setMessage(''), 10_000)
    return () => window.clearTimeout(timer)
  }, [message])
  const announce = useCallback((text: string) => {
    // The same sentence twice must be read twice: clear it, then set it on the next frame.
    setMessage('')
    requestAnimationFrame(() => setMessage(text))
  }, [])
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div className="vendor-toast" role="status">
        {message && (
          <p className="vendor-toast__message">
            <span>{message}</span>
            <button type="button" className="vendor-toast__close" onClick={() => setMessage('')}>
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

/** The server's words for a failed write when they help the vendor (a 4xx, or no connection), else the fallback. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return error.detail
    if (error.hasServerDetail && error.status >= 400 && error.status < 500) return error.detail
  }
  return fallback
}

/** The server's first message for each field of a refused write. */
export function fieldErrors(error: unknown): Record<string, string> {
  const found: Record<string, string> = {}
  if (error instanceof ApiError) {
    for (const [field, messages] of Object.entries(error.errors)) if (messages[0]) found[field] = messages[0]
  }
  return found
}

/**
 * A write from a portal screen: while it runs the caller shows it busy; when it succeeds the screen's data is loaded
 * again and `success` is announced; when it fails the error stays (and what was typed with it) until the next try.
 */
export function useVendorWrite<TVars, TResult>(
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

interface FieldShell {
  label: string
  error?: string | undefined
  hint?: ReactNode
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
}

function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </>
  )
}

/** A labelled multi-line field with its hint and error under it. */
export function TextArea({
  label,
  name,
  value,
  onValueChange,
  error,
  hint,
  rows = 4,
  maxLength,
}: FieldShell & {
  name: string
  value: string
  onValueChange: (value: string) => void
  rows?: number
  maxLength?: number
}) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        value={value}
        rows={rows}
        maxLength={maxLength}
        className="vendor-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onValueChange(event.target.value)}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  )
}

/** A labelled select with its hint and error under it; the options are its children. */
export function SelectField({
  label,
  name,
  value,
  onValueChange,
  error,
  hint,
  children,
  ...rest
}: FieldShell &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
    name: string
    value: string
    onValueChange: (value: string) => void
    children: ReactNode
  }) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        {...rest}
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onValueChange(event.target.value)}
      >
        {children}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  )
}

/** A small coloured label: 'Active', 'Off sale', 'Verified Seller' ... */
export function Tag({
  tone = 'neutral',
  children,
}: {
  tone?: 'good' | 'bad' | 'warn' | 'neutral'
  children: ReactNode
}) {
  return <span className={`vendor-tag vendor-tag--${tone}`}>{children}</span>
}

/** A failure above a form or beside an action (role=alert, read at once). */
export function Failure({ children }: { children: string }) {
  if (!children) return null
  return (
    <p className="form-message form-message--error" role="alert">
      {children}
    </p>
  )
}
