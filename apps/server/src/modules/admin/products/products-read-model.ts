import type { AdminProductsQuery } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { categories, productImages, products } from '@soko/db/schema/catalog'
import { businesses } from '@soko/db/schema/vendors'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { type SQL, sql } from 'drizzle-orm'
import { readPage } from '../page-read-model.ts'
import { likePattern } from '../shared.ts'

// Every product of every shop, whatever its state (the admin sees what shoppers cannot), with its shop and category.
// Read only: taking a product down or putting it back is the catalogue's write (catalog/products.ts).

const productShape = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  price_cents: products.priceCents,
  discounted_price_cents: products.discountedPriceCents,
  stock_qty: products.stockQty,
  is_active: products.isActive,
  deactivated_reason: products.deactivatedReason,
  image_id: value.nullable(productImages.id),
  shop_id: businesses.id,
  shop_name: businesses.name,
  shop_slug: businesses.slug,
  shop_is_active: businesses.isActive,
  category_id: categories.id,
  category_name: categories.name,
  category_slug: categories.slug,
  created_at: products.createdAt,
}

export type AdminProductRow = RowOf<typeof productShape>

const columns = sql`p.id, p.name, p.slug, p.price_cents, p.discounted_price_cents, p.stock_qty, p.is_active,
  p.deactivated_reason, img.id as image_id, b.id as shop_id, b.name as shop_name, b.slug as shop_slug,
  b.is_active as shop_is_active, c.id as category_id, c.name as category_name, c.slug as category_slug, p.created_at`

const joins = sql`join businesses b on b.id = p.business_id join categories c on c.id = p.category_id
  left join lateral (
    select pi.id from product_images pi where pi.product_id = p.id order by pi.is_primary desc, pi.position, pi.id limit 1
  ) img on true`

function filters(query: AdminProductsQuery): SQL {
  const where: SQL[] = [sql`true`]
  if (query.q) {
    const pattern = likePattern(query.q)
    where.push(sql`(p.name ilike ${pattern} or p.slug ilike ${pattern} or b.name ilike ${pattern})`)
  }
  if (query.status === 'active') where.push(sql`p.is_active`)
  if (query.status === 'inactive') where.push(sql`not p.is_active`)
  if (query.status === 'out_of_stock') where.push(sql`p.is_active and p.stock_qty = 0`)
  if (query.shop !== undefined) where.push(sql`p.business_id = ${query.shop}`)
  if (query.category !== undefined) {
    where.push(sql`(c.id = ${query.category} or c.parent_id = ${query.category})`)
  }
  return sql.join(where, sql` and `)
}

export function listProducts(db: Db, query: AdminProductsQuery): Promise<{ count: number; rows: AdminProductRow[] }> {
  return readPage(db, query, {
    shape: productShape,
    columns,
    from: sql`products p ${joins}`,
    countFrom: sql`products p join businesses b on b.id = p.business_id join categories c on c.id = p.category_id`,
    where: filters(query),
    orderBy: sql`p.created_at desc, p.id desc`,
  })
}

export async function getProduct(db: Db, id: number): Promise<AdminProductRow | null> {
  const rows = await typedRows(db, productShape, sql`select ${columns} from products p ${joins} where p.id = ${id}`)
  return rows[0] ?? null
}
