import type { Db } from '@soko/db/client'
import { categories, productFamilies, productImages, products } from '@soko/db/schema/catalog'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { and, asc, desc, eq, like, ne, or, type SQL, sql } from 'drizzle-orm'

// SQL of a shop's own products and their images, as the vendor portal manages them. Every query is scoped by the shop's id: a product of another
// shop is simply not found.

const vendorProductShape = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  category_id: products.categoryId,
  category_name: categories.name,
  category_slug: categories.slug,
  parent_name: value.nullable(categories.name),
  price_cents: products.priceCents,
  discounted_price_cents: products.discountedPriceCents,
  stock_qty: products.stockQty,
  low_stock_threshold: products.lowStockThreshold,
  is_active: products.isActive,
  deactivated_reason: products.deactivatedReason,
  sales_count: products.salesCount,
  image_id: value.nullable(productImages.id),
  image_count: value.int,
  sku: products.sku,
  family_id: products.familyId,
  option_values: products.optionValues,
  variant_count: value.int,
  created_at: products.createdAt,
  updated_at: products.updatedAt,
}

export type VendorProductRow = RowOf<typeof vendorProductShape>

const productColumns = sql`p.id, p.name, p.slug, p.description, p.category_id, c.name as category_name,
  c.slug as category_slug, pc.name as parent_name, p.price_cents, p.discounted_price_cents, p.stock_qty,
  p.low_stock_threshold, p.is_active, p.deactivated_reason, p.sales_count, p.created_at, p.updated_at,
  (select pi.id from product_images pi where pi.product_id = p.id
     order by pi.is_primary desc, pi.position, pi.id limit 1) as image_id,
  (select count(*)::int from product_images pi where pi.product_id = p.id) as image_count,
  p.sku, p.family_id, p.option_values,
  (select count(*)::int from products v where v.family_id = p.family_id) as variant_count`

const productJoins = sql`join categories c on c.id = p.category_id left join categories pc on pc.id = c.parent_id`

/** A page of the shop's products, newest first; `q` matches the name or slug. */
export async function listProducts(
  db: Db,
  shopId: number,
  query: { q: string; limit: number; offset: number },
): Promise<{ rows: VendorProductRow[]; total: number }> {
  const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
  const where: SQL = query.q
    ? sql`p.business_id = ${shopId} and (p.name ilike ${pattern} or p.slug ilike ${pattern})`
    : sql`p.business_id = ${shopId}`
  const rows = await typedRows(
    db,
    vendorProductShape,
    sql`select ${productColumns} from products p ${productJoins} where ${where}
        order by p.created_at desc, p.id desc limit ${query.limit} offset ${query.offset}`,
  )
  const [count] = await typedRows(
    db,
    { total: value.int },
    sql`select count(*)::int as total from products p where ${where}`,
  )
  return { rows, total: count?.total ?? 0 }
}

/** One of the shop's products (locked for the rest of the transaction when asked); null for anyone else's. */
export async function productOfShop(
  db: Db,
  shopId: number,
  productId: number,
  lock = false,
): Promise<VendorProductRow | null> {
  if (lock) {
    const locked = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.businessId, shopId)))
      .for('update')
    if (locked.length === 0) return null
  }
  const [row] = await typedRows(
    db,
    vendorProductShape,
    sql`select ${productColumns} from products p ${productJoins}
        where p.id = ${productId} and p.business_id = ${shopId}`,
  )
  return row ?? null
}

/** How many products the shop has, how many are on sale, and how many of those run low. */
export async function stockCounts(db: Db, shopId: number) {
  const [counts] = await typedRows(
    db,
    { products: value.int, active: value.int, low: value.int },
    sql`select count(*)::int as products, count(*) filter (where is_active)::int as active,
          count(*) filter (where is_active and stock_qty <= low_stock_threshold)::int as low
        from products where business_id = ${shopId}`,
  )
  return counts ?? { products: 0, active: 0, low: 0 }
}

/** The shop's products on sale that run low, the emptiest first. */
export function lowStock(db: Db, shopId: number, limit: number) {
  return db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      stock_qty: products.stockQty,
      threshold: products.lowStockThreshold,
    })
    .from(products)
    .where(
      and(
        eq(products.businessId, shopId),
        eq(products.isActive, true),
        sql`${products.stockQty} <= ${products.lowStockThreshold}`,
      ),
    )
    .orderBy(products.stockQty, products.name, products.id)
    .limit(limit)
}

/** Whether the category is a live leaf of the tree (active, with an active parent if any, and no children). */
export async function isLeafCategory(db: Db, categoryId: number): Promise<boolean> {
  const rows = await typedRows(
    db,
    { id: categories.id },
    sql`select c.id from categories c left join categories pc on pc.id = c.parent_id
        where c.id = ${categoryId} and c.is_active and (pc.id is null or pc.is_active)
          and not exists (select 1 from categories ch where ch.parent_id = c.id)`,
  )
  return rows.length === 1
}

export function listLeafCategories(db: Db) {
  return typedRows(
    db,
    { id: categories.id, name: categories.name, slug: categories.slug, parent: value.nullable(categories.name) },
    sql`select c.id, c.name, c.slug, pc.name as parent from categories c left join categories pc on pc.id = c.parent_id
        where c.is_active and (pc.id is null or pc.is_active)
          and not exists (select 1 from categories ch where ch.parent_id = c.id)
        order by pc.position nulls first, pc.name, c.position, c.name`,
  )
}

/** Whether a product other than `exceptId` already has the slug. */
export async function isSlugTaken(db: Db, slug: string, exceptId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), exceptId === null ? undefined : ne(products.id, exceptId)))
  return rows.length > 0
}

