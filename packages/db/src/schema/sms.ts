import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

// Text messages (the sms module): every SMS Soko sends, and the delivery reports the gateway posts back.

/**
 * One text to one phone, written in the same transaction as what caused it and sent by a durable job after
 * commit (decision 0029). `status` moves queued → sending → sent, or ends as failed (the gateway refused it, or
 * the answer was lost after it may have gone: never sent again) or dropped (over the per-phone or overall limit,
 * or the shopper asked for no texts). `delivery_status` is the gateway's last delivery report.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: serial('id').primaryKey(),
    /** E.164. */
    phone: text('phone').notNull(),
    body: text('body').notNull(),
    /** What the text is about: `order-placed`, `order-paid`, `vendor-paid` ... */
    kind: text('kind').notNull(),
    orderId: integer('order_id'),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed', 'dropped'] })
      .notNull()
      .default('queued'),
    /** Why it failed or was dropped, in words. */
    reason: text('reason'),
    /** GSM-7 or UCS-2 parts it takes (what it costs). */
    parts: integer('parts').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    providerMessageId: text('provider_message_id'),
    /** The gateway's per-recipient answer: statusCode and cost. */
    providerStatusCode: integer('provider_status_code'),
    cost: text('cost'),
    deliveryStatus: text('delivery_status'),
    deliveryFailureReason: text('delivery_failure_reason'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sms_messages_provider_id_key').on(t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
    index('sms_messages_phone_idx').on(t.phone, t.createdAt),
    index('sms_messages_order_idx').on(t.orderId),
    check('sms_messages_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'dropped')`),
  ],
)

/**
 * Every delivery report the gateway posted, keyed by its message id and status: the same report posted again
 * (gateways retry) is stored once and applied once.
 */
export const smsDeliveryReports = pgTable(
  'sms_delivery_reports',
  {
    id: serial('id').primaryKey(),
    providerMessageId: text('provider_message_id').notNull(),
    status: text('status').notNull(),
    phone: text('phone').notNull().default(''),
    networkCode: text('network_code').notNull().default(''),
    failureReason: text('failure_reason').notNull().default(''),
    retryCount: integer('retry_count').notNull().default(0),
    /** applied, duplicate, or unknown (no message of ours has that id). */
    outcome: text('outcome').notNull(),
    rawBody: text('raw_body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sms_delivery_reports_key').on(t.providerMessageId, t.status, t.retryCount)],
)
