import type { Vendor } from '@soko/contract/catalog'
import { Link } from 'react-router'
import { Stars } from '../../components/ui/stars.tsx'
import { VerifiedMark } from '../../components/ui/verified-mark.tsx'

/** 'Top Vendors': cards linking to each vendor's store, with its verified mark and rating. */
export function TopVendors({ vendors }: { vendors: Vendor[] }) {
  return (
    <ul className="vendor-cards">
      {vendors.map((vendor) => (
        <li key={vendor.id}>
          <Link to={`/vendor/${vendor.slug}`} className="vendor-card" prefetch="intent">
            <span className="vendor-card__avatar" aria-hidden="true">
              {vendor.name.charAt(0)}
            </span>
            <span className="vendor-card__body">
              <span className="vendor-card__name">
                {vendor.name}
                {vendor.is_verified && <VerifiedMark />}
              </span>
              <span className="vendor-card__meta">
                {vendor.type} · {vendor.town}
              </span>
              <Stars rating={vendor.avg_rating} count={vendor.review_count} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
