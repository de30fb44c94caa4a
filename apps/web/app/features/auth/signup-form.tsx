import { AUTH_MESSAGES, RegisterBodySchema } from '@soko/contract/auth'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { bindFields, EmailField, FormMessage, PasswordField } from '../../components/ui/form-field.tsx'
import { ApiError, call } from '../../lib/api-client.ts'
import { fieldErrors } from '../../lib/form-errors.ts'
import { AuthPage } from './auth-page.tsx'
import { REDIRECT_DELAY_MS, useDelayedRedirect } from './use-delayed-redirect.ts'

type Field = 'email' | 'password' | 'confirmPassword'
type Errors = Partial<Record<Field, string>>

export const SIGNUP_MESSAGES = {
  confirmRequired: 'Please confirm your password',
  mismatch: 'Passwords do not match',
  failed: 'Registration failed. Please try again',
  networkError: 'An error occurred. Please try again later',
} as const

/** Section 5's checks: the email and password with the server's own schema, the confirmation here. */
export function validateSignup(values: Record<Field, string>): Errors {
  const errors: Errors = {}
  const result = RegisterBodySchema.safeParse({ email: values.email, password: values.password })
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0]
      if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message
    }
  }
  if (!values.confirmPassword) errors.confirmPassword = SIGNUP_MESSAGES.confirmRequired
  else if (values.confirmPassword !== values.password) errors.confirmPassword = SIGNUP_MESSAGES.mismatch
  return errors
}

/**
 * Signup (specification sections 2, 4, 5, 8): email, password and its confirmation, 'Signing Up...' while
 * submitting, the server's field errors under their fields, then 'Account created successfully!' and /login.
 */
export function SignupForm({ isGoogleAvailable }: { isGoogleAvailable: boolean }) {
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '', confirmPassword: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [message, setMessage] = useState('')
  const [success, setSuccess] = useState('')
  const [isSubmitting, setSubmitting] = useState(false)
  const redirectLater = useDelayedRedirect()

  const set = (field: Field) => (value: string) => {
    const nextValues = { ...values, [field]: value }
    setValues(nextValues)
    // A field already marked wrong is re-checked as it is corrected.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validateSignup(nextValues)[field] }))
  }
  const field = bindFields(values, errors, set)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSubmitting || success) return
    setMessage('')
    const found = validateSignup(values)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSubmitting(true)
    try {
      const result = await call('POST /api/auth/register/', {
        body: { email: values.email, password: values.password },
      })
      setSuccess(result.message || AUTH_MESSAGES.registered)
      redirectLater('/login', REDIRECT_DELAY_MS.signUp)
    } catch (caught) {
      if (!(caught instanceof ApiError) || caught.status === 0 || caught.status >= 500) {
        setMessage(SIGNUP_MESSAGES.networkError)
        return
      }
      const shown = fieldErrors(caught, ['email', 'password'])
      setErrors(shown)
      // The server's message is shown once: under its field when it belongs to one, else above the form.
      const text = caught.hasServerDetail ? caught.detail : SIGNUP_MESSAGES.failed
      setMessage(Object.values(shown).includes(text) ? '' : text)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthPage
      title="Create Account"
      lead="Join Soko to save addresses, track orders and keep a wishlist."
      formLabel="Signup"
      onSubmit={onSubmit}
      googleNext={isGoogleAvailable ? '/' : null}
      footer={
        <>
          Already have an account? <Link to="/login">Login</Link>
        </>
      }
    >
      <FormMessage kind="error">{message}</FormMessage>
      <FormMessage kind="success">{success}</FormMessage>
      <EmailField label="Email" name="email" value={values.email} onValueChange={set('email')} error={errors.email} />
      <PasswordField label="Password" {...field('password')} autoComplete="new-password" hint="At least 8 characters" />
      <PasswordField label="Confirm Password" {...field('confirmPassword')} autoComplete="new-password" />
      <SubmitButton
        variant="auth__submit"
        hasSpinner
        isBusy={isSubmitting}
        busyLabel="Signing Up..."
        disabled={Boolean(success)}
      >
        Sign Up
      </SubmitButton>
    </AuthPage>
  )
}
