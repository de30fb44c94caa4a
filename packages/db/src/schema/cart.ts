import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { updatedAt } from './columns.ts'

/** A signed-in shopper's cart, kept on the server so that it follows them between devices. */
export const carts = pgTable('carts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  items: jsonb('items').$type<{ productId: number; quantity: number }[]>().notNull().default([]),
  updatedAt,
})
