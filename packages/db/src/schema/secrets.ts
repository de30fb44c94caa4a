import { pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'

/** Secrets the marketplace makes for itself once and every process shares (e.g. the M-Pesa callback path). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt,
})
