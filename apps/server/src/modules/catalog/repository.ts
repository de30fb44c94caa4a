import type { Db } from '@soko/db/client'
import { banners, categories, productImages, products } from '@soko/db/schema/catalog'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { and, eq, gte, Param, sql } from 'drizzle-orm'

// SQL of the catalogue's own tables (products, product_images, categories, banners). Rows come back as the
// database has them (cents, counts); service.ts maps them to the contract's shapes. Reads that join shops are in
// listing-read-model.ts.

/** A banner as the home page shows it, with its category (left-joined). */
export const bannerShape = {
  id: banners.id,
  title: banners.title,
  subtitle: banners.subtitle,
  image_url: banners.imageUrl,
  link_url: banners.linkUrl,
  link_text: banners.linkText,
  stat1: banners.stat1,
  stat1_label: banners.stat1Label,
  stat2: banners.stat2,
  stat2_label: banners.stat2Label,
  category_id: banners.categoryId,
  category_name: value.nullable(categories.name),
  category_slug: value.nullable(categories.slug),
}

export type BannerRow = RowOf<typeof bannerShape>

export function listLiveBanners(db: Db): Promise<BannerRow[]> {
  return typedRows(
    db,
    bannerShape,
    sql`select bn.id, bn.title, bn.subtitle, bn.image_url, bn.link_url, bn.link_text, bn.stat1, bn.stat1_label,
          bn.stat2, bn.stat2_label, c.id as category_id, c.name as category_name, c.slug as category_slug
        from banners bn left join categories c on c.id = bn.category_id
        where bn.is_active and (bn.starts_at is null or bn.starts_at <= now()) and (bn.ends_at is null or bn.ends_at > now())
        order by bn.position, bn.id`,
  )
}

/** When the next banner starts or ends by its schedule (no write announces that moment); null when none will. */
export async function nextBannerChange(db: Db): Promise<Date | null> {
  const [row] = await typedRows(
    db,
    { at: value.nullable(value.timestamp) },
    sql`select min(t) as at from (
          select starts_at as t from banners where is_active and starts_at > now()
          union all select ends_at from banners where is_active and ends_at > now()
        ) x`,
  )
  return row?.at ?? null
}

const imageShape = { id: productImages.id, alt_text: productImages.altText, is_primary: productImages.isPrimary }

export type ImageRow = RowOf<typeof imageShape>

/** A product page's images, primary first (its SQL as written: the product page is a hot path). */
export function listProductImages(db: Db, productId: number): Promise<ImageRow[]> {
  return typedRows(
    db,
    imageShape,
    sql`select id, alt_text, is_primary from product_images where product_id = ${productId}
        order by is_primary desc, position, id`,
  )
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

// Stock

/** Takes stock for an order line; false when there is not enough (never below zero). */
export async function takeStock(db: Db, productId: number, quantity: number): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ stockQty: sql`${products.stockQty} - ${quantity}`, updatedAt: sql`now()` })
    .where(and(eq(products.id, productId), gte(products.stockQty, quantity)))
    .returning({ id: products.id })
  return rows.length === 1
}

/** Puts quantities back on sale (one statement for every product). */
export async function addStock(db: Db, lines: { productId: number; quantity: number }[]): Promise<void> {
  if (lines.length === 0) return
  await db.execute(sql`
    update products p set stock_qty = p.stock_qty + q.quantity, updated_at = now()
    from unnest(${new Param(lines.map((line) => line.productId))}::int[],
      ${new Param(lines.map((line) => line.quantity))}::int[]) as q(product_id, quantity)
    where p.id = q.product_id`)
}

/** Counts sold quantities into the products' sales (what "popular" sorts by). */
export async function addSales(db: Db, lines: { productId: number; quantity: number }[]): Promise<void> {
  if (lines.length === 0) return
  await db.execute(sql`
    update products p set sales_count = p.sales_count + q.quantity
    from unnest(${new Param(lines.map((line) => line.productId))}::int[],
      ${new Param(lines.map((line) => line.quantity))}::int[]) as q(product_id, quantity)
    where p.id = q.product_id`)
}

/** The id of the product with this slug, visible to shoppers or not; null when there is none. */
export async function productIdBySlug(db: Db, slug: string): Promise<number | null> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.slug, slug))
  return rows[0]?.id ?? null
}

/** Active categories' slugs and last changes, in id order (the sitemap). */
export function activeCategorySlugs(db: Db) {
  return db
    .select({ slug: categories.slug, updated_at: categories.updatedAt })
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(categories.id)
}

// Demo pictures: what the generated picture of a category or banner shows

export async function categorySubject(db: Db, id: number) {
  const [row] = await db
    .select({ name: categories.name, hue: categories.hue })
    .from(categories)
    .where(eq(categories.id, id))
  return row ?? null
}

export async function bannerSubject(db: Db, id: number) {
  const [row] = await db
    .select({ title: banners.title, subtitle: banners.subtitle, hue: banners.hue })
    .from(banners)
    .where(eq(banners.id, id))
  return row ?? null
}

// Moderation

/** Locks a product's row until the transaction ends; false when there is no such product. */
export async function lockProduct(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update')
  return rows.length > 0
}

/** Takes a product down with the reason its shop sees, or puts it back (the triggers update search and caches). */
export async function setProductActive(db: Db, id: number, active: boolean, reason: string | null): Promise<void> {
  await db
    .update(products)
    .set({ isActive: active, deactivatedReason: reason, updatedAt: sql`now()` })
    .where(eq(products.id, id))
}
