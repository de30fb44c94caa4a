import { useMutation } from '@tanstack/react-query'
import {
  createContext,
  type FormEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { Form, Link, useLocation, useRevalidator } from 'react-router'
import { ApiError } from '../../lib/api-client.ts'
import '../../components/ui/form.css'
import { pageHref } from './list-query.ts'

// What every admin screen shares: the announcer for finished actions, writes that refresh the screen, dialogs that
// ask for a reason or a confirmation, pagination and status tags.

const AnnounceContext = createContext<(text: string) => void>(() => {})

/**
 * The admin area's live region, at the top of each screen: `announce('Product taken down.')` shows the sentence and
 * has screen readers read it, whichever control did the work.
 */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('')
  const { pathname } = useLocation()
  // A new screen starts without the last one's news.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared on each change of screen
  useEffect(() => setMessage(''), [pathname])
  const announce = useCallback((text: string) => {
    // The same sentence twice must be read twice: clear it, then set it on the next frame.
    setMessage('')
    requestAnimationFrame(() => setMessage(text))
  }, [])
  return (
    <AnnounceContext.Provider value={announce}>
      <p className={message ? 'admin-message admin-message--success' : 'admin-announcer'} role="status">
        {message}
      </p>
      {children}
    </AnnounceContext.Provider>
  )
}

export const useAnnounce = () => useContext(AnnounceContext)

/** The server's words for a failed write when they help the admin (a 4xx, or no connection), else the fallback. */
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
 * A write from an admin screen: while it runs the caller shows it busy; when it succeeds the screen's data is
 * loaded again and `success` is announced; when it fails `error` stays until the next try.
 */
export function useAdminWrite<TVars, TResult>(
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

export interface DialogProps {
  title: string
  /** What happens, in a sentence. */
  description?: ReactNode
  confirmLabel: string
  busyLabel: string
  isBusy: boolean
  /** The server's answer when the write failed; what was typed stays. */
  failure: string
  danger?: boolean
  onConfirm: () => void
  onClose: () => void
  children?: ReactNode
}

/**
 * A modal dialog (the browser's own: focus moves in and stays, Escape closes) holding a small form. It is only
 * mounted while open, so its fields start empty each time, and stay as typed while it is open.
 */
export function AdminDialog({
  title,
  description,
  confirmLabel,
  busyLabel,
  isBusy,
  failure,
  danger,
  onConfirm,
  onClose,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!isBusy) onConfirm()
  }
  return (
    <dialog
      ref={ref}
      className="admin-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-about` : undefined}
      onCancel={(event) => {
        if (isBusy) event.preventDefault()
      }}
      onClose={onClose}
    >
      <form className="admin-dialog__form" noValidate onSubmit={onSubmit}>
        <h2 id={`${id}-title`}>{title}</h2>
        {description && <p id={`${id}-about`}>{description}</p>}
        {children}
        {failure && (
          <p className="admin-message admin-message--error" role="alert">
            {failure}
          </p>
        )}
        <div className="admin__actions">
          <button
            type="submit"
            className={danger ? 'button admin-button--danger' : 'button'}
            disabled={isBusy}
            aria-busy={isBusy}
          >
            {isBusy ? busyLabel : confirmLabel}
          </button>
          <button type="button" className="button button--ghost" disabled={isBusy} onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  )
}

/** A labelled multi-line field with its error under it. */
export function TextArea({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  rows = 3,
  maxLength,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  hint?: string
  required?: boolean
  rows?: number
  maxLength?: number
}) {
  const id = useId()
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        rows={rows}
        required={required}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
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
    </div>
  )
}

/**
 * A dialog that asks why (a take-down, a suspension, disabling an account): the reason is required, as the API
 * requires it, and is checked before anything is sent.
 */
export function ReasonDialog({
  onSubmitReason,
  hint,
  ...props
}: Omit<DialogProps, 'onConfirm' | 'children'> & { onSubmitReason: (reason: string) => void; hint?: string }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState('')
  return (
    <AdminDialog
      {...props}
      onConfirm={() => {
        if (!reason.trim()) {
          setError('Reason is required')
          return
        }
        setError('')
        onSubmitReason(reason.trim())
      }}
    >
      <TextArea label="Reason" value={reason} onChange={setReason} error={error} hint={hint} required maxLength={500} />
    </AdminDialog>
  )
}

/** Previous/next links of a paginated admin list, with 'Page n of m'. */
export function Pagination({
  page,
  totalPages,
  search,
  label,
}: {
  page: number
  totalPages: number
  search: URLSearchParams
  label: string
}) {
  if (totalPages <= 1) return null
  return (
    <nav className="admin-pagination" aria-label={`${label} pages`}>
      {page > 1 ? (
        <Link to={pageHref(search, page - 1)} rel="prev">
          Previous
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span>
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <Link to={pageHref(search, page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  )
}

/** A small coloured label: 'Active', 'Suspended', 'Paid' ... */
export function Tag({
  tone = 'neutral',
  children,
}: {
  tone?: 'good' | 'bad' | 'warn' | 'neutral'
  children: ReactNode
}) {
  return <span className={`admin-tag admin-tag--${tone}`}>{children}</span>
}

/** The empty and count line of a list: '12 products' or what to say when there are none. */
export function ListCount({ count, noun, empty }: { count: number; noun: [string, string]; empty: string }) {
  if (count === 0) return <p className="admin__empty">{empty}</p>
  return (
    <p className="admin__count">
      {count.toLocaleString('en-KE')} {count === 1 ? noun[0] : noun[1]}
    </p>
  )
}

/** A wide table that scrolls sideways on a phone (focusable, so a keyboard can scroll it too). */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="admin-table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  )
}

export interface FilterSelect {
  name: string
  label: string
  /** [value, label] pairs; the first choice should be '' (everything). */
  options: ReadonlyArray<readonly [string, string]>
}

/**
 * An admin list's search and filters: a plain GET form, so the choices live in the address (shareable, kept by
 * back and forward) and the list is loaded by the screen's loader. A new search starts again at page 1.
 */
export function ListFilters({
  search,
  searchLabel,
  placeholder,
  selects = [],
}: {
  search: URLSearchParams
  searchLabel: string
  placeholder?: string
  selects?: FilterSelect[]
}) {
  const id = useId()
  return (
    <Form method="get" className="admin-filters" role="search" aria-label={searchLabel} key={search.toString()}>
      <div className="field">
        <label htmlFor={`${id}-q`}>{searchLabel}</label>
        <input id={`${id}-q`} type="search" name="q" defaultValue={search.get('q') ?? ''} placeholder={placeholder} />
      </div>
      {selects.map((select) => (
        <div className="field" key={select.name}>
          <label htmlFor={`${id}-${select.name}`}>{select.label}</label>
          <select id={`${id}-${select.name}`} name={select.name} defaultValue={search.get(select.name) ?? ''}>
            {select.options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button type="submit" className="button">
        Search
      </button>
    </Form>
  )
}
