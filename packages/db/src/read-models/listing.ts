import { sql } from 'drizzle-orm'
import { categories, productFamilies, productImages, products } from '../schema/catalog.ts'
import { businesses } from '../schema/vendors.ts'
import { type RowOf, value } from '../typed-sql.ts'

// The storefront listing, as one named read model shared by the catalogue (category, vendor and home pages) and
// search (its one-statement pages and facets, decision record 0007): products as shoppers see them, with their
// shop and category. It reads tables of two modules (catalog's products, images and categories; vendors' shops),
// so it lives here, in the database package, rather than inside either module.

/** The columns `listingColumns` selects, each with the schema column it reads (parent and image are left-joined). */
export const listingShape = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  price_cents: products.priceCents,
  discounted_price_cents: products.discountedPriceCents,
  stock_qty: products.stockQty,
  low_stock_threshold: products.lowStockThreshold,
  sales_count: products.salesCount,
  rating_sum: products.ratingSum,
  rating_count: products.ratingCount,
  created_at: products.createdAt,
  vendor_id: businesses.id,
  vendor_name: businesses.name,
  vendor_slug: businesses.slug,
  vendor_is_verified: businesses.isVerified,
  category_id: categories.id,
  category_name: categories.name,
  category_slug: categories.slug,
  parent_name: value.nullable(categories.name),
  parent_slug: value.nullable(categories.slug),
  image_id: value.nullable(productImages.id),
  image_alt: value.nullable(productImages.altText),
  /** The product this row is a variant of, its name and options, and its active variants' count and prices. */
  family_id: value.nullable(productFamilies.id),
  family_name: value.nullable(productFamilies.name),
  family_options: value.nullable(productFamilies.optionNames),
  option_values: products.optionValues,
  variant_count: value.int,
  variant_min_cents: value.nullable(products.effectivePriceCents),
  variant_max_cents: value.nullable(products.effectivePriceCents),
}

export type ProductRow = RowOf<typeof listingShape>

/** The listing columns, for any query over `products p` with `b` (business) and `c` (category) joined. */
export const listingColumns = sql`
  p.id, p.slug, p.name, p.description, p.price_cents, p.discounted_price_cents, p.stock_qty,
  p.low_stock_threshold, p.sales_count, p.rating_sum, p.rating_count, p.created_at,
  b.id as vendor_id, b.name as vendor_name, b.slug as vendor_slug, b.is_verified as vendor_is_verified,
  c.id as category_id, c.name as category_name, c.slug as category_slug,
  pc.name as parent_name, pc.slug as parent_slug,
  img.id as image_id, img.alt_text as image_alt,
  f.id as family_id, f.name as family_name, f.option_names as family_options, p.option_values,
  coalesce(fam.n, 0) as variant_count, fam.min_cents as variant_min_cents, fam.max_cents as variant_max_cents`

/** Joins for the listing columns; the primary image (else the first) comes from a lateral lookup. */
export const listingJoins = sql`
  join businesses b on b.id = p.business_id
  join categories c on c.id = p.category_id
  left join categories pc on pc.id = c.parent_id
  left join lateral (
    select pi.id, pi.alt_text from product_images pi
    where pi.product_id = p.id order by pi.is_primary desc, pi.position, pi.id limit 1
  ) img on true
  left join product_families f on f.id = p.family_id
  left join lateral (
    select count(*)::int as n, min(v.effective_price_cents) as min_cents, max(v.effective_price_cents) as max_cents
    from products v where v.family_id = p.family_id and v.is_active
  ) fam on p.family_id is not null`

/** What a shopper may see: active products of active shops in active categories. */
export const visibleProduct = sql`p.is_active and b.is_active and c.is_active and (pc.id is null or pc.is_active)`

/**
 * What a listing shows: visible products, one card per product with variants (its `listed` variant, migration
 * 0027). A product page shows any visible variant.
 */
export const listedProduct = sql`${visibleProduct} and p.listed`

/** A shop's public page: its own columns, and how many of its products are listed (each query counts them its way). */
export const vendorShape = {
  id: businesses.id,
  slug: businesses.slug,
  name: businesses.name,
  type: businesses.type,
  is_verified: businesses.isVerified,
  county: businesses.county,
  town: businesses.town,
  description: businesses.description,
  phone: businesses.phone,
  email: businesses.email,
  rating_sum: businesses.ratingSum,
  rating_count: businesses.ratingCount,
  created_at: businesses.createdAt,
  product_count: value.int,
}

export type VendorRow = RowOf<typeof vendorShape>
