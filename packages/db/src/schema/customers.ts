import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { products } from './catalog.ts'
import { createdAt } from './columns.ts'

// What a shopper keeps (the customers module): delivery addresses, saved ways to pay, the wishlist.

/** A customer's delivery addresses; at most one is the default (the first one saved becomes it). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default('Home'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    county: text('county').notNull(),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default('Kenya'),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default_key').on(t.userId).where(sql`${t.isDefault}`),
  ],
)

/**
 * Saved ways to pay: an M-Pesa number, or a card the payment provider holds (its token and display details only;
 * Soko never stores a card number or security code).
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['mpesa', 'card'] }).notNull(),
    /** M-Pesa: E.164 number. */
    phone: text('phone'),
    /** Card: the provider's name and its token for the card. */
    provider: text('provider'),
    providerToken: text('provider_token'),
    brand: text('brand').notNull().default(''),
    last4: text('last4'),
    /** Card: MM/YY. */
    expiry: text('expiry'),
    name: text('name').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt,
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    uniqueIndex('payment_methods_one_default_key').on(t.userId).where(sql`${t.isDefault}`),
    uniqueIndex('payment_methods_mpesa_key').on(t.userId, t.phone).where(sql`${t.type} = 'mpesa'`),
    uniqueIndex('payment_methods_card_key').on(t.userId, t.provider, t.providerToken).where(sql`${t.type} = 'card'`),
    check(
      'payment_methods_shape',
      sql`(${t.type} = 'mpesa' and ${t.phone} is not null)
        or (${t.type} = 'card' and ${t.providerToken} is not null and ${t.last4} ~ '^[0-9]{4}$')`,
    ),
  ],
)

/** Products a customer keeps for later. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishlist_items_product_idx').on(t.productId)],
)
