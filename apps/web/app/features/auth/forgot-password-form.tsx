import { AUTH_MESSAGES, EmailSchema } from '@soko/contract/auth'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { EmailField, FormMessage } from '../../components/ui/form-field.tsx'
import { call } from '../../lib/api-client.ts'
import { serverReason } from '../../lib/form-errors.ts'
import { AuthPage } from './auth-page.tsx'

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
      const answer = await call('POST /api/auth/request-password-reset/', { body: { email: parsed.data } })
      setResult({ kind: 'success', text: answer?.detail || AUTH_MESSAGES.resetRequested })
    } catch (caught) {
      setResult({ kind: 'error', text: serverReason(caught) ?? FORGOT_FAILED })
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthPage
      title="Forgot Password"
      lead="Enter the email address of your account and we will send you a link to reset it."
      formLabel="Forgot password"
      onSubmit={onSubmit}
      footer={
        <>
          Remembered it? <Link to="/login">Login</Link>
        </>
      }
    >
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      <EmailField label="Email" name="email" value={email} onValueChange={setEmail} error={fieldError} />
      <SubmitButton variant="auth__submit" hasSpinner isBusy={isSubmitting}>
        Send Link
      </SubmitButton>
    </AuthPage>
  )
}
