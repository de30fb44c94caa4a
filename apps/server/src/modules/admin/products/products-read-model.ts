import type { AdminProductsQuery } from '@soko/contract/admin'
import { type Db, queryRows } from '@soko/db/client'
import { type SQL, sql } from 'drizzle-orm'
import { readPage } from '../page-read-model.ts'
import { likePattern } from '../shared.ts'

// Every product of every shop, whatever its state (the admin sees what shoppers cannot), with its shop and category.
// Read only: taking a product down or putting it back is the catalogue's write (catalog/products.ts).

export interface AdminProductRow {
  id: number
  name: string
  slug: string
  price_cents: number
  discounted_price_cents: number | null
  stock_qty: number
  is_active: boolean
  deactivated_reason: string | null
  image_id: number | null
  shop_id: number
  shop_name: string
  shop_slug: string
  shop_is_active: boolean
  category_id: number
  category_name: string
  category_slug: string
  created_at: Date | string
}

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
    columns,
    from: sql`products p ${joins}`,
    countFrom: sql`products p join businesses b on b.id = p.business_id join categories c on c.id = p.category_id`,
    where: filters(query),
    orderBy: sql`p.created_at desc, p.id desc`,
  })
}

export async function getProduct(db: Db, id: number): Promise<AdminProductRow | null> {
  const rows = await queryRows<AdminProductRow>(db, sql`select ${columns} from products p ${joins} where p.id = ${id}`)
  return rows[0] ?? null
}
