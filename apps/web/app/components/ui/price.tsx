import { formatKes } from '../../lib/format.ts'

export interface PriceProps {
  /** What the shopper pays (KES). */
  price: number
  /** The undiscounted price, struck through when higher than `price`. */
  originalPrice?: number | null
  size?: 'sm' | 'lg'
}

/** A price in KSh, with the original struck through when discounted. */
export function Price({ price, originalPrice, size = 'sm' }: PriceProps) {
  const isDiscounted = originalPrice != null && originalPrice > price
  return (
    <span className={`price price--${size}`}>
      <span className="price__now">{formatKes(price)}</span>
      {isDiscounted && (
        <s className="price__was">
          <span className="visually-hidden">was </span>
          {formatKes(originalPrice)}
        </s>
      )}
    </span>
  )
}
