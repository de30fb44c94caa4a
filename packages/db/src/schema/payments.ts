import { PAYMENT_METHODS } from '@soko/domain/order-states'
import { PAYBILL_PROBLEMS } from '@soko/domain/paybill'
import { REFUND_CAUSES, REFUND_STATES } from '@soko/domain/refund-states'
import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { createdAt, updatedAt } from './columns.ts'
import { orders, returns, vendorOrders } from './orders.ts'

// Payments (the payments module): each attempt to pay an order, and every event its provider sent.

const listOf = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ')

/**
 * One attempt to pay an order: an M-Pesa STK push (keyed by Daraja's CheckoutRequestID) or a card payment on the
 * provider's page (keyed by our reference). An order has at most one pending attempt at a time.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    status: text('status').notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    /** M-Pesa: the E.164 number that got the prompt. */
    phone: text('phone'),
    /** Our reference with the provider (card), or the AccountReference sent to Daraja. */
    reference: text('reference').notNull(),
    merchantRequestId: text('merchant_request_id'),
    checkoutRequestId: text('checkout_request_id'),
    /** M-Pesa receipt number, or the card provider's reference once paid. */
    receipt: text('receipt'),
    resultCode: integer('result_code'),
    resultDesc: text('result_desc'),
    redirectUrl: text('redirect_url'),
    cardLast4: text('card_last4'),
    cardBrand: text('card_brand'),
    /** Status queries made while no callback came. */
    queries: integer('queries').notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('payments_order_idx').on(t.orderId, t.createdAt.desc()),
    uniqueIndex('payments_checkout_request_key').on(t.checkoutRequestId),
    uniqueIndex('payments_reference_key').on(t.reference),
    uniqueIndex('payments_one_pending_key').on(t.orderId).where(sql`${t.status} = 'pending'`),
    check('payments_method_known', sql.raw(`method in (${listOf(PAYMENT_METHODS)})`)),
    check(
      'payments_status_known',
      sql`${t.status} in ('pending', 'paid', 'failed', 'cancelled', 'expired', 'refund_due', 'refunded')`,
    ),
  ],
)

/** Every callback, webhook and status answer received, raw, with what was done with it (for support and audits). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    /** applied, duplicate, or rejected: <why>. */
    outcome: text('outcome').notNull(),
    rawBody: text('raw_body').notNull(),
    remoteAddress: text('remote_address').notNull().default(''),
    createdAt,
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId), index('payment_events_created_idx').on(t.createdAt)],
)

