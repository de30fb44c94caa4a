import type { Db } from '@soko/db/client'
import type { ImportIssueRecord } from '@soko/db/schema/catalog'
import { categories, productImages, productImports, products } from '@soko/db/schema/catalog'
import { typedRows, value } from '@soko/db/typed-sql'
import { and, eq, inArray, sql } from 'drizzle-orm'

// SQL of a shop's CSV imports and exports of products: the categories a line may name, the shop's SKUs, the import
// records a job works through, and the products as the export writes them.

/** Every active category (with an active parent, if any), and whether it is a leaf a product can be put in. */
export function activeCategories(db: Db) {
  return typedRows(
    db,
    {
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      parent: value.nullable(categories.name),
      is_leaf: value.bool,
    },
    sql`select c.id, c.slug, c.name, pc.name as parent,
          not exists (select 1 from categories ch where ch.parent_id = c.id) as is_leaf
        from categories c left join categories pc on pc.id = c.parent_id
        where c.is_active and (pc.id is null or pc.is_active)
        order by pc.position nulls first, pc.name, c.position, c.name`,
  )
}

/** Which of `skus` are the shop's products already. */
export async function existingSkus(db: Db, shopId: number, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set()
  const rows = await db
    .select({ sku: products.sku })
    .from(products)
    .where(and(eq(products.businessId, shopId), inArray(products.sku, skus)))
  return new Set(rows.flatMap((row) => (row.sku === null ? [] : [row.sku])))
}

/** Which of `skus` are the shop's products with photos already (an import adds no photos to those). */
export async function skusWithImages(db: Db, shopId: number, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ sku: products.sku })
    .from(products)
    .innerJoin(productImages, eq(productImages.productId, products.id))
    .where(and(eq(products.businessId, shopId), inArray(products.sku, skus)))
  return new Set(rows.flatMap((row) => (row.sku === null ? [] : [row.sku])))
}

/** The shop's products with these SKUs, locked for the rest of the transaction, by SKU. */
export async function productsBySku(db: Db, shopId: number, skus: string[]) {
  if (skus.length === 0) return new Map<string, never>()
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      slug: products.slug,
      is_active: products.isActive,
      deactivated_reason: products.deactivatedReason,
    })
    .from(products)
    .where(and(eq(products.businessId, shopId), inArray(products.sku, skus)))
    .for('update')
  return new Map(rows.map((row) => [row.sku ?? '', row]))
}

export async function insertImport(
  db: Db,
  record: { shopId: number; totalRows: number; rows: unknown[]; failures: ImportIssueRecord[] },
): Promise<number> {
  const [row] = await db
    .insert(productImports)
    .values({
      businessId: record.shopId,
      totalRows: record.totalRows,
      rows: record.rows,
      failures: record.failures,
    })
    .returning({ id: productImports.id })
  if (!row) throw new Error('insert into product_imports returned no row')
  return row.id
}

const progressShape = {
  id: productImports.id,
  business_id: productImports.businessId,
  state: productImports.state,
  total_rows: productImports.totalRows,
  row_count: value.int,
  applied_rows: productImports.appliedRows,
  created: productImports.created,
  updated: productImports.updated,
  failures: productImports.failures,
  created_at: productImports.createdAt,
  finished_at: productImports.finishedAt,
}

/** An import's progress (not its lines); null when it is not the shop's. */
export async function importOfShop(db: Db, shopId: number | null, importId: number) {
  const [row] = await typedRows(
    db,
    progressShape,
    sql`select id, business_id, state, total_rows, jsonb_array_length(rows)::int as row_count, applied_rows, created,
          updated, failures, created_at, finished_at
        from product_imports
        where id = ${importId} ${shopId === null ? sql`` : sql`and business_id = ${shopId}`}`,
  )
  return row ?? null
}

/** The next `limit` lines to apply, from `appliedRows` on, with the import locked for the transaction. */
export async function nextLines(db: Db, importId: number, limit: number) {
  const [row] = await typedRows(
    db,
    {
      business_id: productImports.businessId,
      applied_rows: productImports.appliedRows,
      lines: value.json<unknown[]>(),
    },
    sql`select business_id, applied_rows,
          coalesce((select jsonb_agg(e.value order by e.ordinality) from jsonb_array_elements(rows) with ordinality e
                    where e.ordinality > applied_rows and e.ordinality <= applied_rows + ${limit}), '[]'::jsonb) as lines
        from product_imports where id = ${importId} and state <> 'done' for update`,
  )
  return row ?? null
}

/** Records a batch applied: its counts and failed lines, and done when no line is left. */
export async function recordBatch(
  db: Db,
  importId: number,
  batch: { applied: number; created: number; updated: number; failures: ImportIssueRecord[] },
) {
  await db.execute(
    sql`update product_imports set
          applied_rows = applied_rows + ${batch.applied},
          created = created + ${batch.created},
          updated = updated + ${batch.updated},
          failures = failures || ${JSON.stringify(batch.failures)}::jsonb,
          state = case when applied_rows + ${batch.applied} >= jsonb_array_length(rows) then 'done' else 'running' end,
          finished_at = case when applied_rows + ${batch.applied} >= jsonb_array_length(rows) then now() end
        where id = ${importId}`,
  )
}

/** The shop's products as the export writes them, oldest first (the order they were added). */
export function productsForExport(db: Db, shopId: number) {
  return typedRows(
    db,
    {
      sku: products.sku,
      name: products.name,
      description: products.description,
      category_slug: categories.slug,
      price_cents: products.priceCents,
      discounted_price_cents: products.discountedPriceCents,
      stock_qty: products.stockQty,
      low_stock_threshold: products.lowStockThreshold,
      is_active: products.isActive,
      pending_image_urls: products.pendingImageUrls,
    },
    sql`select p.sku, p.name, p.description, c.slug as category_slug, p.price_cents, p.discounted_price_cents,
          p.stock_qty, p.low_stock_threshold, p.is_active, p.pending_image_urls
        from products p join categories c on c.id = p.category_id
        where p.business_id = ${shopId}
        order by p.created_at, p.id`,
  )
}
