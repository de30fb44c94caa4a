import { useSearchParams } from 'react-router'
import { Spinner } from '../../components/ui/spinner.tsx'
import { useOnline } from '../../lib/online.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { CheckoutSteps } from './checkout-steps.tsx'
import { ConfirmationStep, type OrderTrackingSlot } from './confirmation-step.tsx'
import { CHECKOUT_OFFLINE } from './review-step.tsx'
import './checkout.css'

/**
 * Checkout (specification sections 2, 4, 5 and 8): Shipping, Payment, Review and Confirmation. The cart lives in
 * the browser, so the server's HTML shows 'Loading checkout...' and the steps appear once the page runs there.
 * `?order=SK-...` is the Confirmation step of a placed order (also where the card provider sends the shopper back).
 */
export function CheckoutPage({ tracking }: { tracking?: OrderTrackingSlot }) {
  const isHydrated = useHydrated()
  const [params] = useSearchParams()
  const orderNumber = params.get('order')
  const isOnline = useOnline()
  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title" className="checkout__title">
        Checkout
      </h1>
      {!isOnline && (
        <p className="card checkout-offline" role="alert">
          {CHECKOUT_OFFLINE}
        </p>
      )}
      {!isHydrated ? (
        <div className="card page-state">
          <Spinner label="Loading checkout..." />
        </div>
      ) : orderNumber ? (
        <ConfirmationStep key={orderNumber} orderNumber={orderNumber} tracking={tracking} />
      ) : (
        <CheckoutSteps />
      )}
    </section>
  )
}
