import { Link } from 'react-router'
import { Price } from '../../components/ui/price.tsx'
import { type CartItem, PLACEHOLDER_IMAGE, removeFromCart, setCartQuantity } from '../../lib/cart-store.ts'
import { formatKes } from '../../lib/format.ts'

export interface CartLineProps {
  item: CartItem
  /** Price times quantity (KES), from the shared cart arithmetic. */
  subtotal: number
  onRemoved: (item: CartItem) => void
}

/**
 * One line of the cart (specification section 2): image, name, price (the original struck through when
 * different), 'by {business name}', quantity minus/plus (never below 1; the plus stops at the stock when known),
 * the line's subtotal and 'Remove'.
 */
export function CartLine({ item, subtotal, onRemoved }: CartLineProps) {
  const href = `/product/${encodeURIComponent(item.slug)}`
  const max = item.stock_qty
  const isAtStock = max !== null && item.quantity >= max
  return (
    <li className="card cart-line">
      <Link to={href} className="cart-line__media" tabIndex={-1} aria-hidden="true">
        <img
          src={item.image || PLACEHOLDER_IMAGE}
          alt=""
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
          onError={(event) => {
            // A picture removed since the line was stored: show the placeholder rather than a broken image.
            if (!event.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) event.currentTarget.src = PLACEHOLDER_IMAGE
          }}
        />
      </Link>
      <div className="cart-line__info">
        <h2 className="cart-line__name">
          <Link to={href}>{item.name}</Link>
        </h2>
        <Price price={item.price} originalPrice={item.originalPrice !== item.price ? item.originalPrice : null} />
        {item.business.name && <p className="cart-line__vendor">by {item.business.name}</p>}
        {isAtStock && max !== null && <p className="cart-line__limit">Only {max} in stock</p>}
      </div>
      <div className="cart-line__controls">
        <fieldset className="cart-qty">
          <legend className="visually-hidden">Quantity of {item.name}</legend>
          <button
            type="button"
            className="cart-qty__button"
            aria-label={`Decrease quantity of ${item.name}`}
            disabled={item.quantity <= 1}
            onClick={() => setCartQuantity(item.id, item.quantity - 1)}
          >
            <span aria-hidden="true">−</span>
          </button>
          <output className="cart-qty__value" aria-live="polite" aria-label={`Quantity of ${item.name}`}>
            {item.quantity}
          </output>
          <button
            type="button"
            className="cart-qty__button"
            aria-label={`Increase quantity of ${item.name}`}
            disabled={isAtStock}
            onClick={() => setCartQuantity(item.id, item.quantity + 1)}
          >
            <span aria-hidden="true">+</span>
          </button>
        </fieldset>
        <p className="cart-line__subtotal">
          <span className="visually-hidden">Subtotal: </span>
          {formatKes(subtotal)}
        </p>
        <button
          type="button"
          className="cart-line__remove"
          aria-label={`Remove ${item.name}`}
          onClick={() => {
            removeFromCart(item.id)
            onRemoved(item)
          }}
        >
          Remove
        </button>
      </div>
    </li>
  )
}
