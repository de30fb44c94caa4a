import { passwordProblem } from '@soko/domain/password-policy'
import { PasswordField } from '../../components/ui/form-field.tsx'

export const PASSWORDS_DONT_MATCH = "Passwords don't match"

export interface NewPasswordValues {
  password: string
  confirmPassword: string
}

export type NewPasswordErrors = Partial<Record<keyof NewPasswordValues, string>>

/**
 * The new password under the policy and its confirmation. Two separate values, compared properly (DESIGN S5: the
 * specification's confirm field was bound to the new one, so its check could never fail).
 */
export function validateNewPassword(values: NewPasswordValues): NewPasswordErrors {
  const errors: NewPasswordErrors = {}
  const problem = passwordProblem(values.password)
  if (problem) errors.password = problem
  if (values.confirmPassword !== values.password) errors.confirmPassword = PASSWORDS_DONT_MATCH
  return errors
}

export interface NewPasswordFieldsProps {
  values: NewPasswordValues
  errors: NewPasswordErrors
  onChange: (values: NewPasswordValues) => void
}

export function NewPasswordFields({ values, errors, onChange }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label="New Password"
        name="newPassword"
        autoComplete="new-password"
        value={values.password}
        onValueChange={(password) => onChange({ ...values, password })}
        error={errors.password}
        hint="At least 8 characters"
      />
      <PasswordField
        label="Confirm New Password"
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        onValueChange={(confirmPassword) => onChange({ ...values, confirmPassword })}
        error={errors.confirmPassword}
      />
    </>
  )
}
