import type { DeliverySnapshot } from '@soko/domain/delivery'
import { ORDER_STATUSES, PAYMENT_METHODS } from '@soko/domain/order-states'
import { COLLECTION_WAYS, COLLECTORS } from '@soko/domain/pay-on-delivery'
import { DISPUTE_CAUSES, RETURN_METHOD_IDS, RETURN_REASON_IDS, RETURN_STATES } from '@soko/domain/return-states'
import { CARRIER_IDS, DELIVERY_CONFIRMERS } from '@soko/domain/vendor-part-states'
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { products } from './catalog.ts'
import { createdAt, updatedAt } from './columns.ts'
import { businesses } from './vendors.ts'

const listOf = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ')

// Orders (the orders module): the order, its vendor parts and its lines.

/** An order's and a vendor part's life: paid once the money is in, then each vendor fulfils its own part (D7). */
const ORDER_STATUS_CHECK = `in (${ORDER_STATUSES.map((status) => `'${status}'`).join(', ')})`

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
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    /** A voucher's code and what it took off the goods (decision 0023); null and 0: none. */
    voucherCode: text('voucher_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    /** Who funds the discount: null the marketplace (or no voucher), else the shop. */
    discountFunderBusinessId: integer('discount_funder_business_id'),
    shippingCents: integer('shipping_cents').notNull(),
    /** How it is delivered and what that cost, as quoted (null: placed before delivery options existed). */
    delivery: jsonb('delivery').$type<DeliverySnapshot>(),
    /** Pickup orders: the code the station checks before handing the parcels over. */
    collectionCode: text('collection_code'),
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
    // Guest orders by their email: what a sign-in with that verified email claims (docs/decisions/0011).
    index('orders_guest_email_idx').on(sql`lower(${t.email})`).where(sql`${t.userId} is null`),
    check('orders_status_known', sql.raw(`status ${ORDER_STATUS_CHECK}`)),
    check('orders_payment_method_known', sql.raw(`payment_method in (${listOf(PAYMENT_METHODS)})`)),
    check(
      'orders_amounts_add_up',
      sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.shippingCents} + ${t.vatCents}`,
    ),
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
    /** The part's goods, after a voucher the shop funds itself (its own discount lowers its sale, decision 0023). */
    subtotalCents: integer('subtotal_cents').notNull(),
    /** The part's share of a voucher's discount: the shop's own (already off the subtotal) or the marketplace's. */
    vendorDiscountCents: integer('vendor_discount_cents').notNull().default(0),
    marketplaceDiscountCents: integer('marketplace_discount_cents').notNull().default(0),
    /** The marketplace's commission on this part, at the rate of the day it was placed. */
    commissionCents: integer('commission_cents').notNull().default(0),
    trackingNote: text('tracking_note'),
    /** Who carries it (the carriers of packages/domain/vendor-part-states) and their tracking reference. */
    carrier: text('carrier'),
    trackingReference: text('tracking_reference'),
    processingAt: timestamp('processing_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** Pickup orders: when the parcel reached the station (the shopper was told to collect it with the code). */
    atStationAt: timestamp('at_station_at', { withTimezone: true }),
    /** When the vendor marked it delivered; it is received once its delivery is confirmed (decision 0012). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveryConfirmedAt: timestamp('delivery_confirmed_at', { withTimezone: true }),
    deliveryConfirmedBy: text('delivery_confirmed_by'),
    /**
     * Pay-on-delivery orders (decision 0022): when the part's share was paid at the door, how (cash or M-Pesa to
     * the rider), who took it (the shop's rider or the marketplace's) and the M-Pesa code if one was given; or
     * when the shopper refused the parcel at the door (the part is cancelled, and pay on delivery refused to them).
     */
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    collectedVia: text('collected_via'),
    collectedBy: text('collected_by'),
    collectedReference: text('collected_reference'),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('vendor_orders_order_business_key').on(t.orderId, t.businessId),
    index('vendor_orders_business_idx').on(t.businessId, t.createdAt.desc()),
    index('vendor_orders_business_status_idx').on(t.businessId, t.status),
    // The few refused parcels, looked up whenever a shopper asks whether they may pay on delivery.
    index('vendor_orders_refused_idx').on(t.orderId).where(sql`refused_at is not null`),
    check('vendor_orders_status_known', sql.raw(`status ${ORDER_STATUS_CHECK}`)),
    check('vendor_orders_carrier_known', sql.raw(`carrier in (${CARRIER_IDS.map((id) => `'${id}'`).join(', ')})`)),
    check(
      'vendor_orders_collected_known',
      sql.raw(
        `(collected_at is null and collected_via is null and collected_by is null) or ` +
          `(collected_at is not null and collected_via in (${COLLECTION_WAYS.map((way) => `'${way}'`).join(', ')}) ` +
          `and collected_by in (${COLLECTORS.map((who) => `'${who}'`).join(', ')}))`,
      ),
    ),
    check('vendor_orders_collected_or_refused', sql`collected_at is null or refused_at is null`),
    check(
      'vendor_orders_confirmed_by_known',
      sql.raw(`delivery_confirmed_by in (${DELIVERY_CONFIRMERS.map((who) => `'${who}'`).join(', ')})`),
    ),
    check(
      'vendor_orders_confirmed_when_delivered',
      sql`(delivery_confirmed_at is null) = (delivery_confirmed_by is null)
        and (delivery_confirmed_at is null or status in ('delivered', 'refunded'))`,
    ),
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
 * A shopper's return of items of one vendor part (decision 0013): requested → accepted (with how it comes back) or
 * refused (with why) → received by the vendor → refunded, the refund recorded on the order's payment.
 */
export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorOrderId: integer('vendor_order_id')
      .notNull()
      .references(() => vendorOrders.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('requested'),
    method: text('method'),
    refusalReason: text('refusal_reason'),
    /** What the shopper asked back: the returned lines at their unit prices. */
    amountCents: integer('amount_cents').notNull(),
    /** What was refunded: the whole amount when the shop received the items, an admin's award after a dispute. */
    refundedCents: integer('refunded_cents'),
    /** Why it went to the dispute desk (decision 0015): the shop refused it, or did not answer in time. */
    disputeCause: text('dispute_cause'),
    /** The admin's decision of a dispute, told to both sides, and who made it. */
    decisionNote: text('decision_note'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('returns_order_idx').on(t.orderId),
    index('returns_vendor_order_idx').on(t.vendorOrderId),
    check('returns_state_known', sql.raw(`state in (${listOf(RETURN_STATES)})`)),
    check('returns_method_known', sql.raw(`method in (${listOf(RETURN_METHOD_IDS)})`)),
    check('returns_method_when_accepted', sql`(method is null) = (accepted_at is null)`),
    check('returns_refusal_has_reason', sql`(refusal_reason is null) = (refused_at is null)`),
    check('returns_amount_positive', sql`${t.amountCents} > 0`),
    check('returns_dispute_cause_known', sql.raw(`dispute_cause in (${listOf(DISPUTE_CAUSES)})`)),
    check('returns_disputed_has_cause', sql`(dispute_cause is null) = (disputed_at is null)`),
    check('returns_decision_has_note', sql`(decision_note is null) = (decided_at is null)`),
    check(
      'returns_refund_within_amount',
      sql`${t.refundedCents} is null or (${t.refundedCents} > 0 and ${t.refundedCents} <= ${t.amountCents})`,
    ),
    check('returns_refunded_has_amount', sql`(refunded_cents is null) = (refunded_at is null)`),
  ],
)

/** A shopper's photo of a return's items (files under DATA_DIR/media/return-photos/{id}/), seen by both sides. */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    createdAt,
  },
  (t) => [index('return_photos_return_idx').on(t.returnId)],
)

/** One order line going back in a return: how many, and why. */
export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('return_lines_return_item_key').on(t.returnId, t.orderItemId),
    index('return_lines_order_item_idx').on(t.orderItemId),
    check('return_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('return_lines_reason_known', sql.raw(`reason in (${listOf(RETURN_REASON_IDS)})`)),
    check('return_lines_other_has_note', sql`reason <> 'other' or note is not null`),
  ],
)
