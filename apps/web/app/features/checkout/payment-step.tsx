import type { PayOnDelivery } from '@soko/contract/checkout'
import { type CheckoutPaymentMethod, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@soko/contract/checkout-options'
import { useId } from 'react'
import { PhoneField } from '../../components/ui/form-field.tsx'
import { formatKes } from '../../lib/format.ts'
import type { StepProps } from './shipping-step.tsx'
import { StepForm } from './step-form.tsx'

export interface PaymentMethodChoiceProps {
  legend: string
  /** The radio group's name. */
  name: string
  value: CheckoutPaymentMethod
  onChange: (method: CheckoutPaymentMethod) => void
  /** The ways to offer, in order (default: all). */
  methods?: readonly CheckoutPaymentMethod[]
  /** Ways shown but not open to this order, with why: the radio is disabled and the reason read with it. */
  unavailable?: Partial<Record<CheckoutPaymentMethod, string>>
  /** A line under a way's name (pay on delivery's rules). */
  hints?: Partial<Record<CheckoutPaymentMethod, string>>
  error?: string
}

/**
 * M-Pesa, Credit Card, M-Pesa Paybill or Pay on Delivery: the payment step's choice, and again (without pay on
 * delivery) when an unpaid order is paid once more.
 */
export function PaymentMethodChoice({
  legend,
  name,
  value,
  onChange,
  methods = PAYMENT_METHODS,
  unavailable = {},
  hints = {},
  error,
}: PaymentMethodChoiceProps) {
  const id = useId()
  return (
    <fieldset className="checkout-choices" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {methods.map((method) => {
        const why = unavailable[method]
        const hint = why ?? hints[method]
        return (
          <label
            key={method}
            className={why ? 'checkout-choice checkout-choice--unavailable' : 'checkout-choice'}
            aria-disabled={why ? true : undefined}
          >
            <input
              type="radio"
              name={name}
              value={method}
              checked={value === method}
              disabled={Boolean(why) && value !== method}
              aria-describedby={hint ? `${id}-${method}` : undefined}
              onChange={() => onChange(method)}
            />
            <span className="checkout-choice__text">
              {PAYMENT_METHOD_LABELS[method]}
              {hint && (
                <span id={`${id}-${method}`} className="checkout-choice__hint">
                  {hint}
                </span>
              )}
            </span>
          </label>
        )
      })}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** What each way to pay means, in a line: the review step's summary of the choice. */
export function paymentSummary(method: CheckoutPaymentMethod, mpesaNumber: string, total: number | null): string {
  switch (method) {
    case 'mpesa':
      return `M-Pesa (${mpesaNumber})`
    case 'mpesa-paybill':
      return 'M-Pesa Paybill (from your own phone, with your order number as the account number)'
    case 'pay-on-delivery':
      return `Pay on delivery${total === null ? '' : `: ${formatKes(total)}`}, in cash or by M-Pesa to the rider`
    case 'credit-card':
      return "Credit Card (paid on our payment provider's secure page)"
  }
}

/** Pay on delivery's place in the choice: hidden when it is off, greyed out with the reason when not for this order. */
export function payOnDeliveryChoice(answer: PayOnDelivery | undefined) {
  const methods = PAYMENT_METHODS.filter((method) => method !== 'pay-on-delivery' || answer?.offered !== false)
  return {
    methods,
    unavailable: answer && !answer.eligible ? { 'pay-on-delivery': answer.message } : {},
    hints: answer?.eligible ? { 'pay-on-delivery': answer.rules } : {},
  }
}

export interface PaymentStepProps extends StepProps {
  onBack: () => void
  onContinue: () => boolean
  /** Whether this order may be paid on delivery (asked of the server for the cart and contact); unknown while loading. */
  payOnDelivery?: PayOnDelivery
}

/**
 * Payment (specification section 2): M-Pesa (the default), Credit Card, M-Pesa Paybill, or Pay on Delivery (when the
 * order may have it, else shown greyed out with why). M-Pesa needs the number
 * that gets the payment request; a card is paid on the payment provider's own page after Place Order, so no card
 * field is here; Paybill is paid from the shopper's own M-Pesa menu with the order number as account number.
 */
export function PaymentStep({
  values,
  errors,
  setValue,
  headingRef,
  onBack,
  onContinue,
  payOnDelivery,
}: PaymentStepProps) {
  return (
    <StepForm title="Payment Method" headingRef={headingRef} onContinue={onContinue}>
      <PaymentMethodChoice
        legend="How would you like to pay?"
        name="paymentMethod"
        value={values.paymentMethod}
        onChange={(method) => setValue('paymentMethod', method)}
        error={errors.paymentMethod}
        {...payOnDeliveryChoice(payOnDelivery)}
      />
      {values.paymentMethod === 'pay-on-delivery' ? (
        <p className="checkout-note checkout-note--box">
          Your order is confirmed when you place it, and you pay when it arrives: in cash or by M-Pesa to the rider. If
          your items come from several shops, each parcel is paid as it arrives.
        </p>
      ) : values.paymentMethod === 'mpesa-paybill' ? (
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
