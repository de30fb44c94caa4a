import type { ReactNode } from 'react'
import { Spinner } from './spinner.tsx'

export interface SubmitButtonProps {
  /** The form is being sent: the button is disabled and busy, and shows `busyLabel` when there is one. */
  isBusy: boolean
  busyLabel?: string
  /** A small spinner while busy, for a wait the shopper notices (signing in, placing an order). */
  hasSpinner?: boolean
  /** Disabled for another reason too (already done, not yet allowed). */
  disabled?: boolean
  /** The button's look, after `button` ('button--danger', 'auth__submit'). */
  variant?: string
  children: ReactNode
}

/** A form's submit button: one press sends the form once. */
export function SubmitButton({ isBusy, busyLabel, hasSpinner, disabled, variant, children }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={variant ? `button ${variant}` : 'button'}
      disabled={disabled || isBusy}
      aria-busy={isBusy}
    >
      {hasSpinner && isBusy && <Spinner size="sm" />}
      {isBusy && busyLabel ? busyLabel : children}
    </button>
  )
}

export interface FormActionsProps extends Omit<SubmitButtonProps, 'children'> {
  submitLabel: string
  onCancel: () => void
  /** Cancel waits for the form being sent (a dialog, a form that closes itself once saved). */
  isCancelLocked?: boolean
  /** The row's layout class, as its screen lays rows out. */
  className: string
}

/** A form's submit button and its Cancel, side by side. */
export function FormActions({ submitLabel, onCancel, isCancelLocked, className, ...submit }: FormActionsProps) {
  return (
    <div className={className}>
      <SubmitButton {...submit}>{submitLabel}</SubmitButton>
      <button
        type="button"
        className="button button--ghost"
        disabled={isCancelLocked && submit.isBusy}
        onClick={onCancel}
      >
        Cancel
      </button>
    </div>
  )
}
