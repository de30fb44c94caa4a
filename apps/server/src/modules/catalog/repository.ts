import { type Db, queryRows } from '@soko/db/client'
import { Param, sql } from 'drizzle-orm'

// SQL of the catalogue's own tables (products, product_images, categories, banners). Rows come back as the
// database has them (cents, counts); service.ts maps them to the contract's shapes. Reads that join shops are in
// listing-read-model.ts.

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
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update products set stock_qty = stock_qty - ${quantity}, updated_at = now()
        where id = ${productId} and stock_qty >= ${quantity} returning id`,
  )
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
  const rows = await queryRows<{ id: number }>(db, sql`select id from products where slug = ${slug}`)
  return rows[0]?.id ?? null
}

/** Active categories' slugs and last changes, in id order (the sitemap). */
export function activeCategorySlugs(db: Db): Promise<{ slug: string; updated_at: Date | string }[]> {
  return queryRows<{ slug: string; updated_at: Date | string }>(
    db,
    sql`select slug, updated_at from categories where is_active order by id`,
  )
}

// Demo pictures: what the generated picture of a category or banner shows

export async function categorySubject(db: Db, id: number): Promise<{ name: string; hue: number } | null> {
  const [row] = await queryRows<{ name: string; hue: number }>(
    db,
    sql`select name, hue from categories where id = ${id}`,
  )
  return row ?? null
}

export async function bannerSubject(
  db: Db,
  id: number,
): Promise<{ title: string; subtitle: string; hue: number } | null> {
  const [row] = await queryRows<{ title: string; subtitle: string; hue: number }>(
    db,
    sql`select title, subtitle, hue from banners where id = ${id}`,
  )
  return row ?? null
}

// Moderation

/** Locks a product's row until the transaction ends; false when there is no such product. */
export async function lockProduct(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from products where id = ${id} for update`)
  return rows.length > 0
}

/** Takes a product down with the reason its shop sees, or puts it back (the triggers update search and caches). */
export async function setProductActive(db: Db, id: number, active: boolean, reason: string | null): Promise<void> {
  await db.execute(
    sql`update products set is_active = ${active}, deactivated_reason = ${reason}, updated_at = now() where id = ${id}`,
  )
}
