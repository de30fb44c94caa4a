import type { Db } from '@soko/db/client'
import { contactMessages } from '@soko/db/schema/contact'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { and, desc, eq, gt, sql } from 'drizzle-orm'

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
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONTACT_LOCK_KEY}, hashtext(${message.ip}))`)
    const recent = await tx.$count(
      contactMessages,
      and(
        eq(contactMessages.ip, message.ip),
        gt(contactMessages.createdAt, sql`now() - make_interval(mins => ${windowMinutes}::int)`),
      ),
    )
    if (recent >= limit) return null
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: message.name,
        email: message.email,
        subject: message.subject,
        message: message.message,
        ip: message.ip,
      })
      .returning({ id: contactMessages.id })
    return row?.id ?? null
  })
}

const messageShape = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  created_at: contactMessages.createdAt,
  handled_at: contactMessages.handledAt,
}

export type ContactMessageRow = RowOf<typeof messageShape>

/** The newest messages first, with the total count. */
export async function listMessages(
  db: Db,
  limit: number,
  offset: number,
): Promise<{ count: number; rows: ContactMessageRow[] }> {
  const count = await db.$count(contactMessages)
  const rows = await db
    .select(messageShape)
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
    .offset(offset)
  return { count, rows }
}

const handledShape = { subject: contactMessages.subject, handled_at: value.timestamp, newly: value.bool }

/** Marks a message handled, keeping the first time; null when there is no such message. */
export async function markHandled(db: Db, id: number): Promise<RowOf<typeof handledShape> | null> {
  const [row] = await typedRows(
    db,
    handledShape,
    sql`update contact_messages set handled_at = coalesce(handled_at, now()) where id = ${id}
        returning subject, handled_at, handled_at = now() as newly`,
  )
  return row ?? null
}
