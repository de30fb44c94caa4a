import { AUTH_MESSAGES } from '@soko/contract/auth'
import { type FormEvent, useState } from 'react'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { FormMessage, PasswordField } from '../../components/ui/form-field.tsx'
import { call } from '../../lib/api-client.ts'
import { serverReason } from '../../lib/form-errors.ts'
import {
  type NewPasswordErrors,
  NewPasswordFields,
  type NewPasswordValues,
  validateNewPassword,
} from './new-password-fields.tsx'
import './auth.css'

/**
 * Change password for a signed-in user (the reset screen's fields plus the current password). The server signs the
 * account's other devices out and keeps this one signed in.
 */
export function ChangePasswordForm({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const [currentPassword, setCurrentPassword] = useState('')
  const [currentError, setCurrentError] = useState('')
  const [values, setValues] = useState<NewPasswordValues>({ password: '', confirmPassword: '' })
  const [errors, setErrors] = useState<NewPasswordErrors>({})
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null)
  const [isSubmitting, setSubmitting] = useState(false)
  const Heading = headingLevel === 1 ? 'h1' : 'h2'

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSubmitting) return
    setResult(null)
    const found = validateNewPassword(values)
    const missingCurrent = currentPassword ? '' : 'Enter your current password'
    setErrors(found)
    setCurrentError(missingCurrent)
    if (Object.keys(found).length > 0 || missingCurrent) return
    setSubmitting(true)
    try {
      const answer = await call('POST /api/auth/change-password/', {
        body: { currentPassword, newPassword: values.password },
      })
      setResult({ kind: 'success', text: answer?.detail || AUTH_MESSAGES.passwordChanged })
      setCurrentPassword('')
      setValues({ password: '', confirmPassword: '' })
    } catch (caught) {
      setResult({ kind: 'error', text: serverReason(caught) ?? 'Failed to change password. Please try again.' })
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <section className="change-password" aria-labelledby="change-password-title">
      <Heading id="change-password-title" className="auth__title">
        Change Password
      </Heading>
      <form className="auth__form" noValidate onSubmit={onSubmit} aria-labelledby="change-password-title">
        {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
        <PasswordField
          label="Current Password"
          name="currentPassword"
          autoComplete="current-password"
          value={currentPassword}
          onValueChange={setCurrentPassword}
          error={currentError}
        />
        <NewPasswordFields values={values} errors={errors} onChange={setValues} />
        <SubmitButton variant="auth__submit" hasSpinner isBusy={isSubmitting}>
          Change Password
        </SubmitButton>
      </form>
    </section>
  )
}
