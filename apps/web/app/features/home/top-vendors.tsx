import type { Vendor } from '@soko/contract/catalog'
import { ShopCards } from '../../components/site/shop-card.tsx'

/** 'Top Vendors': cards linking to each vendor's store, with its verified mark and rating. */
export function TopVendors({ vendors }: { vendors: Vendor[] }) {
  return <ShopCards shops={vendors} details={(vendor) => `${vendor.type} · ${vendor.town}`} />
}
