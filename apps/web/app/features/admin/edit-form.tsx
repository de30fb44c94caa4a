import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react'
import { FormActions } from '../../components/ui/form-actions.tsx'
import { FormMessage } from '../../components/ui/form-field.tsx'

/** What the screen that opens a form tells its frame. */
export interface EditFormFrame {
  title: string
  /** The server's refusal of the last save, over the fields ('' while nothing failed). */
  failure: string
  isSaving: boolean
  onCancel: () => void
}

export interface EditFormProps extends EditFormFrame {
  submitLabel: string
  /** Checks the fields and saves; not called while a save is under way. */
  onSave: () => void
  children: ReactNode
}

/**
 * A record's form opened on an admin screen (a category, a banner): its title, the failure, its fields, then Save
 * and Cancel. Opened from a row far down a list, it scrolls into view with its first field ready to type.
 */
export function EditForm({ title, failure, submitLabel, isSaving, onSave, onCancel, children }: EditFormProps) {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    formRef.current?.scrollIntoView({ block: 'nearest' })
    formRef.current?.querySelector('input')?.focus()
  }, [])
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!isSaving) onSave()
  }
  return (
    <form
      ref={formRef}
      className="card admin-form admin-card"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>{title}</h3>
      <FormMessage kind="error">{failure}</FormMessage>
      {children}
      <FormActions
        className="admin__actions"
        submitLabel={submitLabel}
        busyLabel="Saving..."
        isBusy={isSaving}
        onCancel={onCancel}
      />
    </form>
  )
}
