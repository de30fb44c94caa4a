import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Every email Soko sends, written in the same transaction as what caused it and sent after commit. Without SMTP
 * (development, tests) the outbox is where mail stays; with SMTP a failed send keeps its error here.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('outbox_emails_created_idx').on(t.createdAt), index('outbox_emails_to_idx').on(t.toAddress)],
)
