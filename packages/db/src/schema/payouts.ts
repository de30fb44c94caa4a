import { sql } from 'drizzle-orm'
import { bigserial, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { createdAt, updatedAt } from './columns.ts'
import { businesses } from './vendors.ts'

// Payouts (the payouts module; docs/decisions/0018-payouts.md): money sent to a shop, by M-Pesa B2C or recorded by
// an admin who sent it by hand, and every B2C Result received for them, stored raw.

const listOf = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ')

/**
 * Money paid out to a shop. An M-Pesa payout moves queued → sent → paid | failed (packages/domain/src/
 * payout-states.ts); one recorded by hand is paid at once. Each is written with its ledger entries (`payout_sent`,
 * then `payout_settled` or `payout_failed`).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    /** `mpesa_b2c` (sent by Soko) or `manual` (sent by hand and recorded by an admin). */
    method: text('method').notNull().default('manual'),
    /** queued, sent, paid or failed. */
    state: text('state').notNull().default('paid'),
    /** How it was started: `schedule` (the weekly run) or `admin`. */
    startedBy: text('started_by').notNull().default('admin'),
    /** The number paid (E.164), for M-Pesa payouts. */
    phone: text('phone'),
    /** B2C's OriginatorConversationID: one per payout, reused for every retry, so M-Pesa never pays it twice. */
    originatorId: text('originator_id'),
    /** Daraja's ConversationID, once it accepted the request. */
    conversationId: text('conversation_id'),
    /** The M-Pesa receipt once paid. */
    mpesaReceipt: text('mpesa_receipt'),
    /** M-Pesa's ResultCode and ResultDesc, as received. */
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    /** Why it failed, in words for the shop. */
    failureReason: text('failure_reason'),
    /** A manual payout's M-Pesa receipt or bank reference. */
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Transaction Status queries asked for it (a Result that never came). */
    queryCount: integer('query_count').notNull().default(0),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('payouts_business_idx').on(t.businessId, t.createdAt.desc()),
    index('payouts_state_idx').on(t.state, t.createdAt.desc()),
    uniqueIndex('payouts_originator_key').on(t.originatorId),
    check('payouts_positive', sql`${t.amountCents} > 0`),
    check('payouts_method', sql.raw(`method in (${listOf(['mpesa_b2c', 'manual'])})`)),
    check('payouts_state', sql.raw(`state in (${listOf(['queued', 'sent', 'paid', 'failed'])})`)),
    check('payouts_started_by', sql.raw(`started_by in (${listOf(['schedule', 'admin'])})`)),
    check(
      'payouts_mpesa_phone',
      sql`${t.method} <> 'mpesa_b2c' or (${t.phone} is not null and ${t.originatorId} is not null)`,
    ),
    check('payouts_manual_paid', sql`${t.method} <> 'manual' or ${t.state} = 'paid'`),
  ],
)

/** Every B2C or Transaction Status Result received for a payout, stored raw, with what was done with it. */
export const payoutEvents = pgTable(
  'payout_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    payoutId: integer('payout_id').references(() => payouts.id, { onDelete: 'set null' }),
    /** `result` (B2C's ResultURL), `status` (Transaction Status's ResultURL) or `timeout` (QueueTimeOutURL). */
    source: text('source').notNull(),
    /** applied, duplicate, or rejected: <why>. */
    outcome: text('outcome').notNull(),
    rawBody: text('raw_body').notNull(),
    remoteAddress: text('remote_address').notNull().default(''),
    createdAt,
  },
  (t) => [index('payout_events_payout_idx').on(t.payoutId), index('payout_events_created_idx').on(t.createdAt)],
)
