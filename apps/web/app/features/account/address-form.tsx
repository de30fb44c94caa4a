import { type Address, AddressBodySchema } from '@soko/contract/user'
import { formatKenyanMobile } from '@soko/domain/phone'
import { type FormEvent, useId, useState } from 'react'
import { CountyOptions } from '../../components/ui/county-options.tsx'
import { CheckboxField, FormMessage, SelectField, TextField } from '../../components/ui/form-field.tsx'

const FIELDS = ['label', 'firstName', 'lastName', 'line1', 'line2', 'city', 'county', 'postalCode', 'phone'] as const
type Field = (typeof FIELDS)[number]
export type AddressValues = Record<Field, string> & { isDefault: boolean }
type Errors = Partial<Record<Field, string>>

export function emptyAddress(): AddressValues {
  return {
    label: 'Home',
    firstName: '',
    lastName: '',
    line1: '',
    line2: '',
    city: '',
    county: '',
    postalCode: '',
    phone: '',
    isDefault: false,
  }
}

export function addressValues(address: Address): AddressValues {
  return {
    label: address.label,
    firstName: address.firstName,
    lastName: address.lastName,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    county: address.county,
    postalCode: address.postalCode,
    phone: formatKenyanMobile(address.phone),
    isDefault: address.isDefault,
  }
}

export interface AddressFormProps {
  title: string
  initial: AddressValues
  isSaving: boolean
  /** A failure to save, and the server's problems by field. */
  failure: string
  serverErrors: Errors
  onSave: (body: AddressValues & { country: string }) => void
  onCancel: () => void
}

/** An address in Kenya: the county from the 47, a Kenyan mobile number; checked with the server's schema. */
export function AddressForm({ title, initial, isSaving, failure, serverErrors, onSave, onCancel }: AddressFormProps) {
  const id = useId()
  const [values, setValues] = useState<AddressValues>(initial)
  const [errors, setErrors] = useState<Errors>({})
  const shown = { ...errors, ...serverErrors }

  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }))

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSaving) return
    const result = AddressBodySchema.safeParse({ ...values, country: 'Kenya' })
    const found: Errors = {}
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path[0] as Field
        found[field] ??= issue.message
      }
    }
    setErrors(found)
    if (Object.keys(found).length > 0) return
    onSave({ ...values, country: 'Kenya' })
  }

  return (
    <form className="account__form account__card" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <TextField
        label="Label"
        name="label"
        value={values.label}
        onValueChange={set('label')}
        error={shown.label}
        hint="Home, Work ..."
      />
      <div className="account__row">
        <TextField
          label="First Name"
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          onValueChange={set('firstName')}
          error={shown.firstName}
        />
        <TextField
          label="Last Name"
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          onValueChange={set('lastName')}
          error={shown.lastName}
        />
      </div>
      <TextField
        label="Address line 1"
        name="line1"
        autoComplete="address-line1"
        required
        value={values.line1}
        onValueChange={set('line1')}
        error={shown.line1}
      />
      <TextField
        label="Address line 2"
        name="line2"
        autoComplete="address-line2"
        value={values.line2}
        onValueChange={set('line2')}
        error={shown.line2}
      />
      <div className="account__row">
        <TextField
          label="City"
          name="city"
          autoComplete="address-level2"
          required
          value={values.city}
          onValueChange={set('city')}
          error={shown.city}
        />
        <SelectField
          label="County"
          name="county"
          required
          value={values.county}
          onValueChange={set('county')}
          error={shown.county}
        >
          <CountyOptions />
        </SelectField>
      </div>
      <div className="account__row">
        <TextField
          label="Postal Code"
          name="postalCode"
          autoComplete="postal-code"
          inputMode="numeric"
          value={values.postalCode}
          onValueChange={set('postalCode')}
          error={shown.postalCode}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="07xx xxx xxx"
          required
          value={values.phone}
          onValueChange={set('phone')}
          error={shown.phone}
        />
      </div>
      <p className="account__muted">Country: Kenya (we deliver within Kenya only)</p>
      <CheckboxField
        label="Make this my default address"
        checked={values.isDefault}
        onCheckedChange={(isDefault) => setValues((current) => ({ ...current, isDefault }))}
      />
      <div className="account__actions">
        <button type="submit" className="button" disabled={isSaving} aria-busy={isSaving}>
          Save Address
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
