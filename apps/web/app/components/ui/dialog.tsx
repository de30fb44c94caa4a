import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import type { z } from 'zod'
import { failureText, fieldErrors, issueErrors } from '../../lib/form-errors.ts'
import { FormActions } from './form-actions.tsx'
import { FormMessage, TextAreaField } from './form-field.tsx'
import './dialog.css'

export interface ConfirmDialogProps {
  title: string
  /** What happens, in a sentence. */
  description?: ReactNode
  confirmLabel: string
  busyLabel: string
  isBusy: boolean
  /** The server's answer when the write failed; what was typed stays. */
  failure: string
  /** The confirm button is red: the action cannot simply be taken back. */
  danger?: boolean
  onConfirm: () => void
  onClose: () => void
  children?: ReactNode
}

/**
 * A modal dialog (the browser's own: focus moves in and stays, Escape closes) that confirms an action, with a small
 * form when the action needs one. It is only mounted while open, so its fields start empty each time, and stay as
 * typed while it is open.
 */
export function ConfirmDialog({
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
}: ConfirmDialogProps) {
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
      className="card dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-about` : undefined}
      onCancel={(event) => {
        if (isBusy) event.preventDefault()
      }}
      onClose={onClose}
    >
      <form className="dialog__form" noValidate onSubmit={onSubmit}>
        <h2 id={`${id}-title`}>{title}</h2>
        {description && <p id={`${id}-about`}>{description}</p>}
        {children}
        <FormMessage kind="error">{failure}</FormMessage>
        <FormActions
          className="dialog__actions"
          variant={danger ? 'button--danger' : undefined}
          submitLabel={confirmLabel}
          busyLabel={busyLabel}
          isBusy={isBusy}
          isCancelLocked
          onCancel={onClose}
        />
      </form>
    </dialog>
  )
}

/** A dialog's busy state and the sentence of its write's failure ('' while nothing failed). */
export function writeState(write: { isPending: boolean; error: unknown }, fallback: string) {
  return { isBusy: write.isPending, failure: write.error ? failureText(write.error, fallback) : '' }
}

/**
 * A dialog that asks why (a take-down, a suspension, disabling an account): the reason is required, as the API
 * requires it, and is checked before anything is sent.
 */
export function ReasonDialog({
  onSubmitReason,
  hint,
  ...props
}: Omit<ConfirmDialogProps, 'onConfirm' | 'children'> & { onSubmitReason: (reason: string) => void; hint?: string }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState('')
  return (
    <ConfirmDialog
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
      <TextAreaField
        label="Reason"
        name="reason"
        value={reason}
        onValueChange={setReason}
        error={error}
        hint={hint}
        required
        maxLength={500}
      />
    </ConfirmDialog>
  )
}

/**
 * Which row's dialog is open, if any. Closing it clears the writes' last failure, so the next dialog opens clean.
 */
export function useDialog<T>(...writes: { reset: () => void }[]) {
  const [open, setOpen] = useState<T | null>(null)
  const close = () => {
    for (const write of writes) write.reset()
    setOpen(null)
  }
  return { open, show: setOpen, close }
}

/**
 * A dialog's form, checked with the contract's schema before its write is sent: the errors to show at its fields
 * (its own, else the server's), and the submit that sends the parsed body and closes the dialog once it is done.
 */
export function useCheckedWrite<T>(
  schema: z.ZodType<T>,
  write: { error: unknown; mutate: (body: T, options: { onSuccess: () => void }) => void },
  onDone: () => void,
) {
  const [errors, setErrors] = useState<Record<string, string>>({})
  return {
    errors: { ...fieldErrors(write.error), ...errors },
    submit: (body: unknown) => {
      const result = schema.safeParse(body)
      setErrors(result.success ? {} : issueErrors(result.error.issues))
      if (result.success) write.mutate(result.data, { onSuccess: onDone })
    },
  }
}
