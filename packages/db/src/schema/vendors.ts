import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { timestamps } from './columns.ts'

// Shops (the vendors module). What they are paid out is the payouts module's (payouts.ts).

/** A vendor's shop (the specification's "business"). */
export const businesses = pgTable(
  'businesses',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    description: text('description').notNull().default(''),
    isVerified: boolean('is_verified').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Why an admin suspended the shop (is_active false), shown to its owner. */
    suspendedReason: text('suspended_reason'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** The M-Pesa number (E.164) the shop is paid out to. */
    payoutPhone: text('payout_phone'),
    county: text('county').notNull(),
    town: text('town').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    /** Totals over the reviews of the shop's products, kept by database triggers (migration 0002). */
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('businesses_slug_key').on(t.slug),
    index('businesses_owner_idx').on(t.ownerId),
    // One shop per owner: the database says so, whatever the code does.
    uniqueIndex('businesses_one_per_owner_key').on(t.ownerId).where(sql`${t.ownerId} is not null`),
  ],
)
