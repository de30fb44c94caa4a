import { type Address, AddressBodySchema } from '@soko/contract/user'
import { formatKenyanMobile } from '@soko/domain/phone'
import { type FormEvent, useId, useState } from 'react'
import { CountyOptions } from '../../components/ui/county-options.tsx'
import { FormActions } from '../../components/ui/form-actions.tsx'
import {
  bindFields,
  CheckboxField,
  FormMessage,
  PhoneField,
  SelectField,
  TextField,
} from '../../components/ui/form-field.tsx'
import { issueErrors } from '../../lib/form-errors.ts'

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
  const field = bindFields(values, shown, set)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSaving) return
    const result = AddressBodySchema.safeParse({ ...values, country: 'Kenya' })
    const found: Errors = result.success ? {} : issueErrors(result.error.issues)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    onSave({ ...values, country: 'Kenya' })
  }

  return (
    <form className="card account__form account__card" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <FormMessage kind="error">{failure}</FormMessage>
      <TextField label="Label" {...field('label')} hint="Home, Work ..." />
      <div className="form-row">
        <TextField label="First Name" {...field('firstName')} autoComplete="given-name" />
        <TextField label="Last Name" {...field('lastName')} autoComplete="family-name" />
      </div>
      <TextField label="Address line 1" {...field('line1')} autoComplete="address-line1" required />
      <TextField label="Address line 2" {...field('line2')} autoComplete="address-line2" />
      <div className="form-row">
        <TextField label="City" {...field('city')} autoComplete="address-level2" required />
        <SelectField label="County" {...field('county')} required>
          <CountyOptions />
        </SelectField>
      </div>
      <div className="form-row">
        <TextField label="Postal Code" {...field('postalCode')} autoComplete="postal-code" inputMode="numeric" />
        <PhoneField label="Phone" {...field('phone')} required />
      </div>
      <p className="account__muted">Country: Kenya (we deliver within Kenya only)</p>
      <CheckboxField
        label="Make this my default address"
        checked={values.isDefault}
        onCheckedChange={(isDefault) => setValues((current) => ({ ...current, isDefault }))}
      />
      <FormActions className="account__actions" submitLabel="Save Address" isBusy={isSaving} onCancel={onCancel} />
    </form>
  )
}
