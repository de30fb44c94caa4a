import type { Db } from '@soko/db/client'
import { users } from '@soko/db/schema/accounts'
import { products } from '@soko/db/schema/catalog'
import { flashSales, flashSaleUnits } from '@soko/db/schema/flash-sales'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'

// SQL of the flash sales (decision 0024): the catalogue's flash_sales and flash_sale_units tables.

const saleColumns = {
  id: flashSales.id,
  product_id: flashSales.productId,
  sale_price_cents: flashSales.salePriceCents,
  quantity: flashSales.quantity,
  sold_count: flashSales.soldCount,
  per_order_limit: flashSales.perOrderLimit,
  starts_at: flashSales.startsAt,
  ends_at: flashSales.endsAt,
  cancelled_at: flashSales.cancelledAt,
}

export type SaleRow = RowOf<typeof saleColumns>

const saleSelect = sql`fs.id, fs.product_id, fs.sale_price_cents, fs.quantity, fs.sold_count, fs.per_order_limit,
  fs.starts_at, fs.ends_at, fs.cancelled_at`

/** The sales of these products running now (not cancelled, between start and end), sold out or not. */
export function runningSalesOf(db: Db, productIds: readonly number[]): Promise<SaleRow[]> {
  if (productIds.length === 0) return Promise.resolve([])
  return typedRows(
    db,
    saleColumns,
    sql`select ${saleSelect} from flash_sales fs
        where fs.product_id in (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          and fs.cancelled_at is null and fs.starts_at <= now() and fs.ends_at > now()
        order by fs.id`,
  )
}

/** Running sales with units left, of products in stock, ending soonest first; one product's when given. */
export function listRunningSales(db: Db, productId: number | null, limit: number): Promise<SaleRow[]> {
  return typedRows(
    db,
    saleColumns,
    sql`select ${saleSelect} from flash_sales fs join products p on p.id = fs.product_id
        where fs.cancelled_at is null and fs.starts_at <= now() and fs.ends_at > now()
          and fs.sold_count < fs.quantity and p.stock_qty > 0
          ${productId === null ? sql`` : sql`and fs.product_id = ${productId}`}
        order by fs.ends_at, fs.id limit ${limit}`,
  )
}

/**
 * Takes `quantity` units of a sale for an order: one conditional update, so the sale never sells more than it has
 * (and the check constraint stands behind it). False when there are not enough left.
 */
export async function takeUnits(
  db: Db,
  take: { flashSaleId: number; orderId: number; productId: number; quantity: number },
): Promise<boolean> {
  const taken = await typedRows(
    db,
    { id: flashSales.id },
    sql`update flash_sales set sold_count = sold_count + ${take.quantity}, updated_at = now()
        where id = ${take.flashSaleId} and sold_count + ${take.quantity} <= quantity returning id`,
  )
  if (taken.length !== 1) return false
  await db.insert(flashSaleUnits).values(take)
  return true
}

/** Gives back the units an order holds (of these products), once; the sales they went back to. */
export async function releaseUnits(db: Db, orderId: number, productIds: readonly number[]): Promise<number[]> {
  if (productIds.length === 0) return []
  const rows = await typedRows(
    db,
    { id: flashSales.id },
    sql`with released as (
          update flash_sale_units set released_at = now()
          where order_id = ${orderId} and released_at is null
            and product_id in (${sql.join(
              productIds.map((id) => sql`${id}`),
              sql`, `,
            )})
          returning flash_sale_id, quantity)
        update flash_sales fs set sold_count = fs.sold_count - r.quantity, updated_at = now()
        from released r where fs.id = r.flash_sale_id returning fs.id`,
  )
  return rows.map((row) => row.id)
}

/** The released units of an order, to take again (a payment that came in after its reservation ended). */
export function releasedUnits(db: Db, orderId: number) {
  return typedRows(
    db,
    {
      id: flashSaleUnits.id,
      flash_sale_id: flashSaleUnits.flashSaleId,
      product_id: flashSaleUnits.productId,
      quantity: flashSaleUnits.quantity,
    },
    sql`select id, flash_sale_id, product_id, quantity from flash_sale_units
        where order_id = ${orderId} and released_at is not null order by flash_sale_id for update`,
  )
}

/** Takes released units again; false when the sale has not enough left. */
export async function retakeUnits(db: Db, unitsId: number, flashSaleId: number, quantity: number): Promise<boolean> {
  const taken = await typedRows(
    db,
    { id: flashSales.id },
    sql`update flash_sales set sold_count = sold_count + ${quantity}, updated_at = now()
        where id = ${flashSaleId} and sold_count + ${quantity} <= quantity returning id`,
  )
  if (taken.length !== 1) return false
  await db.execute(sql`update flash_sale_units set released_at = null where id = ${unitsId}`)
  return true
}

// ── The admin area ─────────────────────────────────────────────────────────────────────────────────────────────────

const adminShape = {
  ...saleColumns,
  product_name: products.name,
  product_slug: products.slug,
  price_cents: products.priceCents,
  effective_price_cents: products.effectivePriceCents,
  created_at: flashSales.createdAt,
  created_by_email: value.nullable(users.email),
}

export type AdminSaleRow = RowOf<typeof adminShape>

const adminSelect = sql`select ${saleSelect}, p.name as product_name, p.slug as product_slug, p.price_cents,
    p.effective_price_cents, fs.created_at, u.email as created_by_email
  from flash_sales fs join products p on p.id = fs.product_id left join users u on u.id = fs.created_by`

/** Every sale, the newest schedules first (the list is short: a marketplace runs a few a week). */
export function listSales(db: Db, limit: number): Promise<AdminSaleRow[]> {
  return typedRows(db, adminShape, sql`${adminSelect} order by fs.starts_at desc, fs.id desc limit ${limit}`)
}

export async function getSale(db: Db, id: number, lock = false): Promise<AdminSaleRow | null> {
  const [row] = await typedRows(
    db,
    adminShape,
    sql`${adminSelect} where fs.id = ${id} ${lock ? sql`for update of fs` : sql``}`,
  )
  return row ?? null
}

/** A product's price and name, its row locked (two schedules of one product are checked one after the other). */
export async function lockProduct(db: Db, productId: number) {
  const [row] = await typedRows(
    db,
    { id: products.id, name: products.name, effective_price_cents: products.effectivePriceCents },
    sql`select id, name, effective_price_cents from products where id = ${productId} for update`,
  )
  return row ?? null
}

/** The windows of a product's sales not cancelled (to refuse an overlapping one). */
export function windowsOf(db: Db, productId: number) {
  return typedRows(
    db,
    { starts_at: flashSales.startsAt, ends_at: flashSales.endsAt, cancelled_at: flashSales.cancelledAt },
    sql`select starts_at, ends_at, cancelled_at from flash_sales where product_id = ${productId} and cancelled_at is null`,
  )
}

export async function insertSale(db: Db, sale: typeof flashSales.$inferInsert): Promise<number> {
  const [row] = await db.insert(flashSales).values(sale).returning({ id: flashSales.id })
  if (!row) throw new Error('flash sale insert returned nothing')
  return row.id
}

export async function cancelSale(db: Db, id: number): Promise<void> {
  await db.execute(sql`update flash_sales set cancelled_at = now(), updated_at = now() where id = ${id}`)
}
