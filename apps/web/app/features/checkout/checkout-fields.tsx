import { COUNTY_NAMES } from '@soko/domain/counties'
import { type ReactNode, useId } from 'react'

export interface SelectFieldProps {
  label: string
  name: string
  value: string
  onValueChange: (value: string) => void
  error?: string | undefined
  required?: boolean
  autoComplete?: string
  children: ReactNode
}

/** A labelled select with its error under it, as TextField does for inputs. */
export function SelectField({
  label,
  name,
  value,
  onValueChange,
  error,
  required,
  autoComplete,
  children,
}: SelectFieldProps) {
  const id = `${useId()}-${name}`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        required={required}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onValueChange(event.target.value)}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  )
}

/** Kenya's 47 counties (packages/domain), after an empty first choice. */
export function CountyOptions() {
  return (
    <>
      <option value="">Choose a county</option>
      {COUNTY_NAMES.map((county) => (
        <option key={county} value={county}>
          {county}
        </option>
      ))}
    </>
  )
}

export interface TextAreaFieldProps {
  label: string
  name: string
  value: string
  onValueChange: (value: string) => void
  error?: string | undefined
  hint?: string
  maxLength?: number
}

export function TextAreaField({ label, name, value, onValueChange, error, hint, maxLength }: TextAreaFieldProps) {
  const id = `${useId()}-${name}`
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        value={value}
        rows={3}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValueChange(event.target.value)}
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

/** Moves focus to the first field showing an error, once React has drawn the messages. */
export function focusFirstError(form: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]')
    field?.focus()
  })
}
