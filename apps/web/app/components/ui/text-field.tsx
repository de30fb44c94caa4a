import { type InputHTMLAttributes, useId } from 'react'
import './form.css'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string
  name: string
  value: string
  onValueChange: (value: string) => void
  /** Shown under the field and announced with it. */
  error?: string | undefined
  hint?: string | undefined
}

/** A labelled input with its hint and error under it, tied together for screen readers. */
export function TextField({ label, name, value, onValueChange, error, hint, id, ...rest }: TextFieldProps) {
  const generated = useId()
  const inputId = id ?? `${generated}-${name}`
  const hintId = hint ? `${inputId}-hint` : ''
  const errorId = error ? `${inputId}-error` : ''
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        {...rest}
        id={inputId}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  )
}

/** A message above a form: role=alert for failures, role=status for progress and success. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success'; children: string }) {
  return (
    <p className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  )
}
