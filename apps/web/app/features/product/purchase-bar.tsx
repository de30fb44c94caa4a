import type { ProductDetail } from '@soko/contract/catalog'
import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { FavouriteButton } from '../../components/site/favourite-button.tsx'
import { addToCart, useIsInCart } from '../../lib/cart-store.ts'
import { clampQuantity, detailToCartItem } from './product-data.ts'

/**
 * The fixed bar at the bottom of the product page (specification section 2): favourite, a quantity from 1 to the
 * stock, 'Add to Cart' (a green 'Added' once in the cart) and 'Buy Now'; a disabled 'Out of Stock' when none is left.
 */
export function PurchaseBar({ product }: { product: ProductDetail }) {
  const navigate = useNavigate()
  const id = useId()
  const isInCart = useIsInCart(product.id)
  const [quantity, setQuantity] = useState(1)
  // What is typed may be briefly out of range or empty; it is clamped when the field is left.
  const [draft, setDraft] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const max = Math.max(1, product.stock_qty)
  const canBuy = product.is_in_stock && product.stock_qty > 0

  const commit = (value: number) => {
    setQuantity(clampQuantity(value, product.stock_qty))
    setDraft(null)
  }

  return (
    <section className="pd-bar" aria-label="Buy this product">
      <div className="pd-bar__inner">
        <FavouriteButton productId={product.id} productName={product.name} className="pd-icon-button" />
        {canBuy ? (
          <>
            <div className="pd-stepper">
              <button
                type="button"
                className="pd-stepper__button"
                aria-label="Decrease quantity"
                aria-controls={`${id}-qty`}
                disabled={quantity <= 1}
                onClick={() => commit(quantity - 1)}
              >
                <span aria-hidden="true">−</span>
              </button>
              <label htmlFor={`${id}-qty`} className="visually-hidden">
                Quantity
              </label>
              <input
                id={`${id}-qty`}
                className="pd-stepper__input"
                type="number"
                inputMode="numeric"
                min={1}
                max={max}
                step={1}
                value={draft ?? String(quantity)}
                onChange={(event) => {
                  const value = event.target.value
                  setDraft(value)
                  if (value !== '' && Number.isFinite(Number(value))) {
                    setQuantity(clampQuantity(Number(value), product.stock_qty))
                  }
                }}
                onBlur={(event) => commit(event.target.value === '' ? quantity : Number(event.target.value))}
              />
              <button
                type="button"
                className="pd-stepper__button"
                aria-label="Increase quantity"
                aria-controls={`${id}-qty`}
                disabled={quantity >= max}
                onClick={() => commit(quantity + 1)}
              >
                <span aria-hidden="true">+</span>
              </button>
            </div>
            <button
              type="button"
              className={isInCart ? 'button pd-bar__add pd-bar__add--added' : 'button button--ghost pd-bar__add'}
              onClick={() => {
                commit(quantity)
                addToCart(detailToCartItem(product), quantity)
                setAnnouncement(`${quantity} × ${product.name} added to your cart.`)
              }}
            >
              {isInCart ? (
                <>
                  <span aria-hidden="true">✓</span> Added
                </>
              ) : (
                'Add to Cart'
              )}
            </button>
            <button
              type="button"
              className="button pd-bar__buy"
              onClick={() => {
                // Already in the cart: go and pay for it rather than add a second helping.
                if (!isInCart) addToCart(detailToCartItem(product), quantity)
                navigate('/checkout')
              }}
            >
              Buy Now
            </button>
          </>
        ) : (
          <button type="button" className="button pd-bar__out" disabled>
            Out of Stock
          </button>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </section>
  )
}
