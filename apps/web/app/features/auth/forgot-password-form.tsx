import { AUTH_MESSAGES, type Detail, EmailSchema } from '@soko/contract/auth'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { FormMessage, TextField } from '../../components/ui/form-field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { ApiError, api } from '../../lib/api-client.ts'
import './auth.css'

export const FORGOT_FAILED = 'Something went wrong.'

/** Forgot password (specification sections 2 and 8): an email and 'Send Link'. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('')
  const [fieldError, setFieldError] = useState('')
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null)
  const [isSubmitting, setSubmitting] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSubmitting) return
    setResult(null)
    const parsed = EmailSchema.safeParse(email)
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Email is invalid')
      return
    }
    setFieldError('')
    setSubmitting(true)
    try {
      const answer = await api<Detail>('/api/auth/request-password-reset/', {
        method: 'POST',
        body: { email: parsed.data },
      })
      setResult({ kind: 'success', text: answer?.detail || AUTH_MESSAGES.resetRequested })
    } catch (caught) {
      const text =
        caught instanceof ApiError && caught.hasServerDetail && caught.status < 500 ? caught.detail : FORGOT_FAILED
      setResult({ kind: 'error', text })
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <div className="auth">
      <h1 className="auth__title">Forgot Password</h1>
      <p className="auth__lead">Enter the email address of your account and we will send you a link to reset it.</p>
      <form className="auth__form" noValidate onSubmit={onSubmit} aria-label="Forgot password">
        {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
          error={fieldError}
        />
        <button type="submit" className="button auth__submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting && <Spinner size="sm" />}
          Send Link
        </button>
      </form>
      <p className="auth__switch">
        Remembered it? <Link to="/login">Login</Link>
      </p>
    </div>
  )
}