/** The first free slug of `base`, `base-2`, `base-3` ... among products. */
export async function freeProductSlug(db: Db, base: string): Promise<string> {
  const rows = await db
    .select({ slug: products.slug })
    .from(products)
    .where(or(eq(products.slug, base), like(products.slug, `${base}-%`)))
  const taken = new Set(rows.map((row) => row.slug))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

export interface ProductFields {
  name: string
  slug: string
  description: string
  categoryId: number
  priceCents: number
  discountedPriceCents: number | null
  stockQty: number
  lowStockThreshold: number
  isActive: boolean
  /** Absent: left as it is. */
  sku?: string | null
  pendingImageUrls?: string[]
}

export async function insertProduct(db: Db, shopId: number, fields: ProductFields): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({ ...fields, businessId: shopId })
    .returning({ id: products.id })
  if (!row) throw new Error('insert into products returned no row')
  return row.id
}

export async function updateProduct(db: Db, productId: number, fields: ProductFields): Promise<void> {
  await db
    .update(products)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(products.id, productId))
}

export async function setStock(db: Db, productId: number, stockQty: number): Promise<void> {
  await db.update(products).set({ stockQty, updatedAt: sql`now()` }).where(eq(products.id, productId))
}

export async function deactivate(db: Db, productId: number): Promise<void> {
  await db.update(products).set({ isActive: false, updatedAt: sql`now()` }).where(eq(products.id, productId))
}

// Images

export function imagesOf(db: Db, productId: number) {
  return db
    .select({
      id: productImages.id,
      position: productImages.position,
      is_primary: productImages.isPrimary,
      is_uploaded: productImages.isUploaded,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(desc(productImages.isPrimary), asc(productImages.position), asc(productImages.id))
}

export type ImageRow = Awaited<ReturnType<typeof imagesOf>>[number]

/** Adds an uploaded image at the end (the primary one when it is the product's first). */
export async function insertUploadedImage(db: Db, productId: number, altText: string): Promise<number> {
  const [row] = await typedRows(
    db,
    { id: productImages.id },
    sql`insert into product_images (product_id, position, is_primary, alt_text, is_uploaded)
        select ${productId}, coalesce(max(position) + 1, 0), count(*) = 0, ${altText}, true
        from product_images where product_id = ${productId}
        returning id`,
  )
  if (!row) throw new Error('insert into product_images returned no row')
  return row.id
}

/** Removes one image of the product; a removed primary passes the part to the next image. */
export async function deleteImage(db: Db, productId: number, imageId: number): Promise<boolean> {
  const deleted = await db
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .returning({ is_primary: productImages.isPrimary })
  if (deleted.length === 0) return false
  if (deleted[0]?.is_primary) {
    await db.execute(
      sql`update product_images set is_primary = true where id = (
            select id from product_images where product_id = ${productId} order by position, id limit 1)`,
    )
  }
  return true
}

/** Puts the images in the given order (positions 0, 1, ...); the first becomes the primary image. */
export async function reorderImages(db: Db, productId: number, imageIds: number[]): Promise<void> {
  const values = sql.join(
    imageIds.map((id, index) => sql`(${id}::int, ${index}::int)`),
    sql`, `,
  )
  await db.execute(
    sql`update product_images pi set position = o.position, is_primary = (o.position = 0)
        from (values ${values}) as o(id, position)
        where pi.id = o.id and pi.product_id = ${productId}`,
  )
}

// Variants (docs/decisions/0026-product-variants.md)

/** Whether another product of the shop than `exceptId` has the SKU. */
export async function isSkuTaken(db: Db, shopId: number, sku: string, exceptId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.businessId, shopId),
        eq(products.sku, sku),
        exceptId === null ? undefined : ne(products.id, exceptId),
      ),
    )
  return rows.length > 0
}

export async function familyOf(db: Db, familyId: number) {
  const [row] = await db
    .select({ id: productFamilies.id, name: productFamilies.name, optionNames: productFamilies.optionNames })
    .from(productFamilies)
    .where(eq(productFamilies.id, familyId))
  return row ?? null
}

export async function insertFamily(db: Db, shopId: number, name: string, optionNames: string[]): Promise<number> {
  const [row] = await db
    .insert(productFamilies)
    .values({ businessId: shopId, name, optionNames })
    .returning({ id: productFamilies.id })
  if (!row) throw new Error('insert into product_families returned no row')
  return row.id
}

export async function renameFamily(db: Db, familyId: number, name: string): Promise<void> {
  await db.update(productFamilies).set({ name, updatedAt: sql`now()` }).where(eq(productFamilies.id, familyId))
}

/** A family's variants, in the order they were added. */
export function variantsOf(db: Db, familyId: number) {
  return db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      optionValues: products.optionValues,
      priceCents: products.priceCents,
      discountedPriceCents: products.discountedPriceCents,
      stockQty: products.stockQty,
      isActive: products.isActive,
      sku: products.sku,
    })
    .from(products)
    .where(eq(products.familyId, familyId))
    .orderBy(asc(products.id))
}

/** Makes the product a variant of the family, with its values and the name they give it. */
export async function setVariant(
  db: Db,
  productId: number,
  variant: { familyId: number; optionValues: string[]; name: string },
): Promise<void> {
  await db
    .update(products)
    .set({ ...variant, updatedAt: sql`now()` })
    .where(eq(products.id, productId))
}

/** What a variant shares with its family: the description and the category (the name is each one's own). */
export async function shareWithFamily(
  db: Db,
  familyId: number,
  shared: { description: string; categoryId: number },
): Promise<void> {
  await db
    .update(products)
    .set({ ...shared, updatedAt: sql`now()` })
    .where(
      and(
        eq(products.familyId, familyId),
        or(ne(products.description, shared.description), ne(products.categoryId, shared.categoryId)),
      ),
    )
}
