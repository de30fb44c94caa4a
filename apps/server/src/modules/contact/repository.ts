import { type Db, queryRows } from '@soko/db/client'
import { sql } from 'drizzle-orm'

// SQL of the contact module: it owns the contact_messages table.

export interface NewContactMessage {
  name: string
  email: string
  subject: string
  message: string
  ip: string
}

/** Any fixed number no other advisory lock uses: the first half of the per-address lock's key. */
const CONTACT_LOCK_KEY = 727_101_002

/**
 * Stores the message unless its address already sent `limit` messages in the last `windowMinutes`; returns its
 * id, or null when over the limit. A transaction-scoped lock per address makes the count and the insert one step,
 * so concurrent requests (from any number of processes) cannot both slip under the limit.
 */
export async function insertWithinLimit(
  db: Db,
  message: NewContactMessage,
  limit: number,
  windowMinutes: number,
): Promise<number | null> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db
    await tx.execute(sql`select pg_advisory_xact_lock(${CONTACT_LOCK_KEY}, hashtext(${message.ip}))`)
    const [recent] = await queryRows<{ count: number }>(
      tx,
      sql`select count(*)::int as count from contact_messages
          where ip = ${message.ip} and created_at > now() - make_interval(mins => ${windowMinutes}::int)`,
    )
    if ((recent?.count ?? 0) >= limit) return null
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into contact_messages (name, email, subject, message, ip)
          values (${message.name}, ${message.email}, ${message.subject}, ${message.message}, ${message.ip})
          returning id`,
    )
    return row?.id ?? null
  })
}

export interface ContactMessageRow {
  id: number
  name: string
  email: string
  subject: string
  message: string
  created_at: Date | string
  handled_at: Date | null
}

/** The newest messages first, with the total count. */
export async function listMessages(
  db: Db,
  limit: number,
  offset: number,
): Promise<{ count: number; rows: ContactMessageRow[] }> {
  const [total] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from contact_messages`)
  const rows = await queryRows<ContactMessageRow>(
    db,
    sql`select id, name, email, subject, message, created_at, handled_at from contact_messages
        order by created_at desc, id desc limit ${limit} offset ${offset}`,
  )
  return { count: total?.count ?? 0, rows }
}

/** Marks a message handled, keeping the first time; null when there is no such message. */
export async function markHandled(
  db: Db,
  id: number,
): Promise<{ subject: string; handled_at: Date | string; newly: boolean } | null> {
  const [row] = await queryRows<{ subject: string; handled_at: Date | string; newly: boolean }>(
    db,
    sql`update contact_messages set handled_at = coalesce(handled_at, now()) where id = ${id}
        returning subject, handled_at, handled_at = now() as newly`,
  )
  return row ?? null
}
