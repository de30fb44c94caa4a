import type { ProductDetail as Product, Review } from '@soko/contract/catalog'
import type { FlashSales } from '@soko/contract/flash-sales'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { ShopAvatar } from '../../components/site/shop-card.tsx'
import { Countdown } from '../../components/ui/countdown.tsx'
import { Stars } from '../../components/ui/stars.tsx'
import { VerifiedMark } from '../../components/ui/verified-mark.tsx'
import { formatDate, formatKes } from '../../lib/format.ts'
import { stockLine } from '../../lib/stock.ts'
import { ProductGallery } from './product-gallery.tsx'

/** Specification section 9: the description folds when longer than 150 characters; the page shows 2 reviews. */
const DESCRIPTION_FOLD = 150
const REVIEWS_SHOWN = 2

const numberFormat = new Intl.NumberFormat('en-KE')

function PriceBlock({ product }: { product: Product }) {
  const isDiscounted = product.discounted_price !== null && product.discounted_price < product.price
  return (
    <div className="pd-price">
      <p className="pd-price__now">
        {isDiscounted && <span className="visually-hidden">Now </span>}
        {formatKes(product.effective_price)}
      </p>
      {isDiscounted && (
        <>
          <p className="pd-price__was">
            <s>
              <span className="visually-hidden">Was </span>
              {formatKes(product.price)}
            </s>
            <span className="pd-price__save">Save {formatKes(product.price - product.effective_price)}</span>
            <span className="pd-price__off">{product.discount_percentage}% OFF</span>
          </p>
          <p className="pd-price__note">Limited time offer</p>
        </>
      )}
    </div>
  )
}

function Stats({ product }: { product: Product }) {
  const hasRating = product.avg_rating !== null && product.review_count > 0
  return (
    <dl className="pd-stats">
      <div className="card pd-stats__item">
        <dt>{hasRating ? 'Rating' : 'No ratings'}</dt>
        <dd>
          {hasRating ? (
            <>
              <span aria-hidden="true" className="pd-stats__star">
                ★{' '}
              </span>
              {product.avg_rating?.toFixed(1)}
            </>
          ) : (
            '--'
          )}
        </dd>
      </div>
      <div className="card pd-stats__item">
        <dt>Reviews</dt>
        <dd>{numberFormat.format(product.review_count)}</dd>
      </div>
      <div className="card pd-stats__item">
        <dt>Views</dt>
        <dd>{numberFormat.format(product.view_count)}</dd>
      </div>
    </dl>
  )
}

function StockBadge({ product }: { product: Product }) {
  const stock = stockLine(product)
  if (!stock.isInStock) return <p className="pd-stock pd-stock--out">{stock.label}</p>
  return (
    <p className="pd-stock pd-stock--in">
      {stock.label}
      {stock.lowStockNote && (
        <>
          {' '}
          <span className="pd-stock__low">{stock.lowStockNote}</span>
        </>
      )}
    </p>
  )
}

function SellerCard({ product }: { product: Product }) {
  const seller = product.business
  return (
    <section className="card pd-card" aria-labelledby="seller-title">
      <h2 id="seller-title" className="pd-card__title">
        Seller Information
      </h2>
      <div className="pd-seller">
        <ShopAvatar name={seller.name} />
        <div className="pd-seller__body">
          <p className="pd-seller__name">
            {seller.name}
            {seller.is_verified && <VerifiedMark />}
          </p>
          <p className="pd-seller__meta">
            {seller.type}
            {seller.town && ` · ${seller.town === seller.county ? seller.town : `${seller.town}, ${seller.county}`}`}
          </p>
          {seller.avg_rating !== null && <Stars rating={seller.avg_rating} />}
        </div>
        <Link to={`/vendor/${seller.slug}`} className="button button--ghost pd-seller__store">
          View Store
        </Link>
      </div>
    </section>
  )
}

function Description({ text }: { text: string }) {
  const id = useId()
  const [isExpanded, setExpanded] = useState(false)
  const isLong = text.length > DESCRIPTION_FOLD
  return (
    <section className="card pd-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="pd-card__title">
        Description
      </h2>
      <p
        id={`${id}-text`}
        className={isLong && !isExpanded ? 'pd-description pd-description--clamped' : 'pd-description'}
      >
        {text}
      </p>
      {isLong && (
        <button
          type="button"
          className="pd-link-button"
          aria-expanded={isExpanded}
          aria-controls={`${id}-text`}
          onClick={() => setExpanded((value) => !value)}
        >
          {isExpanded ? 'Show Less' : 'Read More'}
        </button>
      )}
    </section>
  )
}

