import { type Db, queryRows } from '@soko/db/client'
import { Param, type SQL, sql } from 'drizzle-orm'

// SQL of the catalogue module. Rows come back as the database has them (cents, counts); service.ts maps them
// to the contract's shapes.

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

export function listProducts(db: Db, where: SQL, orderBy: SQL, limit: number, offset = 0): Promise<ProductRow[]> {
  return queryRows<ProductRow>(
    db,
    sql`select ${listingColumns} from products p ${listingJoins}
        where ${visibleProduct} and ${where} order by ${orderBy} limit ${limit} offset ${offset}`,
  )
}

/** Discounted, in-stock products of verified shops, biggest discounts first. */
export function listFeaturedProducts(db: Db, limit: number): Promise<ProductRow[]> {
  return listProducts(
    db,
    sql`p.discounted_price_cents is not null and p.stock_qty > 0 and b.is_verified`,
    sql`(p.price_cents - p.discounted_price_cents)::float8 / p.price_cents desc, p.sales_count desc, p.id`,
    limit,
  )
}

/** Best sellers that can still be bought ('nulls last' matches products_trending_idx, so the index is used). */
export function listTrendingProducts(db: Db, limit: number): Promise<ProductRow[]> {
  return listProducts(db, sql`p.stock_qty > 0`, sql`p.sales_count desc nulls last, p.id`, limit)
}

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

const vendorColumns = sql`
  b.id, b.slug, b.name, b.type, b.is_verified, b.county, b.town, b.description, b.phone, b.email,
  b.rating_sum, b.rating_count, b.created_at,
  (select count(*)::int from products p where p.business_id = b.id and p.is_active) as product_count`

/** Verified shops first, then the best rated with enough reviews to mean something. */
export function listTopVendors(db: Db, limit: number): Promise<VendorRow[]> {
  return queryRows<VendorRow>(
    db,
    sql`select ${vendorColumns} from businesses b where b.is_active
        order by b.is_verified desc,
          (b.rating_sum + 4.0 * 5) / (b.rating_count + 5) desc, b.rating_count desc, b.id
        limit ${limit}`,
  )
}

export async function getVendorBySlug(db: Db, slug: string): Promise<VendorRow | null> {
  const rows = await queryRows<VendorRow>(
    db,
    sql`select ${vendorColumns} from businesses b where b.slug = ${slug} and b.is_active`,
  )
  return rows[0] ?? null
}

export async function getVendorById(db: Db, id: number): Promise<VendorRow | null> {
  const rows = await queryRows<VendorRow>(
    db,
    sql`select ${vendorColumns} from businesses b where b.id = ${id} and b.is_active`,
  )
  return rows[0] ?? null
}

export interface BannerRow {
  id: number
  title: string
  subtitle: string
  image_url: string | null
  link_url: string
  link_text: string
  stat1: string
  stat1_label: string
  stat2: string
  stat2_label: string
  category_id: number | null
  category_name: string | null
  category_slug: string | null
}

export function listLiveBanners(db: Db): Promise<BannerRow[]> {
  return queryRows<BannerRow>(
    db,
    sql`select bn.id, bn.title, bn.subtitle, bn.image_url, bn.link_url, bn.link_text, bn.stat1, bn.stat1_label,
          bn.stat2, bn.stat2_label, c.id as category_id, c.name as category_name, c.slug as category_slug
        from banners bn left join categories c on c.id = bn.category_id
        where bn.is_active and (bn.starts_at is null or bn.starts_at <= now()) and (bn.ends_at is null or bn.ends_at > now())
        order by bn.position, bn.id`,
  )
}

/** When the next banner starts or ends by its schedule (no write announces that moment); null when none will. */
export async function nextBannerChange(db: Db): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    db,
    sql`select min(t) as at from (
          select starts_at as t from banners where is_active and starts_at > now()
          union all select ends_at from banners where is_active and ends_at > now()
        ) x`,
  )
  return row?.at ? new Date(row.at) : null
}

export interface CategoryRow {
  id: number
  slug: string
  name: string
  description: string
  image_url: string | null
  image_alt: string
  parent_id: number | null
  position: number
  product_count: number
}

/** Active categories, parents before children, each with its visible products (its own and its children's). */
export function listCategories(db: Db): Promise<CategoryRow[]> {
  return queryRows<CategoryRow>(
    db,
    sql`with own as (
          select p.category_id, count(*)::int as n from products p
          join businesses b on b.id = p.business_id
          where p.is_active and b.is_active group by p.category_id
        )
        select c.id, c.slug, c.name, c.description, c.image_url, c.image_alt, c.parent_id, c.position,
          (coalesce((select n from own where own.category_id = c.id), 0)
            + coalesce((select sum(own.n) from own join categories ch on ch.id = own.category_id
                        where ch.parent_id = c.id and ch.is_active), 0))::int as product_count
        from categories c
        left join categories parent on parent.id = c.parent_id
        where c.is_active and (parent.id is null or parent.is_active)
        order by c.parent_id nulls first, c.position, c.name`,
  )
}

export interface ProductDetailRow extends ProductRow {
  view_count: number
  updated_at: Date | string
  vendor_type: string
  vendor_county: string
  vendor_town: string
  vendor_rating_sum: number
  vendor_rating_count: number
}

export async function getProductBySlug(db: Db, slug: string): Promise<ProductDetailRow | null> {
  const rows = await queryRows<ProductDetailRow>(
    db,
    sql`select ${listingColumns}, p.view_count, p.updated_at, b.type as vendor_type, b.county as vendor_county,
          b.town as vendor_town, b.rating_sum as vendor_rating_sum, b.rating_count as vendor_rating_count
        from products p ${listingJoins}
        where p.slug = ${slug} and ${visibleProduct}`,
  )
  return rows[0] ?? null
}

export interface ImageRow {
  id: number
  alt_text: string
  is_primary: boolean
}

export function listProductImages(db: Db, productId: number): Promise<ImageRow[]> {
  return queryRows<ImageRow>(
    db,
    sql`select id, alt_text, is_primary from product_images where product_id = ${productId}
        order by is_primary desc, position, id`,
  )
}

export interface ReviewRow {
  id: number
  author_name: string
  rating: number
  comment: string
  created_at: Date | string
}

export function listReviews(db: Db, productId: number, limit: number, offset: number): Promise<ReviewRow[]> {
  return queryRows<ReviewRow>(
    db,
    sql`select id, author_name, rating, comment, created_at from reviews where product_id = ${productId}
        order by created_at desc, id desc limit ${limit} offset ${offset}`,
  )
}

export async function getVisibleProductId(db: Db, slug: string): Promise<{ id: number; review_count: number } | null> {
  const rows = await queryRows<{ id: number; review_count: number }>(
    db,
    sql`select p.id, p.rating_count as review_count from products p ${listingJoins} where p.slug = ${slug} and ${visibleProduct}`,
  )
  return rows[0] ?? null
}

/** Adds buffered page views in one statement (view counts are not worth a write per page view). */
export async function addProductViews(db: Db, views: Map<number, number>): Promise<void> {
  if (views.size === 0) return
  await db.execute(
    sql`update products p set view_count = p.view_count + v.n
        from unnest(${new Param([...views.keys()])}::int[], ${new Param([...views.values()])}::int[]) as v(id, n)
        where p.id = v.id`,
  )
}
