import type { Db } from '@soko/db/client'
import { outboxEmails } from '@soko/db/schema/mail'
import type { RowOf } from '@soko/db/typed-sql'
import { desc, eq, ilike, sql } from 'drizzle-orm'

// SQL of the mail outbox.

const outboxShape = {
  id: outboxEmails.id,
  to_address: outboxEmails.toAddress,
  subject: outboxEmails.subject,
  text_body: outboxEmails.textBody,
  html_body: outboxEmails.htmlBody,
  created_at: outboxEmails.createdAt,
  sent_at: outboxEmails.sentAt,
  attempts: outboxEmails.attempts,
  error: outboxEmails.error,
}

export type OutboxRow = RowOf<typeof outboxShape>

export async function insertOutboxEmail(
  db: Db,
  message: { to: string; subject: string; text: string; html: string | null },
): Promise<number> {
  const [row] = await db
    .insert(outboxEmails)
    .values({ toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html })
    .returning({ id: outboxEmails.id })
  if (!row) throw new Error('outbox insert returned no row')
  return row.id
}

export async function getOutboxEmail(db: Db, id: number): Promise<OutboxRow | null> {
  const rows = await db.select(outboxShape).from(outboxEmails).where(eq(outboxEmails.id, id))
  return rows[0] ?? null
}

export async function markSent(db: Db, id: number): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ sentAt: sql`now()`, error: null, attempts: sql`${outboxEmails.attempts} + 1` })
    .where(eq(outboxEmails.id, id))
}

export async function markFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ error, attempts: sql`${outboxEmails.attempts} + 1` })
    .where(eq(outboxEmails.id, id))
}

export function listOutbox(db: Db, to: string | undefined, limit: number): Promise<OutboxRow[]> {
  return db
    .select(outboxShape)
    .from(outboxEmails)
    .where(to === undefined ? undefined : sql`lower(${outboxEmails.toAddress}) = lower(${to})`)
    .orderBy(desc(outboxEmails.id))
    .limit(limit)
}

/** A page of the outbox, newest first; `recipient` is part of the address, any case. */
export async function pageOutbox(
  db: Db,
  query: { recipient: string | undefined; limit: number; offset: number },
): Promise<{ count: number; rows: OutboxRow[] }> {
  // The user's own % and _ are taken literally.
  const pattern = query.recipient === undefined ? null : `%${query.recipient.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const where = pattern === null ? undefined : ilike(outboxEmails.toAddress, pattern)
  const count = await db.$count(outboxEmails, where)
  const rows = await db
    .select(outboxShape)
    .from(outboxEmails)
    .where(where)
    .orderBy(desc(outboxEmails.id))
    .limit(query.limit)
    .offset(query.offset)
  return { count, rows }
}
