import type { Vendor } from '@soko/contract/catalog'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Stars } from '../ui/stars.tsx'
import { VerifiedMark } from '../ui/verified-mark.tsx'
import './shop-card.css'

/** A shop's initial in a green circle: its picture on cards and on the product page's seller information. */
export function ShopAvatar({ name }: { name: string }) {
  return (
    <span className="shop-avatar" aria-hidden="true">
      {name.charAt(0)}
    </span>
  )
}

/**
 * Cards linking to each shop's store page ('Top Vendors', 'Matching Vendors'): its initial, name with the verified
 * mark, the line `details` gives (type, town ...), and its rating.
 */
export function ShopCards({ shops, details }: { shops: readonly Vendor[]; details: (shop: Vendor) => ReactNode }) {
  return (
    <ul className="shop-cards">
      {shops.map((shop) => (
        <li key={shop.id}>
          <Link to={`/vendor/${shop.slug}`} className="card shop-card" prefetch="intent">
            <ShopAvatar name={shop.name} />
            <span className="shop-card__body">
              <span className="shop-card__name">
                {shop.name}
                {shop.is_verified && <VerifiedMark />}
              </span>
              <span className="shop-card__meta">{details(shop)}</span>
              <Stars rating={shop.avg_rating} count={shop.review_count} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
