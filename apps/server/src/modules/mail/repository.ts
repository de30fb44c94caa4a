import { type Db, queryRows } from '@soko/db/client'
import { sql } from 'drizzle-orm'

// SQL of the mail outbox.

export interface OutboxRow {
  id: number
  to_address: string
  subject: string
  text_body: string
  html_body: string | null
  created_at: Date | string
  sent_at: Date | string | null
  attempts: number
  error: string | null
}

export async function insertOutboxEmail(
  db: Db,
  message: { to: string; subject: string; text: string; html: string | null },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into outbox_emails (to_address, subject, text_body, html_body)
        values (${message.to}, ${message.subject}, ${message.text}, ${message.html}) returning id`,
  )
  if (!row) throw new Error('outbox insert returned no row')
  return row.id
}

export async function getOutboxEmail(db: Db, id: number): Promise<OutboxRow | null> {
  const rows = await queryRows<OutboxRow>(db, sql`select * from outbox_emails where id = ${id}`)
  return rows[0] ?? null
}

export async function markSent(db: Db, id: number): Promise<void> {
  await db.execute(
    sql`update outbox_emails set sent_at = now(), error = null, attempts = attempts + 1 where id = ${id}`,
  )
}

export async function markFailed(db: Db, id: number, error: string): Promise<void> {
  await db.execute(sql`update outbox_emails set error = ${error}, attempts = attempts + 1 where id = ${id}`)
}

export function listOutbox(db: Db, to: string | undefined, limit: number): Promise<OutboxRow[]> {
  return queryRows<OutboxRow>(
    db,
    sql`select * from outbox_emails
        where ${to === undefined ? sql`true` : sql`lower(to_address) = lower(${to})`}
        order by id desc limit ${limit}`,
  )
}

/** A page of the outbox, newest first; `recipient` is part of the address, any case. */
export async function pageOutbox(
  db: Db,
  query: { recipient: string | undefined; limit: number; offset: number },
): Promise<{ count: number; rows: OutboxRow[] }> {
  // The user's own % and _ are taken literally.
  const pattern = query.recipient === undefined ? null : `%${query.recipient.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const where = pattern === null ? sql`true` : sql`to_address ilike ${pattern}`
  const [total] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from outbox_emails where ${where}`,
  )
  const rows = await queryRows<OutboxRow>(
    db,
    sql`select * from outbox_emails where ${where} order by id desc limit ${query.limit} offset ${query.offset}`,
  )
  return { count: total?.count ?? 0, rows }
}
