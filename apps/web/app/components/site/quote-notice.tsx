import type { Quote, QuoteLine } from '@soko/contract/checkout'
import { useId } from 'react'
import { cartFromQuote, problemMessage, quoteProblems } from '../../lib/cart-quote.ts'
import { readCart, replaceCart, useCart } from '../../lib/cart-store.ts'
import { formatKes } from '../../lib/format.ts'
import './quote-notice.css'

/**
 * The line's sentence, naming the product as the cart does: the server cannot name a product it no longer knows
 * ('A product in your cart'), and a sentence that names none is led by the name.
 */
function describe(line: QuoteLine, cartName: string): string {
  const message = problemMessage(line)
  if (cartName && line.name && line.name !== cartName && message.includes(line.name)) {
    return message.replace(line.name, cartName)
  }
  const name = cartName || line.name
  return name && !message.includes(name) ? `${name}: ${message}` : message
}

export interface QuoteNoticeProps {
  quote: Quote
  /** Told after the cart was updated to the quote (to announce it, or to leave a now empty checkout). */
  onAccepted?: (remaining: number) => void
}

/**
 * What changed since the shopper filled the cart (a price, the stock, a product no longer sold), each in a
 * sentence, and 'Update my cart' to accept it: the browser cart then matches what the server will sell.
 */
export function QuoteNotice({ quote, onAccepted }: QuoteNoticeProps) {
  const id = useId()
  const cart = useCart()
  const problems = quoteProblems(quote)
  if (!quote.hasProblems || problems.length === 0) return null
  return (
    <section className="quote-notice" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="quote-notice__title">
        Some items in your cart have changed
      </h2>
      <ul className="quote-notice__list">
        {problems.map((line) => (
          <li key={line.productId}>
            {describe(line, cart.find((item) => item.id === line.productId)?.name ?? '')}
            {line.problem === 'price_changed' && line.previousPrice !== null && (
              <>
                {' '}
                <span className="quote-notice__prices">
                  (was {formatKes(line.previousPrice)}, now {formatKes(line.unitPrice)})
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button"
        onClick={() => {
          const next = cartFromQuote(readCart(), quote)
          replaceCart(next)
          onAccepted?.(next.length)
        }}
      >
        Update my cart
      </button>
    </section>
  )
}
