import type { FlashSaleOffer, FlashSales } from '@soko/contract/flash-sales'
import { Link } from 'react-router'
import { Countdown } from '../../components/ui/countdown.tsx'
import { TapImage } from '../../components/ui/tap-image.tsx'
import { addToCart, cartItemOf, PLACEHOLDER_IMAGE, useIsInCart } from '../../lib/cart-store.ts'
import { useDataSaver } from '../../lib/data-saver.ts'
import { formatKes } from '../../lib/format.ts'

/** The cart line of a sale: at the sale price, which the quote confirms while units are left. */
function saleCartItem(sale: FlashSaleOffer) {
  const { product } = sale
  return cartItemOf(
    { ...product, effective_price: sale.sale_price, discounted_price: sale.sale_price },
    product.thumbnail_url,
    product.vendor.name,
  )
}

function FlashSaleCard({ sale, now }: { sale: FlashSaleOffer; now: string }) {
  const { product } = sale
  const isInCart = useIsInCart(product.id)
  const leftPercent = Math.round((sale.units_left / sale.quantity) * 100)
  const dataSaver = useDataSaver()
  const thumbnail = product.primary_image?.thumbnail_url
  const picture = thumbnail ? (
    <TapImage
      className="flash-card__image"
      label={product.primary_image?.alt_text || product.name}
      lowQualitySrc={thumbnail}
      src={thumbnail}
      alt={product.primary_image?.alt_text ?? ''}
      width={200}
      height={200}
      loading="lazy"
      decoding="async"
    />
  ) : (
    <img className="flash-card__image" src={PLACEHOLDER_IMAGE} alt="" width={200} height={200} loading="lazy" />
  )
  return (
    <article className="card flash-card" aria-labelledby={`flash-${sale.id}`}>
      {/* In data saver mode the picture is a button of its own: it cannot sit inside the link. */}
      {dataSaver && picture}
      <Link to={`/product/${product.slug}`} className="flash-card__link" prefetch="intent">
        {!dataSaver && picture}
        <h3 id={`flash-${sale.id}`} className="flash-card__name">
          {product.name}
        </h3>
      </Link>
      <p className="flash-card__price">
        <span className="visually-hidden">Flash sale price </span>
        <strong>{formatKes(sale.sale_price)}</strong>{' '}
        <s>
          <span className="visually-hidden">Was </span>
          {formatKes(sale.original_price)}
        </s>{' '}
        <span className="badge badge--sale">-{sale.discount_percentage}%</span>
      </p>
      <p className="flash-card__left">{sale.units_left === 1 ? '1 left' : `${sale.units_left} left`}</p>
      <div className="flash-card__bar" aria-hidden="true">
        <span style={{ width: `${leftPercent}%` }} />
      </div>
      <Countdown endsAt={sale.ends_at} now={now} className="flash-card__countdown" />
      <p className="flash-card__limit">Up to {sale.per_order_limit} per order</p>
      <button
        type="button"
        className={isInCart ? 'button button--added' : 'button'}
        aria-label={`${isInCart ? 'Added' : 'Add to Cart'}: ${product.name}`}
        onClick={() => {
          if (!isInCart) addToCart(saleCartItem(sale), 1)
        }}
      >
        {isInCart ? 'Added' : 'Add to Cart'}
      </button>
    </article>
  )
}

/** The home page's 'Flash Sale' section: the running sales with units left (nothing when none runs). */
export function FlashSaleSection({ flashSales }: { flashSales: FlashSales }) {
  if (flashSales.sales.length === 0) return null
  return (
    <section className="home-section flash-sale" aria-labelledby="flash-sale-title">
      <h2 id="flash-sale-title" className="home-section__title">
        <span aria-hidden="true">⚡ </span>Flash Sale
      </h2>
      <ul className="flash-sale__list" aria-label="Products on flash sale">
        {flashSales.sales.map((sale) => (
          <li key={sale.id}>
            <FlashSaleCard sale={sale} now={flashSales.now} />
          </li>
        ))}
      </ul>
    </section>
  )
}
