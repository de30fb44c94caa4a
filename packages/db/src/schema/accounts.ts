import { sql } from 'drizzle-orm'
import { index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/** Shoppers, vendors' owners and admins. Accounts (sign-up, sessions) build on this table. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    role: text('role', { enum: ['customer', 'vendor', 'superuser'] })
      .notNull()
      .default('customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_role_idx').on(t.role)],
)
