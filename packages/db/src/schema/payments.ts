import { PAYMENT_METHODS } from '@soko/domain/order-states'
import { sql } from 'drizzle-orm'
import { bigserial, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns.ts'
import { orders } from './orders.ts'

// Payments (the payments module): each attempt to pay an order, and every event its provider sent.

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
    check('payments_method_known', sql`${t.method} in ('mpesa', 'credit-card')`),
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