/**
 * Money owed back to a shopper, one row per vendor part it comes from (the ledger's refund events are per part:
 * `refund_approved:refund:<id>`), and how it is sent back: by M-Pesa B2C to the paying number, or through the card
 * provider's refund call. Written when a refund is approved, in the same transaction as its ledger entries; the
 * sending is a durable job after commit (packages/domain/src/refund-states.ts).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    /** The paid attempt the money goes back through. */
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    vendorOrderId: integer('vendor_order_id')
      .notNull()
      .references(() => vendorOrders.id, { onDelete: 'restrict' }),
    returnId: integer('return_id').references(() => returns.id, { onDelete: 'restrict' }),
    cause: text('cause', { enum: REFUND_CAUSES }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    state: text('state', { enum: REFUND_STATES }).notNull().default('approved'),
    /** The goods given back, borne by the shop. */
    goodsCents: integer('goods_cents').notNull(),
    /** The part's share of the delivery fee given back (the marketplace's). */
    deliveryCents: integer('delivery_cents').notNull().default(0),
    /** VAT on sales given back (below zero only as the order's own VAT was). */
    vatCents: integer('vat_cents').notNull().default(0),
    /** What the marketplace gives of its own (goodwill). */
    marketplaceCents: integer('marketplace_cents').notNull().default(0),
    /** The commission on the refunded goods, given back to the shop. */
    commissionCents: integer('commission_cents').notNull().default(0),
    /** What the shopper gets: goods + delivery + VAT + goodwill. */
    amountCents: integer('amount_cents').notNull(),
    /** M-Pesa: the E.164 number the money goes to (the paying number). */
    phone: text('phone'),
    /** Our idempotent id with the provider: B2C's OriginatorConversationID, or the card refund's reference. */
    originatorId: text('originator_id'),
    /** B2C's ConversationID, once M-Pesa accepted the request. */
    conversationId: text('conversation_id'),
    /** The M-Pesa receipt or the card provider's refund id, once sent. */
    providerReference: text('provider_reference'),
    resultCode: integer('result_code'),
    resultDesc: text('result_desc'),
    /** Times it was handed to the provider (a failed refund may be sent again). */
    attempts: integer('attempts').notNull().default(0),
    /** Why it was approved (the admin's reason, the return's, the cancellation). */
    reason: text('reason').notNull(),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_vendor_order_idx').on(t.vendorOrderId),
    index('refunds_unsent_idx').on(t.state).where(sql`${t.state} <> 'sent'`),
    uniqueIndex('refunds_originator_key').on(t.originatorId),
    check('refunds_state_known', sql.raw(`state in (${listOf(REFUND_STATES)})`)),
    check('refunds_cause_known', sql.raw(`cause in (${listOf(REFUND_CAUSES)})`)),
    check('refunds_method_known', sql.raw(`method in (${listOf(PAYMENT_METHODS)})`)),
    check(
      'refunds_amount_adds_up',
      sql`${t.amountCents} > 0 and ${t.amountCents} = ${t.goodsCents} + ${t.deliveryCents} + ${t.vatCents} + ${t.marketplaceCents}`,
    ),
    check(
      'refunds_parts_not_negative',
      sql`${t.goodsCents} >= 0 and ${t.deliveryCents} >= 0 and ${t.marketplaceCents} >= 0 and ${t.commissionCents} >= 0`,
    ),
    check('refunds_mpesa_has_phone', sql`${t.method} <> 'mpesa' or ${t.phone} is not null`),
    check('refunds_sent_when_sent', sql`(${t.state} = 'sent') = (${t.sentAt} is not null)`),
    check('refunds_reason_not_blank', sql`btrim(${t.reason}) <> ''`),
  ],
)

/**
 * Every M-Pesa C2B confirmation (a shopper paying our Paybill from their own phone), keyed by M-Pesa's TransID so
 * the same one received twice is applied once. `problem` null: it paid its order (`payment_id`); otherwise it is
 * money that matched nothing it could pay (unknown account, wrong amount, an order already paid, cancelled or
 * expired), on the admin's reconciliation list until resolved. `refund_owed`: it named an order that will not take it.
 */
export const c2bPayments = pgTable(
  'c2b_payments',
  {
    id: serial('id').primaryKey(),
    transId: text('trans_id').notNull(),
    transType: text('trans_type').notNull().default(''),
    /** TransTime as sent (YYYYMMDDHHmmss, Nairobi time). */
    transTime: text('trans_time').notNull().default(''),
    amountCents: integer('amount_cents').notNull(),
    shortCode: text('short_code').notNull().default(''),
    /** The account number the payer typed, as typed. */
    billRef: text('bill_ref').notNull().default(''),
    /** As M-Pesa sends it: masked (`25470****149`). */
    msisdn: text('msisdn').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    problem: text('problem', { enum: PAYBILL_PROBLEMS }),
    refundOwed: boolean('refund_owed').notNull().default(false),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
    createdAt,
  },
  (t) => [
    uniqueIndex('c2b_payments_trans_id_key').on(t.transId),
    index('c2b_payments_unmatched_idx').on(t.createdAt.desc()).where(sql`${t.problem} is not null`),
    check('c2b_payments_problem_known', sql.raw(`problem in (${listOf(PAYBILL_PROBLEMS)})`)),
    check('c2b_payments_amount_positive', sql`${t.amountCents} > 0`),
    check('c2b_payments_resolved_note', sql`(${t.resolvedAt} is null) = (${t.resolutionNote} is null)`),
  ],
)
