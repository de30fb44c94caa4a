import type { Db } from '@soko/db/client'
import { smsDeliveryReports, smsMessages } from '@soko/db/schema/sms'
import type { RowOf } from '@soko/db/typed-sql'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'

// SQL of text messages and their delivery reports.

const messageShape = {
  id: smsMessages.id,
  phone: smsMessages.phone,
  body: smsMessages.body,
  kind: smsMessages.kind,
  order_id: smsMessages.orderId,
  status: smsMessages.status,
  reason: smsMessages.reason,
  parts: smsMessages.parts,
  attempts: smsMessages.attempts,
  provider_message_id: smsMessages.providerMessageId,
  delivery_status: smsMessages.deliveryStatus,
  delivery_failure_reason: smsMessages.deliveryFailureReason,
  created_at: smsMessages.createdAt,
  sent_at: smsMessages.sentAt,
}

export type SmsRow = RowOf<typeof messageShape>
export type SmsStatus = SmsRow['status']

export async function insertMessage(
  db: Db,
  message: { phone: string; body: string; kind: string; orderId: number | null; parts: number },
): Promise<number> {
  const [row] = await db.insert(smsMessages).values(message).returning({ id: smsMessages.id })
  if (!row) throw new Error('sms insert returned no row')
  return row.id
}

export async function getMessage(db: Db, id: number): Promise<SmsRow | null> {
  const rows = await db.select(messageShape).from(smsMessages).where(eq(smsMessages.id, id))
  return rows[0] ?? null
}

/** Takes a queued message for sending (one worker wins); null when it is not queued any more. */
export async function claim(db: Db, id: number): Promise<SmsRow | null> {
  const rows = await db
    .update(smsMessages)
    .set({ status: 'sending', attempts: sql`${smsMessages.attempts} + 1` })
    .where(and(eq(smsMessages.id, id), eq(smsMessages.status, 'queued')))
    .returning(messageShape)
  return rows[0] ?? null
}

export async function finish(
  db: Db,
  id: number,
  outcome:
    | { status: 'sent'; providerMessageId: string; providerStatusCode: number; cost: string }
    | { status: 'failed' | 'dropped' | 'queued'; reason: string; providerStatusCode?: number },
): Promise<void> {
  await db
    .update(smsMessages)
    .set(
      outcome.status === 'sent'
        ? {
            status: 'sent',
            reason: null,
            providerMessageId: outcome.providerMessageId,
            providerStatusCode: outcome.providerStatusCode,
            cost: outcome.cost,
            sentAt: sql`now()`,
          }
        : {
            status: outcome.status,
            reason: outcome.reason.slice(0, 1000),
            providerStatusCode: outcome.providerStatusCode ?? null,
          },
    )
    .where(eq(smsMessages.id, id))
}

/** Stores a delivery report unless the same one came before; its id, or null for a repeat. */
export async function insertReport(
  db: Db,
  report: {
    providerMessageId: string
    status: string
    phone: string
    networkCode: string
    failureReason: string
    retryCount: number
    rawBody: string
  },
): Promise<number | null> {
  const rows = await db
    .insert(smsDeliveryReports)
    .values({ ...report, outcome: 'received' })
    .onConflictDoNothing()
    .returning({ id: smsDeliveryReports.id })
  return rows[0]?.id ?? null
}

export async function setReportOutcome(db: Db, id: number, outcome: string): Promise<void> {
  await db.update(smsDeliveryReports).set({ outcome }).where(eq(smsDeliveryReports.id, id))
}

/** Final delivery statuses: a later report of another status does not undo one. */
const FINAL = ['Success', 'Failed', 'Rejected']

/** Applies a delivery status to the message with that provider id; false when there is none (or it is final). */
export async function applyDelivery(
  db: Db,
  providerMessageId: string,
  delivery: { status: string; failureReason: string },
): Promise<'applied' | 'unknown' | 'final'> {
  const rows = await db
    .select({ id: smsMessages.id, status: smsMessages.deliveryStatus })
    .from(smsMessages)
    .where(eq(smsMessages.providerMessageId, providerMessageId))
    .for('update')
  const row = rows[0]
  if (!row) return 'unknown'
  if (row.status !== null && FINAL.includes(row.status)) return 'final'
  await db
    .update(smsMessages)
    .set({
      deliveryStatus: delivery.status,
      deliveryFailureReason: delivery.failureReason || null,
      deliveredAt: delivery.status === 'Success' ? sql`now()` : null,
    })
    .where(eq(smsMessages.id, row.id))
  return 'applied'
}

/** The latest messages, to one phone or anyone, of some orders or all (newest first). */
export function listMessages(
  db: Db,
  query: { phone?: string | undefined; orderIds?: number[] | undefined; limit: number },
): Promise<SmsRow[]> {
  return db
    .select(messageShape)
    .from(smsMessages)
    .where(
      and(
        query.phone === undefined ? undefined : eq(smsMessages.phone, query.phone),
        query.orderIds === undefined ? undefined : inArray(smsMessages.orderId, query.orderIds),
      ),
    )
    .orderBy(desc(smsMessages.id))
    .limit(query.limit)
}

/**
 * Reports that came before the send's answer was recorded (a quick network, a slow worker) were stored as `unknown`:
 * once the message has its provider id, the latest of them is applied (and all are marked applied).
 */
export async function applyEarlyReports(db: Db, providerMessageId: string): Promise<void> {
  await db.transaction(async (t) => {
    const early = await t
      .select({
        id: smsDeliveryReports.id,
        status: smsDeliveryReports.status,
        reason: smsDeliveryReports.failureReason,
      })
      .from(smsDeliveryReports)
      .where(
        and(eq(smsDeliveryReports.providerMessageId, providerMessageId), eq(smsDeliveryReports.outcome, 'unknown')),
      )
      .orderBy(smsDeliveryReports.id)
    const final = early.filter((report) => FINAL.includes(report.status)).at(-1) ?? early.at(-1)
    if (!final) return
    const applied = await applyDelivery(t, providerMessageId, { status: final.status, failureReason: final.reason })
    if (applied === 'unknown') return
    await t
      .update(smsDeliveryReports)
      .set({ outcome: 'applied' })
      .where(
        inArray(
          smsDeliveryReports.id,
          early.map((report) => report.id),
        ),
      )
  })
}
