import { cartTotals } from '@soko/domain/cart'
import { useRef, useState } from 'react'
import { Link } from 'react-router'
import { QuoteNotice } from '../../components/site/quote-notice.tsx'
import { VoucherField } from '../../components/site/voucher-field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { Amounts, SummaryCard } from '../../components/ui/summary.tsx'
import { quoteItems, quoteRows, useQuote } from '../../lib/cart-quote.ts'
import { type CartItem, useCart } from '../../lib/cart-store.ts'
import { formatKes } from '../../lib/format.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { useVoucherCode } from '../../lib/voucher-code.ts'
import { CartLine } from './cart-line.tsx'
import './cart.css'

const itemsLabel = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`

/**
 * The cart (specification section 2). It lives in the browser's storage: the server's HTML shows 'Loading your
 * cart...', and the lines (or 'Your cart is empty.') appear once the page runs in the browser.
 */
export function CartPage() {
  const isHydrated = useHydrated()
  const items = useCart()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [announcement, setAnnouncement] = useState('')

  const onRemoved = (item: CartItem) => {
    setAnnouncement(`${item.name} was removed from your cart.`)
    // The line and its button are gone: keep the keyboard user's place at the top of the cart.
    headingRef.current?.focus()
  }

  return (
    <section className="cart" aria-labelledby="cart-title">
      <h1 id="cart-title" className="cart__title" ref={headingRef} tabIndex={-1}>
        Shopping Cart
      </h1>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {!isHydrated ? (
        <div className="card page-state">
          <Spinner label="Loading your cart..." />
        </div>
      ) : items.length === 0 ? (
        <div className="card page-state cart__empty">
          <p>Your cart is empty.</p>
          <Link to="/" className="button">
            Continue Shopping
          </Link>
        </div>
      ) : (
        <CartContents items={items} onRemoved={onRemoved} />
      )}
    </section>
  )
}

function CartContents({ items, onRemoved }: { items: CartItem[]; onRemoved: (item: CartItem) => void }) {
  const totals = cartTotals(items)
  const voucherCode = useVoucherCode()
  const quote = useQuote(quoteItems(items), true, undefined, voucherCode)
  // The server's quote once it answers (DESIGN S2); the browser's own sum while it loads or when offline.
  const priced = quote.data && !quote.isError ? quote.data : null
  return (
    <div className="summary-layout">
      <div className="cart__main">
        {priced && <QuoteNotice quote={priced} />}
        <ul className="cart__lines" aria-label="Items in your cart">
          {items.map((item, index) => (
            <CartLine key={item.id} item={item} subtotal={totals.lineSubtotals[index] ?? 0} onRemoved={onRemoved} />
          ))}
        </ul>
      </div>
      <SummaryCard title="Order Summary" isBusy={quote.isFetching}>
        <Amounts
          rows={[['Items', itemsLabel(totals.itemCount)], ...(priced ? quoteRows(priced) : [])]}
          total={['Total Amount', formatKes(priced ? priced.total : totals.subtotal)]}
        />
        {priced && <VoucherField quote={priced} code={voucherCode} />}
        {!priced && (
          <p className="cart-summary__note">Delivery and VAT are added at checkout, where prices are confirmed.</p>
        )}
        <div className="cart-summary__actions">
          <Link to="/checkout" className="button">
            Proceed to Checkout
          </Link>
          <Link to="/" className="button button--ghost">
            Continue Shopping
          </Link>
        </div>
      </SummaryCard>
    </div>
  )
}
