import type { ProductListing } from '@soko/contract/catalog'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { FavouriteButton } from '../../components/site/favourite-button.tsx'
import { Price } from '../../components/ui/price.tsx'
import { Stars } from '../../components/ui/stars.tsx'
import { TapImage } from '../../components/ui/tap-image.tsx'
import { VerifiedMark } from '../../components/ui/verified-mark.tsx'
import { addToCart, type CartItem, cartItemOf, PLACEHOLDER_IMAGE, useIsInCart } from '../../lib/cart-store.ts'
import { useDataSaver } from '../../lib/data-saver.ts'
import { formatKes } from '../../lib/format.ts'
import { stockLine } from '../../lib/stock.ts'

/** The cart line for a listed product (specification section 3's cart item). */
export function listingToCartItem(product: ProductListing): Omit<CartItem, 'quantity'> {
  return cartItemOf(product, product.thumbnail_url, product.vendor.name)
}

export interface ProductCardProps {
  product: ProductListing
  /** Images of cards in the first screenful load eagerly; the rest lazily. */
  eager?: boolean
  /** The first cards of a results grid: likely the page's largest image, so fetched ahead of the rest. */
  priority?: boolean
}

/** A product in a grid: image, name, price, vendor, stock and 'Add to Cart' (specification section 2). */
export function ProductCard({ product, eager = false, priority = false }: ProductCardProps) {
  const isInCart = useIsInCart(product.id)
  const href = `/product/${product.slug}`
  const image = product.primary_image
  const stock = stockLine(product)
  const dataSaver = useDataSaver()
  const media = (
    <div className="product-card__media">
      {image ? (
        <TapImage
          className="product-card__image"
          label={image.alt_text || product.name}
          lowQualitySrc={image.thumbnail_url}
          src={image.thumbnail_url}
          srcSet={`${image.thumbnail_url} 200w, ${image.medium_url} 600w`}
          sizes="(max-width: 480px) 50vw, 220px"
          // Inside the link the product's name is the heading beside it: the picture says nothing more.
          alt={dataSaver ? (image.alt_text ?? '') : ''}
          width={200}
          height={200}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
      ) : (
        <img className="product-card__image" src={PLACEHOLDER_IMAGE} alt="" width={200} height={200} />
      )}
      {product.discount_percentage > 0 && <span className="badge badge--sale">-{product.discount_percentage}%</span>}
    </div>
  )
  return (
    <article className="card product-card" aria-labelledby={`product-${product.id}`}>
      <FavouriteButton
        productId={product.id}
        productName={product.name}
        className="favourite product-card__favourite"
        size={18}
      />
      {/* In data saver mode the picture is a button of its own: it cannot sit inside the link. */}
      {dataSaver && media}
      <Link to={href} className="product-card__link" prefetch="intent">
        {!dataSaver && media}
        <h3 id={`product-${product.id}`} className="product-card__name">
          {product.name}
        </h3>
      </Link>
      {product.variants && product.variants.min_price < product.variants.max_price ? (
        <span className="price price--sm">
          <span className="price__now">From {formatKes(product.variants.min_price)}</span>
        </span>
      ) : (
        <Price price={product.effective_price} originalPrice={product.price} />
      )}
      <p className="product-card__vendor">
        {product.vendor.name}
        {product.vendor.is_verified && <VerifiedMark />}
      </p>
      <div className="product-card__meta">
        <Stars rating={product.average_rating} count={product.review_count} />
        <span className={stock.isInStock ? 'stock stock--in' : 'stock stock--out'}>
          {stock.label}
          {stock.lowStockNote && (
            <>
              {' '}
              <span className="stock__low">{stock.lowStockNote}</span>
            </>
          )}
        </span>
      </div>
      {product.variants ? (
        // A product with options is bought from its page, where the shopper picks them.
        <Link
          to={href}
          className="button product-card__cta"
          // The visible words start the name (speech users say what they see), the product follows.
          aria-label={`Choose Options: ${product.variants.options.join(' and ').toLowerCase()} of ${product.name}`}
        >
          Choose Options
        </Link>
      ) : stock.isInStock ? (
        <button
          type="button"
          className={isInCart ? 'button button--added product-card__cta' : 'button product-card__cta'}
          onClick={() => addToCart(listingToCartItem(product))}
          aria-label={isInCart ? `Added to Cart: ${product.name}; add one more` : `Add to Cart: ${product.name}`}
        >
          {isInCart ? 'Added to Cart' : 'Add to Cart'}
        </button>
      ) : (
        <button type="button" className="button product-card__cta" disabled>
          Out of Stock
        </button>
      )}
    </article>
  )
}

/** Up to 5 columns, cards at least 180 px wide (specification section 2). */
export function ProductGrid({ children }: { children: ReactNode }) {
  return <div className="product-grid">{children}</div>
}
