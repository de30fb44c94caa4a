import { type PlacedOrder, QuoteChangedSchema } from '@soko/contract/checkout'
import type { Address } from '@soko/contract/user'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { QuoteNotice } from '../../components/site/quote-notice.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { ApiError, api } from '../../lib/api-client.ts'
import { quoteItems, useQuote, useSetQuote } from '../../lib/cart-quote.ts'
import { clearCart, useCart } from '../../lib/cart-store.ts'
import { orderKeys, rememberOrder } from '../../lib/orders.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { useViewer } from '../../lib/viewer.ts'
import {
  type CheckoutValues,
  type FieldErrors,
  firstStepWithErrors,
  orderBody,
  type Step,
  serverFieldErrors,
  stepErrors,
  validate,
} from './checkout-form.ts'
import { CheckoutProgress } from './checkout-progress.tsx'
import { attemptKey, clearDraft, type Draft, markCardRedirect, readDraft, writeDraft } from './checkout-storage.ts'
import { ConfirmationStep } from './confirmation-step.tsx'
import { OrderSummary } from './order-summary.tsx'
import { PaymentStep } from './payment-step.tsx'
import { ReviewStep } from './review-step.tsx'
import { ShippingStep } from './shipping-step.tsx'
import { useSavedDetails, withAddress, withProfile } from './use-saved-details.ts'
import './checkout.css'

/**
 * Checkout (specification sections 2, 4, 5 and 8): Shipping, Payment, Review and Confirmation. The cart lives in
 * the browser, so the server's HTML shows 'Loading checkout...' and the steps appear once the page runs there.
 * `?order=SK-...` is the Confirmation step of a placed order (also where the card provider sends the shopper back).
 */
export function CheckoutPage() {
  const isHydrated = useHydrated()
  const [params] = useSearchParams()
  const orderNumber = params.get('order')
  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title" className="checkout__title">
        Checkout
      </h1>
      {!isHydrated ? (
        <div className="checkout__state">
          <Spinner label="Loading checkout..." />
        </div>
      ) : orderNumber ? (
        <ConfirmationStep key={orderNumber} orderNumber={orderNumber} />
      ) : (
        <CheckoutSteps />
      )}
    </section>
  )
}

const NETWORK_FAILURE = 'We could not place your order. Check your connection and try again: your details are kept.'

