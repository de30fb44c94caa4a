import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { businesses, products } from './catalog.ts'

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/** An order's and a vendor part's life: paid once the money is in, then each vendor fulfils its own part (D7). */
const ORDER_STATUS_CHECK = `in ('pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded')`

export interface AddressSnapshot {
  address: string
  city: string
  county: string
  postalCode: string
  country: string
}

/**
 * One checkout. Amounts are the server's quote at the moment of placing it (DESIGN S2), in cents. The stock of its
 * lines was taken in the same transaction that created it; an unpaid order gives it back when its reservation ends.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** SK- and six characters of Crockford base 32: short enough to read over the phone. */
    orderNumber: text('order_number').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending_payment'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>().notNull(),
    billingAddress: jsonb('billing_address').$type<AddressSnapshot>().notNull(),
    notes: text('notes').notNull().default(''),
    paymentMethod: text('payment_method').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** VAT rate in basis points (1600 = 16 %) when the order was placed. */
    vatRateBp: integer('vat_rate_bp').notNull(),
    /** The client's Idempotency-Key and a hash of what was asked with it: the same key answers the same order. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** While unpaid: when the stock goes back on sale. */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt.desc()),
    index('orders_status_idx').on(t.status, t.createdAt.desc()),
    check('orders_status_known', sql.raw(`status ${ORDER_STATUS_CHECK}`)),
    check('orders_payment_method_known', sql`${t.paymentMethod} in ('mpesa', 'credit-card')`),
    check('orders_amounts_add_up', sql`${t.totalCents} = ${t.subtotalCents} + ${t.shippingCents} + ${t.vatCents}`),
  ],
)

/** A vendor's part of an order: what that shop sells in it and fulfils on its own (D7). */
export const vendorOrders = pgTable(
  'vendor_orders',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('pending_payment'),
    subtotalCents: integer('subtotal_cents').notNull(),
    /** The marketplace's commission on this part, at the rate of the day it was placed. */
    commissionCents: integer('commission_cents').notNull().default(0),
    trackingNote: text('tracking_note'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('vendor_orders_order_business_key').on(t.orderId, t.businessId),
    index('vendor_orders_business_idx').on(t.businessId, t.createdAt.desc()),
    index('vendor_orders_business_status_idx').on(t.businessId, t.status),
    check('vendor_orders_status_known', sql.raw(`status ${ORDER_STATUS_CHECK}`)),
  ],
)

/** A line of an order, with the product's name and price as they were when it was bought. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorOrderId: integer('vendor_order_id')
      .notNull()
      .references(() => vendorOrders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productSlug: text('product_slug').notNull(),
    imageUrl: text('image_url'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_vendor_order_idx').on(t.vendorOrderId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
)

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
    method: text('method').notNull(),
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

/**
 * Background work that must survive restarts and run once however many processes there are: each worker claims a
 * due job with FOR UPDATE SKIP LOCKED and a lease, so a crashed worker's job is picked up again when the lease ends.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** At most one unfinished job per key (e.g. `order-expiry:42`). */
    dedupeKey: text('dedupe_key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt,
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null`),
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey).where(sql`${t.doneAt} is null`),
  ],
)

/** A signed-in shopper's cart, kept on the server so that it follows them between devices. */
export const carts = pgTable('carts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  items: jsonb('items').$type<{ productId: number; quantity: number }[]>().notNull().default([]),
  updatedAt,
})

/** Secrets the marketplace makes for itself once and every process shares (e.g. the M-Pesa callback path). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt,
})

/** Money paid out to a shop (M-Pesa B2C or by hand): a shop is owed its delivered sales less commission, less these. */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    /** M-Pesa receipt or bank reference. */
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [
    index('payouts_business_idx').on(t.businessId, t.createdAt.desc()),
    check('payouts_positive', sql`${t.amountCents} > 0`),
  ],
)

/** What admins and vendors did (verify, suspend, deactivate, refund, role changes ...): the admin's recent activity. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt,
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc())],
)
