import type { Db } from '@soko/db/client'
import {
  listedProduct,
  listingColumns,
  listingJoins,
  listingShape,
  type ProductRow,
  type VendorRow,
  vendorShape,
  visibleProduct,
} from '@soko/db/read-models/listing'
import { categories, productImages, products } from '@soko/db/schema/catalog'
import { businesses } from '@soko/db/schema/vendors'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { type SQL, sql } from 'drizzle-orm'

export type { ProductRow, VendorRow }

// The storefront's read model: products as shoppers see them, with their shop's name and verified badge and their
// category, and shops' public pages. Read only. Products, images and categories are the catalogue's own tables;
// the shops (businesses) are the vendors module's, read here because what a shopper may see depends on whether the
// shop is open. Its row shapes and
// joins are the listing read model in @soko/db, which search's single-statement queries use too.

export function listProducts(db: Db, where: SQL, orderBy: SQL, limit: number, offset = 0): Promise<ProductRow[]> {
  return typedRows(
    db,
    listingShape,
    sql`select ${listingColumns} from products p ${listingJoins}
        where ${listedProduct} and ${where} order by ${orderBy} limit ${limit} offset ${offset}`,
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

const vendorColumns = sql`
  b.id, b.slug, b.name, b.type, b.is_verified, b.county, b.town, b.description, b.phone, b.email,
  b.rating_sum, b.rating_count, b.created_at,
  (select count(*)::int from products p where p.business_id = b.id and p.is_active and p.listed) as product_count`

/** Verified shops first, then the best rated with enough reviews to mean something. */
export function listTopVendors(db: Db, limit: number): Promise<VendorRow[]> {
  return typedRows(
    db,
    vendorShape,
    sql`select ${vendorColumns} from businesses b where b.is_active
        order by b.is_verified desc,
          (b.rating_sum + 4.0 * 5) / (b.rating_count + 5) desc, b.rating_count desc, b.id
        limit ${limit}`,
  )
}

export async function getVendorBySlug(db: Db, slug: string): Promise<VendorRow | null> {
  const rows = await typedRows(
    db,
    vendorShape,
    sql`select ${vendorColumns} from businesses b where b.slug = ${slug} and b.is_active`,
  )
  return rows[0] ?? null
}

/** A category as the storefront lists it; product_count counts what each query says. */
export const categoryShape = {
  id: categories.id,
  slug: categories.slug,
  name: categories.name,
  description: categories.description,
  image_url: categories.imageUrl,
  image_alt: categories.imageAlt,
  parent_id: categories.parentId,
  position: categories.position,
  product_count: value.int,
}

export type CategoryRow = RowOf<typeof categoryShape>

/** Active categories, parents before children, each with its visible products (its own and its children's). */
export function listCategories(db: Db): Promise<CategoryRow[]> {
  return typedRows(
    db,
    categoryShape,
    sql`with own as (
          select p.category_id, count(*)::int as n from products p
          join businesses b on b.id = p.business_id
          where p.is_active and p.listed and b.is_active group by p.category_id
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

const productDetailShape = {
  ...listingShape,
  view_count: products.viewCount,
  updated_at: products.updatedAt,
  vendor_type: businesses.type,
  vendor_county: businesses.county,
  vendor_town: businesses.town,
  vendor_rating_sum: businesses.ratingSum,
  vendor_rating_count: businesses.ratingCount,
}

export type ProductDetailRow = RowOf<typeof productDetailShape>

export async function getProductBySlug(db: Db, slug: string): Promise<ProductDetailRow | null> {
  const rows = await typedRows(
    db,
    productDetailShape,
    sql`select ${listingColumns}, p.view_count, p.updated_at, b.type as vendor_type, b.county as vendor_county,
          b.town as vendor_town, b.rating_sum as vendor_rating_sum, b.rating_count as vendor_rating_count
        from products p ${listingJoins}
        where p.slug = ${slug} and ${visibleProduct}`,
  )
  return rows[0] ?? null
}

export async function getVisibleProductId(db: Db, slug: string) {
  const rows = await typedRows(
    db,
    { id: products.id, review_count: products.ratingCount },
    sql`select p.id, p.rating_count as review_count from products p ${listingJoins} where p.slug = ${slug} and ${visibleProduct}`,
  )
  return rows[0] ?? null
}

/** The visible products among `ids`, in the order of `ids` (the hidden and the missing left out). */
export async function listVisibleProducts(db: Db, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return []
  const rows = await typedRows(
    db,
    listingShape,
    sql`select ${listingColumns} from products p ${listingJoins}
        where p.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and ${visibleProduct}`,
  )
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

const productForQuoteShape = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  price_cents: products.priceCents,
  effective_price_cents: products.effectivePriceCents,
  stock_qty: products.stockQty,
  sellable: value.bool,
  business_id: businesses.id,
  business_name: businesses.name,
  category_id: products.categoryId,
  image_id: value.nullable(productImages.id),
}

export type ProductForQuote = RowOf<typeof productForQuoteShape>

/**
 * The products of a cart as the quote needs them, sellable when the product and its shop are active. `lock` takes their row locks (ordered by id, so concurrent
 * checkouts of overlapping carts never deadlock): inside the order transaction, what was quoted is what is sold.
 */
export function productsForQuote(db: Db, ids: number[], lock: boolean): Promise<ProductForQuote[]> {
  if (ids.length === 0) return Promise.resolve([])
  return typedRows(
    db,
    productForQuoteShape,
    sql`
      select p.id, p.slug, p.name, p.price_cents, p.effective_price_cents, p.stock_qty,
        (p.is_active and b.is_active) as sellable,
        b.id as business_id, b.name as business_name, p.category_id,
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
export async function productImageSubject(db: Db, imageId: number) {
  const [row] = await typedRows(
    db,
    { name: products.name, vendor: businesses.name, hue: productImages.hue, position: productImages.position },
    sql`select p.name, b.name as vendor, pi.hue, pi.position from product_images pi
        join products p on p.id = pi.product_id join businesses b on b.id = p.business_id where pi.id = ${imageId}`,
  )
  return row ?? null
}

/** How many products shoppers can find through the sitemap (active, of open shops). */
export async function countListedProducts(db: Db): Promise<number> {
  const [row] = await typedRows(
    db,
    { n: value.int },
    sql`select count(*)::int as n from products p join businesses b on b.id = p.business_id
        where p.is_active and p.listed and b.is_active`,
  )
  return row?.n ?? 0
}

/** A page of those products' slugs and last changes, in id order. */
export function listedProductSlugs(db: Db, limit: number, offset: number) {
  return typedRows(
    db,
    { slug: products.slug, updated_at: products.updatedAt },
    sql`select p.slug, p.updated_at from products p join businesses b on b.id = p.business_id
        where p.is_active and p.listed and b.is_active order by p.id limit ${limit} offset ${offset}`,
  )
}

/** A family's variants as its product pages offer them: the active ones, in the order they were added. */
export function listFamilyVariants(db: Db, familyId: number) {
  return typedRows(
    db,
    { id: products.id, slug: products.slug, option_values: products.optionValues, in_stock: value.bool },
    sql`select p.id, p.slug, p.option_values, p.stock_qty > 0 as in_stock from products p
        where p.family_id = ${familyId} and p.is_active order by p.id`,
  )
}

/** The photos of a family's first variant that has any: what a variant without its own photos shows. */
export async function familyImagesProductId(db: Db, familyId: number): Promise<number | null> {
  const [row] = await typedRows(
    db,
    { id: products.id },
    sql`select p.id from products p where p.family_id = ${familyId} and p.is_active
          and exists (select 1 from product_images pi where pi.product_id = p.id)
        order by p.listed desc, p.id limit 1`,
  )
  return row?.id ?? null
}
