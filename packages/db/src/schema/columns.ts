import { timestamp } from 'drizzle-orm/pg-core'

// Columns many tables share.

export const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
export const timestamps = { createdAt, updatedAt }