function CheckoutSteps() {
  const navigate = useNavigate()
  const client = useQueryClient()
  const cart = useCart()
  const viewer = useViewer()
  const [draft, setDraft] = useState<Draft>(readDraft)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [acceptTerms, setAcceptTerms] = useState(false)
  const [isPlacing, setPlacing] = useState(false)
  const [failure, setFailure] = useState('')
  const placingRef = useRef(false)
  const hasPlacedRef = useRef(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const items = useMemo(() => quoteItems(cart), [cart])
  const quote = useQuote(items)
  const setQuote = useSetQuote()
  const saved = useSavedDetails(viewer !== null)
  const { step, values } = draft

  // No cart (or an unreadable one): back to the cart (section 4), unless the order was just placed.
  useEffect(() => {
    if (cart.length === 0 && !hasPlacedRef.current) navigate('/cart', { replace: true })
  }, [cart.length, navigate])

  useEffect(() => writeDraft(draft), [draft])

  // Signed in: the profile's details and the default address, once each, where nothing was typed yet.
  const { profile, addresses } = saved
  const prefilled = useRef({ profile: false, address: false })
  useEffect(() => {
    if (!profile || prefilled.current.profile) return
    prefilled.current.profile = true
    setDraft((current) => ({ ...current, values: withProfile(current.values, profile) }))
  }, [profile])
  useEffect(() => {
    const preferred = addresses.find((address) => address.isDefault) ?? addresses[0]
    if (!preferred || prefilled.current.address) return
    prefilled.current.address = true
    setDraft((current) =>
      current.values.address || current.values.city
        ? current
        : { ...current, values: withAddress(current.values, preferred) },
    )
  }, [addresses])

  // Every step starts at the top, its heading focused so screen readers hear where they are (not on first load).
  const shownStep = useRef(step)
  useEffect(() => {
    if (shownStep.current === step) return
    shownStep.current = step
    window.scrollTo({ top: 0 })
    headingRef.current?.focus({ preventScroll: true })
  }, [step])

  const setValue = <K extends keyof CheckoutValues>(field: K, value: CheckoutValues[K]) => {
    setDraft((current) => ({ ...current, values: { ...current.values, [field]: value } }))
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current))
    setFailure('')
  }

  const goTo = (next: Draft['step']) => setDraft((current) => ({ ...current, step: next }))

  /** Checks one step's fields with the shared schema; shows its errors and says whether it may be left. */
  const checkStep = (current: Exclude<Step, 'confirmation'>): boolean => {
    const found = stepErrors(validate(orderBody(values, items, true)), current)
    setErrors(found)
    return Object.keys(found).length === 0
  }

  const onPickAddress = (address: Address) => {
    setDraft((current) => ({ ...current, values: withAddress(current.values, address) }))
    setErrors({})
  }

  const place = async () => {
    const priced = quote.data
    if (placingRef.current || !priced) return
    const body = orderBody(values, items, acceptTerms, priced.total)
    const found = validate(body)
    const firstStep = firstStepWithErrors(found)
    if (firstStep) {
      setErrors(found)
      if (firstStep !== 'review') goTo(firstStep)
      return
    }
    placingRef.current = true
    setPlacing(true)
    setFailure('')
    try {
      const placed = await api<PlacedOrder>('/api/checkout/orders/', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': attemptKey(body) },
      })
      const { order, orderToken } = placed
      hasPlacedRef.current = true
      rememberOrder(order.orderNumber, orderToken)
      client.setQueryData(orderKeys.order(order.orderNumber), order)
      if (order.paymentMethod === 'credit-card') markCardRedirect(order.orderNumber)
      clearDraft()
      navigate(`/checkout?order=${encodeURIComponent(order.orderNumber)}`, { replace: true })
      // After the step changed: the cart emptied here must not send the shopper back to /cart.
      clearCart()
    } catch (error) {
      placingRef.current = false
      setFailure(placeFailure(error))
      if (error instanceof ApiError) {
        const changed = QuoteChangedSchema.safeParse(error.payload)
        if (changed.success) setQuote(items, changed.data.quote)
        else if (error.code === 'out_of_stock') void quote.refetch()
        const fieldErrors = serverFieldErrors(error.errors)
        const stepWithErrors = firstStepWithErrors(fieldErrors)
        if (stepWithErrors) {
          setErrors(fieldErrors)
          if (stepWithErrors !== 'review') goTo(stepWithErrors)
        }
      }
    } finally {
      setPlacing(false)
    }
  }

  return (
    <>
      <CheckoutProgress step={step} />
      <div className="checkout__layout">
        <div className="checkout__main">
          {quote.data && (
            <QuoteNotice
              quote={quote.data}
              onAccepted={(remaining) => {
                setFailure('')
                if (remaining === 0) navigate('/cart', { replace: true })
              }}
            />
          )}
          {failure && step !== 'review' && (
            <p className="form-message form-message--error" role="alert">
              {failure}
            </p>
          )}
          {step === 'shipping' && (
            <ShippingStep
              values={values}
              errors={errors}
              setValue={setValue}
              headingRef={headingRef}
              isSignedIn={viewer !== null}
              addresses={addresses}
              onPickAddress={onPickAddress}
              onContinue={() => {
                const ok = checkStep('shipping')
                if (ok) {
                  // The M-Pesa prompt goes to the shopper's phone unless they choose another number.
                  if (!values.mpesaNumber) setValue('mpesaNumber', values.phone)
                  goTo('payment')
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
              onBack={() => goTo('shipping')}
              onContinue={() => {
                const ok = checkStep('payment')
                if (ok) goTo('review')
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
                setErrors((current) => ({ ...current, acceptTerms: undefined }))
              }}
              headingRef={headingRef}
              isPlacing={isPlacing}
              failure={failure}
              onBack={() => goTo('payment')}
              onEdit={goTo}
              onPlace={() => void place()}
            />
          )}
        </div>
        <OrderSummary
          cart={cart}
          quote={quote.data}
          isFetching={quote.isFetching}
          isError={quote.isError}
          onRetry={() => void quote.refetch()}
        />
      </div>
    </>
  )
}

/** Why Place Order failed, in a sentence the shopper can act on (section 8: every error gets a message). */
function placeFailure(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return NETWORK_FAILURE
  if (error.code === 'quote_changed') {
    return 'Prices or stock changed while you were checking out. Check the updated order and place it again.'
  }
  if (error.code === 'invalid_data' && Object.keys(error.errors).length > 0) {
    return 'Please correct the details marked below.'
  }
  return error.hasServerDetail ? error.detail : NETWORK_FAILURE
}
