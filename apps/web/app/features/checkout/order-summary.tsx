import type { Quote } from '@soko/contract/checkout'
import { cartTotals } from '@soko/domain/cart'
import { Spinner } from '../../components/ui/spinner.tsx'
import type { CartItem } from '../../lib/cart-store.ts'
import { formatKes } from '../../lib/format.ts'

/** Subtotal, delivery, VAT and total of a quote: the sidebar's and the review step's rows. */
export function QuoteTotals({ quote }: { quote: Quote }) {
  return (
    <dl className="checkout-totals">
      <div className="checkout-totals__row">
        <dt>Subtotal</dt>
        <dd>{formatKes(quote.subtotal)}</dd>
      </div>
      <div className="checkout-totals__row">
        <dt>Delivery</dt>
        <dd>{formatKes(quote.shipping)}</dd>
      </div>
      <div className="checkout-totals__row">
        <dt>VAT ({Math.round(quote.vatRate * 100)}%)</dt>
        <dd>{formatKes(quote.vat)}</dd>
      </div>
      <div className="checkout-totals__row checkout-totals__total">
        <dt>Total</dt>
        <dd>{formatKes(quote.total)}</dd>
      </div>
    </dl>
  )
}

export interface OrderSummaryProps {
  cart: readonly CartItem[]
  quote: Quote | undefined
  isFetching: boolean
  isError: boolean
  onRetry: () => void
}

/**
 * The order summary beside the steps (specification section 2), priced by the server's quote (DESIGN S2). Until
 * the quote answers, or when it cannot be reached, the cart's own lines and sum, said to be unconfirmed.
 */
export function OrderSummary({ cart, quote, isFetching, isError, onRetry }: OrderSummaryProps) {
  const local = cartTotals(cart)
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title" aria-busy={isFetching}>
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        Order Summary
      </h2>
      {quote && !isError ? (
        <>
          <ul className="checkout-summary__lines">
            {quote.lines.map((line) => (
              <li key={line.productId}>
                <span>
                  {line.name} <span className="checkout-summary__qty">× {line.quantity}</span>
                </span>
                <span>{formatKes(line.lineTotal)}</span>
              </li>
            ))}
          </ul>
          <QuoteTotals quote={quote} />
        </>
      ) : (
        <>
          <ul className="checkout-summary__lines">
            {cart.map((item, index) => (
              <li key={item.id}>
                <span>
                  {item.name} <span className="checkout-summary__qty">× {item.quantity}</span>
                </span>
                <span>{formatKes(local.lineSubtotals[index] ?? 0)}</span>
              </li>
            ))}
          </ul>
          <dl className="checkout-totals">
            <div className="checkout-totals__row checkout-totals__total">
              <dt>Items total</dt>
              <dd>{formatKes(local.subtotal)}</dd>
            </div>
          </dl>
          {isError ? (
            <div className="checkout-summary__problem" role="alert">
              <p>We could not confirm prices, delivery and VAT. Check your connection.</p>
              <button type="button" className="button button--ghost" onClick={onRetry}>
                Try Again
              </button>
            </div>
          ) : (
            <Spinner size="sm" label="Confirming prices..." />
          )}
        </>
      )}
    </aside>
  )
}
