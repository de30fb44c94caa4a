import { type CheckoutPaymentMethod, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@soko/contract/checkout-options'
import { PhoneField } from '../../components/ui/form-field.tsx'
import type { StepProps } from './shipping-step.tsx'
import { StepForm } from './step-form.tsx'

export interface PaymentMethodChoiceProps {
  legend: string
  /** The radio group's name. */
  name: string
  value: CheckoutPaymentMethod
  onChange: (method: CheckoutPaymentMethod) => void
}

/** M-Pesa, Credit Card or M-Pesa Paybill: the payment step's choice, and again when an unpaid order is paid once more. */
export function PaymentMethodChoice({ legend, name, value, onChange }: PaymentMethodChoiceProps) {
  return (
    <fieldset className="checkout-choices">
      <legend>{legend}</legend>
      {PAYMENT_METHODS.map((method) => (
        <label key={method} className="checkout-choice">
          <input type="radio" name={name} value={method} checked={value === method} onChange={() => onChange(method)} />
          {PAYMENT_METHOD_LABELS[method]}
        </label>
      ))}
    </fieldset>
  )
}

export interface PaymentStepProps extends StepProps {
  onBack: () => void
  onContinue: () => boolean
}

/**
 * Payment (specification section 2): M-Pesa (the default), Credit Card, or M-Pesa Paybill. M-Pesa needs the number
 * that gets the payment request; a card is paid on the payment provider's own page after Place Order, so no card
 * field is here; Paybill is paid from the shopper's own M-Pesa menu with the order number as account number.
 */
export function PaymentStep({ values, errors, setValue, headingRef, onBack, onContinue }: PaymentStepProps) {
  return (
    <StepForm title="Payment Method" headingRef={headingRef} onContinue={onContinue}>
      <PaymentMethodChoice
        legend="How would you like to pay?"
        name="paymentMethod"
        value={values.paymentMethod}
        onChange={(method) => setValue('paymentMethod', method)}
      />
      {values.paymentMethod === 'mpesa-paybill' ? (
        <p className="checkout-note checkout-note--box">
          After you place the order we show our business number and your order number, which is your account number. Pay
          from your own phone: M-Pesa, Lipa na M-Pesa, Pay Bill. Your items are kept for you while you pay.
        </p>
      ) : values.paymentMethod === 'mpesa' ? (
        <PhoneField
          label="M-Pesa Number"
          name="mpesaNumber"
          required
          value={values.mpesaNumber}
          onValueChange={(value) => setValue('mpesaNumber', value)}
          error={errors.mpesaNumber}
          hint="After you place the order, this phone gets a request to enter your M-Pesa PIN."
        />
      ) : (
        <p className="checkout-note checkout-note--box">
          After you place the order you will pay on the secure card page of our payment provider. Your card number is
          typed there only: it never reaches Soko.
        </p>
      )}
      <div className="checkout-actions">
        <button type="button" className="button button--ghost" onClick={onBack}>
          Back to Shipping
        </button>
        <button type="submit" className="button">
          Continue to Review
        </button>
      </div>
    </StepForm>
  )
}
