import { VOUCHER_KINDS } from '@soko/domain/vouchers'
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { createdAt, updatedAt } from './columns.ts'
import { orders } from './orders.ts'
import { businesses } from './vendors.ts'

// Vouchers (the vouchers module; docs/decisions/0023-vouchers.md): codes funded by the marketplace or by one vendor,
// and each order that used one. The rules are packages/domain/src/vouchers.ts.

/**
 * A voucher code. `used_count` counts the orders that used it: placing an order raises it with a conditional update
 * (`used_count < max_uses`), so the total limit holds however many orders are placed at once.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    /** Capitals, digits and dashes (normaliseVoucherCode), unique across the marketplace. */
    code: text('code').notNull(),
    /** Who pays for the discount: null the marketplace, else this shop (its own products only). */
    funderBusinessId: integer('funder_business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    /** percent or fixed. */
    kind: text('kind').notNull(),
    /** percent: whole percent (1 to 100); fixed: cents. */
    value: integer('value').notNull(),
    /** percent: the most it takes off, in cents; null: no cap (always null for fixed). */
    maxDiscountCents: integer('max_discount_cents'),
    minSpendCents: integer('min_spend_cents').notNull().default(0),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    usedCount: integer('used_count').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Only these categories (and their subcategories); empty: any. */
    categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** Only these shops; empty: any. */
    businessIds: integer('business_ids').array().notNull().default(sql`'{}'::integer[]`),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('vouchers_code_key').on(t.code),
    index('vouchers_funder_idx').on(t.funderBusinessId, t.createdAt.desc()),
    check('vouchers_kind_known', sql.raw(`kind in (${VOUCHER_KINDS.map((kind) => `'${kind}'`).join(', ')})`)),
    check('vouchers_value_positive', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check(
      'vouchers_max_discount_percent',
      sql`${t.maxDiscountCents} is null or (${t.kind} = 'percent' and ${t.maxDiscountCents} > 0)`,
    ),
    check('vouchers_used_within_limit', sql`${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses}`),
  ],
)

/** An order that used a voucher: who (an account, or a guest's phone and email) and the discount it gave. */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The order's phone (E.164) and email (lower case): a guest's uses are counted by either. */
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    discountCents: integer('discount_cents').notNull(),
    createdAt,
  },
  (t) => [
    uniqueIndex('voucher_redemptions_order_key').on(t.orderId),
    index('voucher_redemptions_user_idx').on(t.voucherId, t.userId),
    index('voucher_redemptions_phone_idx').on(t.voucherId, t.phone),
    index('voucher_redemptions_email_idx').on(t.voucherId, t.email),
  ],
)
