import { AUTH_MESSAGES } from '@soko/contract/auth'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { FormMessage } from '../../components/ui/form-field.tsx'
import { call } from '../../lib/api-client.ts'
import { serverReason } from '../../lib/form-errors.ts'
import { AuthPage } from './auth-page.tsx'
import {
  type NewPasswordErrors,
  NewPasswordFields,
  type NewPasswordValues,
  validateNewPassword,
} from './new-password-fields.tsx'
import { REDIRECT_DELAY_MS, useDelayedRedirect } from './use-delayed-redirect.ts'

export const RESET_FAILED = 'Failed to reset password'

/**
 * Reset password (specification sections 2, 4, 8): 'Reset Your Password', the new password twice, then
 * 'Password changed successfully. Redirecting...' and /login 3 s later.
 */
export function ResetPasswordForm({ uid, token }: { uid: string; token: string }) {
  const [values, setValues] = useState<NewPasswordValues>({ password: '', confirmPassword: '' })
  const [errors, setErrors] = useState<NewPasswordErrors>({})
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null)
  const [isSubmitting, setSubmitting] = useState(false)
  const redirectLater = useDelayedRedirect()

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSubmitting || result?.kind === 'success') return
    setResult(null)
    const found = validateNewPassword(values)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSubmitting(true)
    try {
      await call('POST /api/auth/reset-password/', { body: { uid, token, password: values.password } })
      setResult({ kind: 'success', text: AUTH_MESSAGES.resetDone })
      redirectLater('/login', REDIRECT_DELAY_MS.reset)
    } catch (caught) {
      setResult({ kind: 'error', text: serverReason(caught) ?? RESET_FAILED })
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthPage
      title="Reset Your Password"
      formLabel="Reset password"
      onSubmit={onSubmit}
      footer={
        <>
          Link expired? <Link to="/forgot-password">Request a new one</Link>
        </>
      }
    >
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      <NewPasswordFields values={values} errors={errors} onChange={setValues} />
      <SubmitButton variant="auth__submit" hasSpinner isBusy={isSubmitting} disabled={result?.kind === 'success'}>
        Reset Password
      </SubmitButton>
    </AuthPage>
  )
}
