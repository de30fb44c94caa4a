import { type Db, queryRows } from '@soko/db/client'
import { type SQL, sql } from 'drizzle-orm'

// The storefront's read model: products as shoppers see them, with their shop's name and verified badge and their
// category, and shops' public pages. Read only. Products, images and categories are the catalogue's own tables;
// the shops (businesses) are the vendors module's, read here because what a shopper may see depends on whether the
// shop is open. Search reads its pages through the same listing (see search/repository.ts).

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

export async function getVisibleProductId(db: Db, slug: string): Promise<{ id: number; review_count: number } | null> {
  const rows = await queryRows<{ id: number; review_count: number }>(
    db,
    sql`select p.id, p.rating_count as review_count from products p ${listingJoins} where p.slug = ${slug} and ${visibleProduct}`,
  )
  return rows[0] ?? null
}

/** The visible products among `ids`, in the order of `ids` (the hidden and the missing left out). */
export async function listVisibleProducts(db: Db, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return []
  const rows = await queryRows<ProductRow>(
    db,
    sql`select ${listingColumns} from products p ${listingJoins}
        where p.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and ${visibleProduct}`,
  )
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

export interface ProductForQuote {
  id: number
  slug: string
  name: string
  price_cents: number
  effective_price_cents: number
  stock_qty: number
  sellable: boolean
  business_id: number
  business_name: string
  image_id: number | null
}

/**
 * The products of a cart as the quote needs them, sellable when the product and its shop are active. `lock` takes their row locks (ordered by id, so concurrent
 * checkouts of overlapping carts never deadlock): inside the order transaction, what was quoted is what is sold.
 */
export function productsForQuote(db: Db, ids: number[], lock: boolean): Promise<ProductForQuote[]> {
  if (ids.length === 0) return Promise.resolve([])
  return queryRows<ProductForQuote>(
    db,
    sql`
      select p.id, p.slug, p.name, p.price_cents, p.effective_price_cents, p.stock_qty,
        (p.is_active and b.is_active) as sellable,
        b.id as business_id, b.name as business_name,
        (select pi.id from product_images pi where pi.product_id = p.id
          order by pi.is_primary desc, pi.position, pi.id limit 1) as image_id
      from products p join businesses b on b.id = p.business_id
      where p.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by p.id
      ${lock ? sql`for update of p` : sql``}`,
  )
}

/** What a product image's generated demo picture shows: the product's name, its shop's, and the image's colour. */
export async function productImageSubject(
  db: Db,
  imageId: number,
): Promise<{ name: string; vendor: string; hue: number | null; position: number } | null> {
  const [row] = await queryRows<{ name: string; vendor: string; hue: number | null; position: number }>(
    db,
    sql`select p.name, b.name as vendor, pi.hue, pi.position from product_images pi
        join products p on p.id = pi.product_id join businesses b on b.id = p.business_id where pi.id = ${imageId}`,
  )
  return row ?? null
}

/** How many products shoppers can find through the sitemap (active, of open shops). */
export async function countListedProducts(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from products p join businesses b on b.id = p.business_id
        where p.is_active and b.is_active`,
  )
  return row?.n ?? 0
}

/** A page of those products' slugs and last changes, in id order. */
export function listedProductSlugs(
  db: Db,
  limit: number,
  offset: number,
): Promise<{ slug: string; updated_at: Date | string }[]> {
  return queryRows<{ slug: string; updated_at: Date | string }>(
    db,
    sql`select p.slug, p.updated_at from products p join businesses b on b.id = p.business_id
        where p.is_active and b.is_active order by p.id limit ${limit} offset ${offset}`,
  )
}
