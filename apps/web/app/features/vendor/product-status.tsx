import type { VendorProductDetail } from '@soko/contract/vendor'
import { Tag } from '../../components/ui/tag.tsx'

/** Whether the product is on sale, off sale, or taken down by an admin. */
export function ProductStatus({ product }: { product: Pick<VendorProductDetail, 'isActive' | 'deactivatedReason'> }) {
  if (product.deactivatedReason) return <Tag tone="bad">Taken down by Soko</Tag>
  return product.isActive ? <Tag tone="good">On sale</Tag> : <Tag>Off sale</Tag>
}
