import { sql } from 'drizzle-orm'

// The storefront listing, as one named read model shared by the catalogue (category, vendor and home pages) and
// search (its one-statement pages and facets, decision record 0007): products as shoppers see them, with their
// shop and category. It reads tables of two modules (catalog's products, images and categories; vendors' shops),
// so it lives here, in the database package, rather than inside either module.

export interface ProductRow {
  id: number
  slug: string
  name: string
  description: string
  price_cents: number
  discounted_price_cents: number | null
  stock_qty: number
  low_stock_threshold: number
  sales_count: number
  rating_sum: number
  rating_count: number
  created_at: Date | string
  vendor_id: number
  vendor_name: string
  vendor_slug: string
  vendor_is_verified: boolean
  category_id: number
  category_name: string
  category_slug: string
  parent_name: string | null
  parent_slug: string | null
  image_id: number | null
  image_alt: string | null
}

/** The listing columns, for any query over `products p` with `b` (business) and `c` (category) joined. */
export const listingColumns = sql`
  p.id, p.slug, p.name, p.description, p.price_cents, p.discounted_price_cents, p.stock_qty,
  p.low_stock_threshold, p.sales_count, p.rating_sum, p.rating_count, p.created_at,
  b.id as vendor_id, b.name as vendor_name, b.slug as vendor_slug, b.is_verified as vendor_is_verified,
  c.id as category_id, c.name as category_name, c.slug as category_slug,
  pc.name as parent_name, pc.slug as parent_slug,
  img.id as image_id, img.alt_text as image_alt`

/** Joins for the listing columns; the primary image (else the first) comes from a lateral lookup. */
export const listingJoins = sql`
  join businesses b on b.id = p.business_id
  join categories c on c.id = p.category_id
  left join categories pc on pc.id = c.parent_id
  left join lateral (
    select pi.id, pi.alt_text from product_images pi
    where pi.product_id = p.id order by pi.is_primary desc, pi.position, pi.id limit 1
  ) img on true`

/** What a shopper may see: active products of active shops in active categories. */
export const visibleProduct = sql`p.is_active and b.is_active and c.is_active and (pc.id is null or pc.is_active)`

export interface VendorRow {
  id: number
  slug: string
  name: string
  type: string
  is_verified: boolean
  county: string
  town: string
  description: string
  phone: string
  email: string
  rating_sum: number
  rating_count: number
  product_count: number
  created_at: Date | string
}
