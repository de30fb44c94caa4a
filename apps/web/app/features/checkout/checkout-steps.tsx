import { useEffect, useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import { QuoteNotice } from '../../components/site/quote-notice.tsx'
import { VoucherField } from '../../components/site/voucher-field.tsx'
import { FormMessage } from '../../components/ui/form-field.tsx'
import { quoteItems, usePayOnDelivery, useQuote } from '../../lib/cart-quote.ts'
import { useCart } from '../../lib/cart-store.ts'
import { useViewer } from '../../lib/viewer.ts'
import { useVoucherCode } from '../../lib/voucher-code.ts'
import { type CheckoutValues, quoteDelivery } from './checkout-form.ts'
import { CheckoutProgress } from './checkout-progress.tsx'
import { OrderSummary } from './order-summary.tsx'
import { PaymentStep } from './payment-step.tsx'
import { ReviewStep } from './review-step.tsx'
import { ShippingStep } from './shipping-step.tsx'
import { useCheckoutDraft } from './use-checkout-draft.ts'
import { usePlaceOrder } from './use-place-order.ts'

/**
 * Shipping, Payment and Review, beside the order summary. The server's quote prices the cart throughout; each step
 * is checked before the next, and Review places the order.
 */
export function CheckoutSteps() {
  const navigate = useNavigate()
  const cart = useCart()
  const viewer = useViewer()
  const items = useMemo(() => quoteItems(cart), [cart])
  const draft = useCheckoutDraft(viewer !== null)
  const delivery = quoteDelivery(draft.values)
  const voucherCode = useVoucherCode()
  const quote = useQuote(items, true, delivery, voucherCode)
  const order = usePlaceOrder()
  const [acceptTerms, setAcceptTerms] = useState(false)
  const { step, values, errors, headingRef } = draft
  const payOnDelivery = usePayOnDelivery(
    items,
    delivery,
    { phone: values.phone, email: values.email },
    step === 'payment' || step === 'review',
  )

  // No cart (or an unreadable one): back to the cart (section 4), unless the order was just placed.
  useEffect(() => {
    if (cart.length === 0 && !order.hasPlaced()) navigate('/cart', { replace: true })
  }, [cart.length, navigate, order.hasPlaced])

  const setValue = <K extends keyof CheckoutValues>(field: K, value: CheckoutValues[K]) => {
    draft.setValue(field, value)
    order.clearFailure()
  }
  const place = () =>
    void order.place({
      values,
      items,
      acceptTerms,
      quote: quote.data,
      refetchQuote: () => void quote.refetch(),
      showErrors: draft.showErrors,
    })

  return (
    <>
      <CheckoutProgress step={step} />
      <div className="summary-layout">
        <div className="checkout__main">
          {quote.data && (
            <QuoteNotice
              quote={quote.data}
              onAccepted={(remaining) => {
                order.clearFailure()
                if (remaining === 0) navigate('/cart', { replace: true })
              }}
            />
          )}
          {step !== 'review' && <FormMessage kind="error">{order.failure}</FormMessage>}
          {step === 'shipping' && (
            <ShippingStep
              values={values}
              errors={errors}
              setValue={setValue}
              headingRef={headingRef}
              isSignedIn={viewer !== null}
              addresses={draft.addresses}
              onPickAddress={draft.pickAddress}
              onContinue={() => {
                const ok = draft.checkStep('shipping', items)
                if (ok) {
                  // The M-Pesa prompt goes to the shopper's phone unless they choose another number.
                  if (!values.mpesaNumber) setValue('mpesaNumber', values.phone)
                  draft.goTo('payment')
                }
                return ok
              }}
            />
          )}
          {step === 'payment' && (
            <PaymentStep
              values={values}
              errors={errors}
              setValue={setValue}
              headingRef={headingRef}
              onBack={() => draft.goTo('shipping')}
              payOnDelivery={payOnDelivery.data}
              onContinue={() => {
                const refusal =
                  values.paymentMethod === 'pay-on-delivery' && payOnDelivery.data && !payOnDelivery.data.eligible
                    ? payOnDelivery.data.message
                    : null
                if (refusal) {
                  draft.showErrors({ paymentMethod: refusal })
                  return false
                }
                const ok = draft.checkStep('payment', items)
                if (ok) draft.goTo('review')
                return ok
              }}
            />
          )}
          {step === 'review' && (
            <ReviewStep
              values={values}
              errors={errors}
              quote={quote.data}
              acceptTerms={acceptTerms}
              onAcceptTerms={(accepted) => {
                setAcceptTerms(accepted)
                draft.clearError('acceptTerms')
              }}
              headingRef={headingRef}
              isPlacing={order.isPlacing}
              failure={order.failure}
              onBack={() => draft.goTo('payment')}
              onEdit={draft.goTo}
              onPlace={place}
            />
          )}
        </div>
        <OrderSummary
          cart={cart}
          voucher={<VoucherField quote={quote.data} code={voucherCode} />}
          quote={quote.data}
          isFetching={quote.isFetching}
          isError={quote.isError}
          onRetry={() => void quote.refetch()}
        />
      </div>
    </>
  )
}
