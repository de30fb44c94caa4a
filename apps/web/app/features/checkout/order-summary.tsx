import type { Quote } from '@soko/contract/checkout'
import { cartTotals } from '@soko/domain/cart'
import type { ReactNode } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { Amounts, SummaryCard } from '../../components/ui/summary.tsx'
import { quoteRows } from '../../lib/cart-quote.ts'
import type { CartItem } from '../../lib/cart-store.ts'
import { formatKes } from '../../lib/format.ts'

/** Subtotal, delivery, VAT and total of a quote: the sidebar's and the review step's rows. */
export function QuoteTotals({ quote }: { quote: Quote }) {
  return <Amounts rows={quoteRows(quote)} total={['Total', formatKes(quote.total)]} />
}

export interface OrderSummaryProps {
  cart: readonly CartItem[]
  /** The voucher box, under the totals. */
  voucher?: ReactNode
  quote: Quote | undefined
  isFetching: boolean
  isError: boolean
  onRetry: () => void
}

/**
 * The order summary beside the steps (specification section 2), priced by the server's quote (DESIGN S2). Until
 * the quote answers, or when it cannot be reached, the cart's own lines and sum, said to be unconfirmed.
 */
export function OrderSummary({ cart, quote, isFetching, isError, onRetry, voucher }: OrderSummaryProps) {
  const local = cartTotals(cart)
  return (
    <SummaryCard title="Order Summary" isBusy={isFetching}>
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
          {voucher}
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
          <Amounts rows={[]} total={['Items total', formatKes(local.subtotal)]} />
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
    </SummaryCard>
  )
}
