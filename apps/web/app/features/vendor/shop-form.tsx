import { BUSINESS_TYPES } from '@soko/contract/vendor'
import { type FormEvent, useEffect, useState } from 'react'
import { CountyOptions } from '../../components/ui/county-options.tsx'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import {
  bindFields,
  FormMessage,
  PasswordField,
  PhoneField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/ui/form-field.tsx'
import {
  checkShop,
  firstShopError,
  isPayoutChanged,
  type ShopBody,
  type ShopErrors,
  type ShopField,
  type ShopValues,
} from './shop-values.ts'

export interface ShopFormProps {
  mode: 'apply' | 'profile'
  initial: ShopValues
  /** The payout number saved now (profile): typing another one asks for the current password. */
  savedPayoutPhone?: string | null
  submitLabel: string
  busyLabel: string
  isSaving: boolean
  /** Why the last save failed, and the server's problems by field; what was typed stays. */
  failure: string
  serverErrors: ShopErrors
  onSave: (body: ShopBody) => void
}

/**
 * A shop's details: opening a shop at /sell, and its profile in the portal. Checked with the API's schemas before
 * anything is sent; the server's field errors show at their fields.
 */
export function ShopForm({
  mode,
  initial,
  savedPayoutPhone = null,
  submitLabel,
  busyLabel,
  isSaving,
  failure,
  serverErrors,
  onSave,
}: ShopFormProps) {
  const [values, setValues] = useState<ShopValues>(initial)
  const [errors, setErrors] = useState<ShopErrors>({})
  const [sent, setSent] = useState<ShopValues | null>(null)
  // The server's errors are about what was sent: once a field is changed, its old error goes.
  const shown: ShopErrors = { ...errors }
  for (const [field, message] of Object.entries(serverErrors) as [ShopField, string][]) {
    if (!sent || sent[field] === values[field]) shown[field] ??= message
  }
  const needsPassword = mode === 'profile' && isPayoutChanged(values.payoutPhone, savedPayoutPhone)
  // A password is not kept a moment longer than the change it confirms (saved, or the number typed back).
  useEffect(() => {
    if (!needsPassword)
      setValues((current) => (current.currentPassword ? { ...current, currentPassword: '' } : current))
  }, [needsPassword])
  const set = (field: ShopField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }
  const field = bindFields(values, shown, set)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSaving) return
    const check = checkShop(values, mode, savedPayoutPhone)
    if (!check.ok) {
      setErrors(check.errors)
      const first = firstShopError(check.errors)
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return
    }
    setErrors({})
    setSent(values)
    onSave(check.body)
  }

  return (
    <form className="vendor-form" noValidate onSubmit={onSubmit}>
      <FormMessage kind="error">{failure}</FormMessage>
      <TextField
        label="Business name"
        {...field('name')}
        autoComplete="organization"
        required
        maxLength={80}
        hint={mode === 'apply' ? 'Shoppers see this name on your products and your shop page.' : undefined}
      />
      <div className="form-row">
        <SelectField label="Business type" {...field('type')} required>
          <option value="">Choose a type</option>
          {BUSINESS_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <SelectField label="County" {...field('county')} required>
          <CountyOptions />
        </SelectField>
      </div>
      <TextField
        label="Town"
        {...field('town')}
        autoComplete="address-level2"
        maxLength={80}
        hint="Optional, e.g. Westlands or Kitengela"
      />
      <div className="form-row">
        <PhoneField
          label="Phone"
          {...field('phone')}
          required
          hint="Shoppers can call this number about their orders."
        />
        <TextField
          label="M-Pesa payout number"
          {...field('payoutPhone')}
          type="tel"
          inputMode="tel"
          placeholder="07xx xxx xxx"
          required
          hint="Your earnings are sent to this M-Pesa number."
        />
      </div>
      {needsPassword && (
        <PasswordField
          label="Current password"
          {...field('currentPassword')}
          autoComplete="current-password"
          required
          hint="Changing where your earnings go needs your password. We will email you about the change."
        />
      )}
      {mode === 'profile' && (
        <TextField
          label="Shop email"
          {...field('email')}
          type="email"
          autoComplete="email"
          required
          hint="Order notifications are sent here."
        />
      )}
      <TextAreaField
        label="Description"
        {...field('description')}
        rows={4}
        maxLength={2000}
        hint="Optional: what you sell, where you deliver from, your opening hours."
      />
      <div className="vendor-form__actions">
        <SubmitButton isBusy={isSaving} busyLabel={busyLabel}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  )
}
