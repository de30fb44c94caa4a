import type { Quote } from '@soko/contract/checkout'
import { formatPhone } from '@soko/domain/phone'
import { type RefObject, useId } from 'react'
import { Link } from 'react-router'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { CheckboxField, FormMessage } from '../../components/ui/form-field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatKes } from '../../lib/format.ts'
import { useOnline } from '../../lib/online.ts'
import type { CheckoutValues, FieldErrors } from './checkout-form.ts'
import { DeliverySummary } from './delivery-choice.tsx'
import { QuoteTotals } from './order-summary.tsx'
import { paymentSummary } from './payment-step.tsx'
import { StepForm } from './step-form.tsx'

/** Why Place Order is disabled without a connection (the checkout page says it at the top too). */
export const CHECKOUT_OFFLINE =
  'Checkout needs a connection. Your cart is saved on this phone: place your order when you are back online.'

export interface ReviewStepProps {
  values: CheckoutValues
  errors: FieldErrors
  quote: Quote | undefined
  acceptTerms: boolean
  onAcceptTerms: (accepted: boolean) => void
  headingRef: RefObject<HTMLHeadingElement | null>
  isPlacing: boolean
  /** Why the order could not be placed, in a sentence; '' when nothing failed. */
  failure: string
  onBack: () => void
  onEdit: (step: 'shipping' | 'payment') => void
  onPlace: () => void
}

/**
 * Review (specification section 2): the shipping details, the payment method, the items and the quote's totals,
 * the required terms checkbox, 'Back to Payment' and 'Place Order' (disabled until the terms are accepted, and
 * while the order is being placed, so that a double click sends it once, and without a connection).
 */
export function ReviewStep({
  values,
  errors,
  quote,
  acceptTerms,
  onAcceptTerms,
  headingRef,
  isPlacing,
  failure,
  onBack,
  onEdit,
  onPlace,
}: ReviewStepProps) {
  const id = useId()
  const isOnline = useOnline()
  const canPlace = acceptTerms && quote !== undefined && !quote.hasProblems && !isPlacing && isOnline
  // Nothing here sends the cursor back to a field: Place Order stays disabled until it may be pressed.
  const onContinue = () => {
    if (canPlace) onPlace()
    return true
  }
  const billing = values.sameAsShipping
    ? null
    : [values.billingAddress, values.billingCity, values.billingCounty, values.billingPostalCode, values.billingCountry]
  return (
    <StepForm title="Review Your Order" headingRef={headingRef} onContinue={onContinue}>
      <FormMessage kind="error">{failure}</FormMessage>
      <section className="checkout-review" aria-labelledby={`${id}-shipping`}>
        <div className="checkout-review__header">
          <h3 id={`${id}-shipping`}>Shipping Details</h3>
          <button type="button" className="link-button" onClick={() => onEdit('shipping')}>
            Edit<span className="visually-hidden"> shipping details</span>
          </button>
        </div>
        <address className="checkout-review__address">
          <span>{`${values.firstName} ${values.lastName}`.trim()}</span>
          <span>{values.address}</span>
          <span>
            {values.city}, {values.county}
            {values.postalCode && ` ${values.postalCode}`}
          </span>
          <span>{values.country}</span>
          <span>{values.email}</span>
          <span>{formatPhone(values.phone)}</span>
        </address>
        <DeliverySummary delivery={quote?.delivery} />
        <p className="checkout-review__line">
          <strong>Billing address: </strong>
          {billing ? billing.filter(Boolean).join(', ') : 'Same as shipping'}
        </p>
        {values.notes.trim() && (
          <p className="checkout-review__line">
            <strong>Notes: </strong>
            {values.notes}
          </p>
        )}
      </section>
      <section className="checkout-review" aria-labelledby={`${id}-payment`}>
        <div className="checkout-review__header">
          <h3 id={`${id}-payment`}>Payment Method</h3>
          <button type="button" className="link-button" onClick={() => onEdit('payment')}>
            Edit<span className="visually-hidden"> payment method</span>
          </button>
        </div>
        <p className="checkout-review__line">
          {paymentSummary(values.paymentMethod, values.mpesaNumber, quote?.total ?? null)}
        </p>
      </section>
      <section className="checkout-review" aria-labelledby={`${id}-items`}>
        <h3 id={`${id}-items`}>Items</h3>
        {quote ? (
          <>
            <ul className="checkout-review__items">
              {quote.lines.map((line) => (
                <li key={line.productId}>
                  <span>
                    {line.name}
                    <span className="checkout-review__meta">
                      {' '}
                      by {line.business.name}: {formatKes(line.unitPrice)} × {line.quantity}
                    </span>
                  </span>
                  <strong>{formatKes(line.lineTotal)}</strong>
                </li>
              ))}
            </ul>
            <QuoteTotals quote={quote} />
          </>
        ) : (
          <Spinner size="sm" label="Confirming prices..." />
        )}
      </section>
      {errors.items && <FormMessage kind="error">{errors.items}</FormMessage>}
      <CheckboxField
        label={
          <span>
            I accept the{' '}
            <Link to="/terms" target="_blank" rel="noopener">
              Terms of Service<span className="visually-hidden"> (opens in a new tab)</span>
            </Link>{' '}
            and the{' '}
            <Link to="/privacy" target="_blank" rel="noopener">
              Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
            </Link>
          </span>
        }
        labelClassName="checkout-terms"
        name="acceptTerms"
        required
        checked={acceptTerms}
        onCheckedChange={onAcceptTerms}
        error={errors.acceptTerms}
      />
      {quote?.hasProblems && (
        <p className="checkout-note">Update your cart with the changes shown above to place your order.</p>
      )}
      {!isOnline && <p className="checkout-note">{CHECKOUT_OFFLINE}</p>}
      <div className="checkout-actions">
        <button type="button" className="button button--ghost" onClick={onBack} disabled={isPlacing}>
          Back to Payment
        </button>
        <SubmitButton hasSpinner isBusy={isPlacing} busyLabel="Placing your order..." disabled={!canPlace}>
          Place Order
        </SubmitButton>
      </div>
    </StepForm>
  )
}
