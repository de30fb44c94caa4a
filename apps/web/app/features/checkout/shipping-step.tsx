import type { Address } from '@soko/contract/user'
import { type RefObject, useState } from 'react'
import { CountyOptions } from '../../components/ui/county-options.tsx'
import {
  CheckboxField,
  EmailField,
  PhoneField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/ui/form-field.tsx'
import type { CheckoutValues, FieldErrors } from './checkout-form.ts'
import { DeliveryChoice } from './delivery-choice.tsx'
import { StepForm } from './step-form.tsx'
import { addressLabel } from './use-saved-details.ts'

export interface StepProps {
  values: CheckoutValues
  errors: FieldErrors
  setValue: <K extends keyof CheckoutValues>(field: K, value: CheckoutValues[K]) => void
  headingRef: RefObject<HTMLHeadingElement | null>
}

export interface ShippingStepProps extends StepProps {
  isSignedIn: boolean
  addresses: Address[]
  onPickAddress: (address: Address) => void
  /** Checks this step's fields; true when the shopper may go on. */
  onContinue: () => boolean
}

/**
 * Shipping (specification sections 2, 3 and 5): who receives the order and where, how it is delivered (home or a
 * pickup station, issue 20), the billing address when it differs, notes. First Name, Last Name and Address are required, and so are the email, phone, city and county
 * that delivering and reaching the shopper need. Signed-in shoppers can pick a saved address and save this one.
 */
export function ShippingStep({
  values,
  errors,
  setValue,
  headingRef,
  isSignedIn,
  addresses,
  onPickAddress,
  onContinue,
}: ShippingStepProps) {
  const [picked, setPicked] = useState('')
  // The stations listed are the address's county's until the shopper looks at another county's.
  const [stationCounty, setStationCounty] = useState<string | null>(null)
  const text = (field: keyof CheckoutValues) => ({
    name: field,
    value: String(values[field]),
    onValueChange: (value: string) => setValue(field, value),
    error: errors[field],
  })

  return (
    <StepForm title="Shipping Information" headingRef={headingRef} onContinue={onContinue}>
      <p className="checkout-note">Every field is required except the postal codes and Notes.</p>
      {isSignedIn && addresses.length > 0 && (
        <SelectField
          label="Use a saved address"
          name="savedAddress"
          value={picked}
          onValueChange={(value) => {
            setPicked(value)
            const address = addresses.find((item) => String(item.id) === value)
            if (address) onPickAddress(address)
          }}
        >
          <option value="">Choose one of your addresses</option>
          {addresses.map((address) => (
            <option key={address.id} value={String(address.id)}>
              {addressLabel(address)}
            </option>
          ))}
        </SelectField>
      )}
      <div className="form-row">
        <TextField label="First Name" autoComplete="given-name" required {...text('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" required {...text('lastName')} />
      </div>
      <div className="form-row">
        <EmailField label="Email" required hint="Your order confirmation is sent here." {...text('email')} />
        <PhoneField label="Phone" required hint="The courier calls this number." {...text('phone')} />
      </div>
      <TextField label="Address" autoComplete="street-address" required {...text('address')} />
      <div className="form-row">
        <TextField label="City" autoComplete="address-level2" required {...text('city')} />
        <SelectField label="County" autoComplete="address-level1" required {...text('county')}>
          <CountyOptions />
        </SelectField>
      </div>
      <div className="form-row">
        <TextField label="Postal Code" autoComplete="postal-code" inputMode="numeric" {...text('postalCode')} />
        <TextField
          label="Country"
          autoComplete="country-name"
          readOnly
          hint="We deliver within Kenya only."
          {...text('country')}
        />
      </div>
      <DeliveryChoice
        values={values}
        errors={errors}
        setValue={setValue}
        stationCounty={stationCounty ?? values.county}
        onStationCounty={setStationCounty}
      />
      <CheckboxField
        label="Billing address same as shipping"
        name="sameAsShipping"
        checked={values.sameAsShipping}
        onCheckedChange={(checked) => setValue('sameAsShipping', checked)}
      />
      {!values.sameAsShipping && (
        <fieldset className="checkout-fieldset">
          <legend>Billing Address</legend>
          <TextField
            label="Billing Address"
            required
            autoComplete="billing street-address"
            {...text('billingAddress')}
          />
          <div className="form-row">
            <TextField label="Billing City" required autoComplete="billing address-level2" {...text('billingCity')} />
            <SelectField
              label="Billing County"
              required
              autoComplete="billing address-level1"
              {...text('billingCounty')}
            >
              <CountyOptions />
            </SelectField>
          </div>
          <div className="form-row">
            <TextField
              label="Billing Postal Code"
              autoComplete="billing postal-code"
              inputMode="numeric"
              {...text('billingPostalCode')}
            />
            <TextField label="Billing Country" readOnly {...text('billingCountry')} />
          </div>
        </fieldset>
      )}
      <TextAreaField
        label="Notes"
        hint="Anything the vendors or the courier should know (optional)."
        maxLength={500}
        {...text('notes')}
      />
      {isSignedIn && (
        <CheckboxField
          label="Save this address"
          name="saveAddress"
          checked={values.saveAddress}
          onCheckedChange={(checked) => setValue('saveAddress', checked)}
        />
      )}
      <div className="checkout-actions checkout-actions--end">
        <button type="submit" className="button">
          Continue to Payment
        </button>
      </div>
    </StepForm>
  )
}
