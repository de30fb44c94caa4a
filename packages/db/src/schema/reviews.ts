import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { products } from './catalog.ts'

// Product reviews (the reviews module).

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId, t.createdAt.desc()),
    uniqueIndex('reviews_one_per_user_key').on(t.productId, t.userId).where(sql`${t.userId} is not null`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
)
