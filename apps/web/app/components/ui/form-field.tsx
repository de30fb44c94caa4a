import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react'
import './form.css'

// Every form's fields, in one place: a label tied to its control (`for`), and the hint and error under it,
// announced with the control (`aria-describedby`), the control marked `aria-invalid` while the error shows.

/** What a field's control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

export interface FieldNotes {
  label: ReactNode
  /** Shown under the field and announced with it. */
  hint?: ReactNode
  /** Shown under the field (after the hint) and announced with it; marks the control invalid. */
  error?: string | undefined
  /** The label is for screen readers only (a control whose purpose its row already shows). */
  isLabelHidden?: boolean
}

export interface FormFieldProps extends FieldNotes {
  /** The control's id; made up when absent (from `name`, so a page's ids stay readable). */
  id?: string | undefined
  name?: string | undefined
  className?: string
  children: (control: ControlProps) => ReactNode
}

/** The frame of a field: label, the control drawn by `children` with the ids it needs, then hint and error. */
export function FormField({ label, hint, error, id, name, isLabelHidden, className, children }: FormFieldProps) {
  const generated = useId()
  const controlId = id ?? (name ? `${generated}-${name}` : generated)
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={controlId} className={isLabelHidden ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {children(controlProps(controlId, hint, error))}
      <Notes id={controlId} hint={hint} error={error} />
    </div>
  )
}

function controlProps(id: string, hint: unknown, error: unknown): ControlProps {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined }
}

function Notes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
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

type Shell = FieldNotes & { name: string; value: string; onValueChange: (value: string) => void }

export type TextFieldProps = Shell & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'>

/** A labelled input with its hint and error under it, tied together for screen readers. */
export function TextField({
  label,
  hint,
  error,
  isLabelHidden,
  id,
  name,
  value,
  onValueChange,
  ...rest
}: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} isLabelHidden={isLabelHidden} id={id} name={name}>
      {(control) => (
        <input
          {...rest}
          {...control}
          name={name}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </FormField>
  )
}

export type TextAreaFieldProps = Shell &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'name'>

/** A labelled multi-line field with its hint and error under it. */
export function TextAreaField({
  label,
  hint,
  error,
  isLabelHidden,
  id,
  name,
  value,
  onValueChange,
  rows = 3,
  ...rest
}: TextAreaFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} isLabelHidden={isLabelHidden} id={id} name={name}>
      {(control) => (
        <textarea
          {...rest}
          {...control}
          name={name}
          value={value}
          rows={rows}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </FormField>
  )
}

export type SelectFieldProps = Shell &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'name'> & { children: ReactNode }

/** A labelled select with its hint and error under it; the options are its children. */
export function SelectField({
  label,
  hint,
  error,
  isLabelHidden,
  id,
  name,
  value,
  onValueChange,
  children,
  ...rest
}: SelectFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} isLabelHidden={isLabelHidden} id={id} name={name}>
      {(control) => (
        <select
          {...rest}
          {...control}
          name={name}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        >
          {children}
        </select>
      )}
    </FormField>
  )
}

export type CheckboxFieldProps = Omit<FieldNotes, 'isLabelHidden'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'checked' | 'type'> & {
    checked: boolean
    onCheckedChange: (checked: boolean) => void
    /** Added to the label's own class (`checkbox`). */
    labelClassName?: string
  }

/** A checkbox inside its label, with its hint and error under it. */
export function CheckboxField({
  label,
  hint,
  error,
  id,
  name,
  checked,
  onCheckedChange,
  labelClassName,
  ...rest
}: CheckboxFieldProps) {
  const generated = useId()
  const controlId = id ?? (name ? `${generated}-${name}` : generated)
  const control = controlProps(controlId, hint, error)
  return (
    <div className="field">
      <label className={labelClassName ? `checkbox ${labelClassName}` : 'checkbox'}>
        <input
          {...rest}
          {...control}
          type="checkbox"
          name={name}
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
        />
        {label}
      </label>
      <Notes id={controlId} hint={hint} error={error} />
    </div>
  )
}

/** A message above a form: role=alert for failures, role=status for progress and success; nothing when empty. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success'; children: string }) {
  if (!children) return null
  return (
    <p className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  )
}
