import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
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
  children: (control: ControlProps) => ReactNode
}

function useControlId(id: string | undefined, name: string | undefined): string {
  const generated = useId()
  return id ?? (name ? `${generated}-${name}` : generated)
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

/** The frame of a field: label, the control drawn by `children` with the ids it needs, then hint and error. */
export function FormField({ label, hint, error, isLabelHidden, id, name, children }: FormFieldProps) {
  const controlId = useControlId(id, name)
  return (
    <div className="field">
      <label htmlFor={controlId} className={isLabelHidden ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {children(controlProps(controlId, hint, error))}
      <Notes id={controlId} hint={hint} error={error} />
    </div>
  )
}

/** A text control's field: its notes, its name and its value as a string. */
type Shell = FieldNotes & { id?: string; name: string; value: string; onValueChange: (value: string) => void }

/** Splits a text control's props into its field's and its own, the change handler reading the typed value. */
function controlled<P extends Shell>({
  label,
  hint,
  error,
  isLabelHidden,
  id,
  name,
  value,
  onValueChange,
  ...rest
}: P) {
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    onValueChange(event.target.value)
  return { field: { label, hint, error, isLabelHidden, id, name }, own: { ...rest, name, value, onChange } }
}

/**
 * Ties a form's fields to its values and errors by name, so each field says only what is its own:
 * `<TextField label="City" autoComplete="address-level2" {...field('city')} />`.
 */
export function bindFields<F extends string>(
  values: { readonly [K in F]: string },
  errors: Partial<Record<F, string>>,
  set: (field: F) => (value: string) => void,
) {
  return (name: F) => ({ name, value: values[name], onValueChange: set(name), error: errors[name] })
}

export type TextFieldProps = Shell & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name' | 'id'>

/** A labelled input with its hint and error under it, tied together for screen readers. */
export function TextField(props: TextFieldProps) {
  const { field, own } = controlled(props)
  return <FormField {...field}>{(control) => <input {...own} {...control} />}</FormField>
}

/** An email address: the keyboard with '@', and the browser's saved address. */
export function EmailField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="email" inputMode="email" autoComplete="email" {...props} />
}

/** A password: `autoComplete` says which ('current-password', 'new-password'), so managers fill the right one. */
export function PasswordField(props: Omit<TextFieldProps, 'type'> & { autoComplete: string }) {
  return <TextField type="password" {...props} />
}

/** A Kenyan mobile number: the phone keypad, and the number as Kenyans write it. */
export function PhoneField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="tel" inputMode="tel" autoComplete="tel" placeholder="07xx xxx xxx" {...props} />
}

export type TextAreaFieldProps = Shell &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'name' | 'id'>

/** A labelled multi-line field with its hint and error under it. */
export function TextAreaField({ rows = 3, ...props }: TextAreaFieldProps) {
  const { field, own } = controlled(props)
  return <FormField {...field}>{(control) => <textarea rows={rows} {...own} {...control} />}</FormField>
}

export type SelectFieldProps = Shell &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'name' | 'id'> & { children: ReactNode }

/** A labelled select with its hint and error under it; the options are its children. */
export function SelectField(props: SelectFieldProps) {
  const { field, own } = controlled(props)
  return <FormField {...field}>{(control) => <select {...own} {...control} />}</FormField>
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
  const controlId = useControlId(id, name)
  return (
    <div className="field">
      <label className={labelClassName ? `checkbox ${labelClassName}` : 'checkbox'}>
        <input
          {...rest}
          {...controlProps(controlId, hint, error)}
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

/**
 * A message above a form: role=alert for failures, role=status for progress and success; nothing when empty. Given a
 * `ref`, it can take focus (not a tab stop), for a form that moves the reader to its outcome.
 */
export function FormMessage({
  kind,
  children,
  ref,
}: {
  kind: 'error' | 'success'
  children: string
  ref?: Ref<HTMLParagraphElement>
}) {
  if (!children) return null
  return (
    <p
      ref={ref}
      className={`form-message form-message--${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      tabIndex={ref ? -1 : undefined}
    >
      {children}
    </p>
  )
}