/** One review: author (or 'Anonymous'), stars, comment and date. */
export function ReviewItem({ review }: { review: Review }) {
  return (
    <li className="pd-review">
      <div className="pd-review__head">
        <span className="pd-review__author">{review.user_name.trim() || 'Anonymous'}</span>
        <time className="pd-review__date" dateTime={review.created_at}>
          {formatDate(review.created_at)}
        </time>
      </div>
      <Stars rating={review.rating} />
      {review.comment && <p className="pd-review__comment">{review.comment}</p>}
    </li>
  )
}

/** 'No reviews yet', in place of the list; in a card of its own where it stands alone (the full review list). */
export function NoReviews({ isCard = false }: { isCard?: boolean }) {
  return (
    <div className={isCard ? 'card pd-card pd-empty' : 'pd-empty'}>
      <p className="pd-empty__title">No reviews yet</p>
      <p>Be the first to review this product!</p>
    </div>
  )
}

function Reviews({ product }: { product: Product }) {
  return (
    <section className="card pd-card" aria-labelledby="reviews-title">
      <div className="pd-card__head">
        <h2 id="reviews-title" className="pd-card__title">
          Customer Reviews
        </h2>
        {product.review_count > 0 && (
          <Link to={`/product/${product.slug}/reviews`} className="pd-card__link">
            View All ({product.review_count})
          </Link>
        )}
      </div>
      {product.reviews.length > 0 ? (
        <ul className="pd-reviews">
          {product.reviews.slice(0, REVIEWS_SHOWN).map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ul>
      ) : (
        <NoReviews />
      )}
    </section>
  )
}

/**
 * The options of a product with variants (Size, Colour...): each value a link to its variant's page, the current
 * one marked, a sold-out one struck through, and one that exists only with another value of another option shown
 * apart (choosing it changes that option too). Links, so the picker works before the page's script has loaded.
 */
function VariantPicker({ variants }: { variants: NonNullable<Product['variants']> }) {
  return (
    <div className="pd-variants">
      {variants.options.map((option, index) => {
        const chosen = variants.option_values[index] ?? ''
        return (
          <fieldset key={option.name} className="pd-option">
            <legend className="pd-option__name">
              {option.name}: <strong>{chosen}</strong>
            </legend>
            <ul className="pd-option__values">
              {option.values.map((choice) => {
                const note =
                  choice.state === 'out_of_stock'
                    ? ', sold out'
                    : choice.state === 'other_combination'
                      ? ', with other options'
                      : ''
                return (
                  <li key={choice.value}>
                    <Link
                      to={`/product/${choice.slug}`}
                      replace
                      preventScrollReset
                      className={`pd-option__value pd-option__value--${choice.state.replaceAll('_', '-')}`}
                      aria-current={choice.selected ? 'true' : undefined}
                      aria-label={`${option.name} ${choice.value}${note}`}
                    >
                      {choice.value}
                    </Link>
                  </li>
                )
              })}
            </ul>
          </fieldset>
        )
      })}
    </div>
  )
}

/** A running flash sale: its units left and the time left (the price block above shows the sale price). */
function FlashSaleNotice({ flashSales }: { flashSales: FlashSales }) {
  const sale = flashSales.sales[0]
  if (!sale) return null
  return (
    <div className="pd-flash">
      <p className="pd-flash__title">
        <span aria-hidden="true">⚡ </span>Flash sale
      </p>
      <p className="pd-flash__left">
        {sale.units_left} left at this price, up to {sale.per_order_limit} per order
      </p>
      <Countdown endsAt={sale.ends_at} now={flashSales.now} className="pd-flash__countdown" />
    </div>
  )
}

/** Everything the product page shows about one product (specification section 2, "Product detail"). */
export function ProductDetail({ product, flashSales }: { product: Product; flashSales?: FlashSales | undefined }) {
  return (
    <div className="pd-layout">
      <ProductGallery product={product} />
      <div className="pd-info">
        <div className="pd-summary">
          <h1 className="pd-summary__name">{product.variants?.product_name ?? product.name}</h1>
          <div className="pd-chips">
            <Link to={`/category/${product.category.slug}`} className="pill pd-chip">
              {product.category.name}
            </Link>
            {product.business.is_verified && (
              <span className="pill pd-chip pd-chip--verified">
                <span aria-hidden="true">✔</span>Verified Seller
              </span>
            )}
          </div>
          <PriceBlock product={product} />
          {flashSales && <FlashSaleNotice flashSales={flashSales} />}
          {product.variants && <VariantPicker variants={product.variants} />}
          <Stats product={product} />
          <StockBadge product={product} />
        </div>
        <SellerCard product={product} />
        <Description text={product.description} />
        <Reviews product={product} />
      </div>
    </div>
  )
}
