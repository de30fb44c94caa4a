import { type ContactBody, ContactBodySchema, contactLimits } from '@soko/contract/contact'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { bindFields, EmailField, FormMessage, TextAreaField, TextField } from '../../components/ui/form-field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { ApiError, call } from '../../lib/api-client.ts'
import { fieldErrors, issueErrors } from '../../lib/form-errors.ts'
import { site } from '../../lib/site.ts'
import './contact.css'

type Field = keyof ContactBody
type Errors = Partial<Record<Field, string>>

const FIELDS: Field[] = ['name', 'email', 'subject', 'message']
const EMPTY: ContactBody = { name: '', email: '', subject: '', message: '' }

/** What to tell the shopper when sending failed; what they typed stays in the form either way. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return error.detail
    if (error.status === 400) return 'Please correct the fields marked below and try again.'
    if (error.status === 0) return 'Your message could not be sent: check your connection and try again.'
  }
  return `Sorry, your message could not be sent. Please try again in a moment, or email us at ${site.email}.`
}

/**
 * The contact form (specification sections 2 and 5): name, email, subject and message, all required. Checked in
 * the browser with the same schema the server uses; on success a confirmation and an empty form, on failure an
 * error and everything the shopper typed kept.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactBody>(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const [sentTo, setSentTo] = useState<string | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const confirmationRef = useRef<HTMLParagraphElement>(null)
  const failureRef = useRef<HTMLParagraphElement>(null)

  const send = useMutation({
    mutationFn: (body: ContactBody) => call('POST /api/contact/', { body }),
    onSuccess: (_sent, body) => {
      setSentTo(body.name)
      setValues(EMPTY)
      setErrors({})
    },
    onError: (error) => {
      setErrors(fieldErrors(error, FIELDS))
    },
  })

  // Once React has rendered the outcome, it is what the shopper (and a screen reader) should meet next. An effect,
  // not a timer: on a slow phone the re-render can come after the next animation frame.
  useEffect(() => {
    // Each send (a retry that fails again too) moves focus once more.
    if (send.submittedAt === 0) return
    if (send.isSuccess) confirmationRef.current?.focus()
    if (send.isError) failureRef.current?.focus()
  }, [send.isSuccess, send.isError, send.submittedAt])

  const focusField = (field: Field) => formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus()

  const onChange = (field: Field, value: string) => {
    const next = { ...values, [field]: value }
    setValues(next)
    // A field already marked wrong is re-checked as it is corrected; others wait for the next submit.
    if (errors[field]) {
      const result = ContactBodySchema.safeParse(next)
      const message = result.success ? undefined : issueErrors(result.error.issues)[field]
      setErrors((current) => ({ ...current, [field]: message }))
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (send.isPending) return
    setSentTo(null)
    const result = ContactBodySchema.safeParse(values)
    if (!result.success) {
      const found: Errors = issueErrors(result.error.issues)
      setErrors(found)
      const first = FIELDS.find((field) => found[field])
      if (first) focusField(first)
      return
    }
    setErrors({})
    send.reset()
    send.mutate(result.data)
  }

  const field = bindFields(values, errors, (name: Field) => (value: string) => onChange(name, value))

  return (
    <form
      ref={formRef}
      className="card card--raised contact-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title" className="contact-form__title">
        Send us a message
      </h2>
      <p className="contact-form__intro">All fields are required.</p>

      <FormMessage kind="success" ref={confirmationRef}>
        {sentTo === null ? '' : `Thank you, ${sentTo}. Your message has been sent; we reply within one working day.`}
      </FormMessage>
      <FormMessage kind="error" ref={failureRef}>
        {send.isError ? failureMessage(send.error) : ''}
      </FormMessage>

      <div className="form-row">
        <TextField label="Name" {...field('name')} required autoComplete="name" maxLength={contactLimits.name} />
        <EmailField label="Email" {...field('email')} required maxLength={contactLimits.email} />
      </div>
      <TextField label="Subject" {...field('subject')} required maxLength={contactLimits.subject} />
      <TextAreaField
        label="Message"
        {...field('message')}
        required
        rows={7}
        maxLength={contactLimits.message}
        hint={`At least ${contactLimits.messageMin} characters (${values.message.length} / ${contactLimits.message})`}
      />

      <button
        type="submit"
        className="button contact-form__submit"
        disabled={send.isPending}
        aria-busy={send.isPending}
      >
        {send.isPending && <Spinner size="sm" />}
        {send.isPending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  )
}
