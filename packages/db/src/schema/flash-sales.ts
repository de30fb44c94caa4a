import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { products } from './catalog.ts'
import { timestamps } from './columns.ts'

// Flash sales (the catalog module, decision 0024): a product at a sale price for a limited number of units, between
// two times, and which orders hold which of those units.

export const flashSales = pgTable(
  'flash_sales',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Reserved for product variants: null while sales are of whole products. */
    variantId: integer('variant_id'),
    salePriceCents: integer('sale_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** Units taken by orders that hold them (given back when an unpaid order ends). Never above `quantity`. */
    soldCount: integer('sold_count').notNull().default(0),
    perOrderLimit: integer('per_order_limit').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('flash_sales_product_idx').on(t.productId, t.startsAt),
    index('flash_sales_ends_idx').on(t.endsAt),
    check('flash_sales_price_positive', sql`${t.salePriceCents} > 0`),
    check('flash_sales_quantity_positive', sql`${t.quantity} >= 1`),
    check('flash_sales_per_order_limit_positive', sql`${t.perOrderLimit} >= 1`),
    check('flash_sales_sold_within_quantity', sql`${t.soldCount} >= 0 and ${t.soldCount} <= ${t.quantity}`),
    check('flash_sales_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
)

/**
 * The sale units an order holds, one row per order and sale: given back once (released_at set) when the order ends
 * unpaid, is cancelled, or its stock comes back.
 */
export const flashSaleUnits = pgTable(
  'flash_sale_units',
  {
    id: serial('id').primaryKey(),
    flashSaleId: integer('flash_sale_id')
      .notNull()
      .references(() => flashSales.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('flash_sale_units_order_sale_key').on(t.orderId, t.flashSaleId),
    check('flash_sale_units_quantity_positive', sql`${t.quantity} >= 1`),
  ],
)
