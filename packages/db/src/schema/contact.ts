import { sql } from 'drizzle-orm'
import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Messages sent through the contact form, for the support team (the admin area lists them). Stored as typed:
 * plain text, never rendered as HTML. The sender's IP address also bounds how many messages one network may send.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When someone on the support team dealt with it; null while it waits. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [
    // The rate limit counts one address's recent messages.
    index('contact_messages_ip_created_idx').on(t.ip, t.createdAt),
    // The support team's queue: unhandled messages, oldest first.
    index('contact_messages_unhandled_idx').on(t.createdAt).where(sql`${t.handledAt} is null`),
  ],
)
