import { percentToBp } from '@soko/domain/commission'
import { ACCOUNT_KINDS, REFERENCE_TYPES, TRANSACTION_KINDS, VENDOR_ACCOUNT_KINDS } from '@soko/domain/ledger'
import { PAYBILL_PROBLEMS } from '@soko/domain/paybill'
import { PAYOUT_METHODS, PAYOUT_STARTS, PAYOUT_STATES } from '@soko/domain/payout-states'
import { EXCEPTION_CODES, MOVEMENT_KINDS } from '@soko/domain/reconciliation'
import { REFUND_CAUSES, REFUND_STATES } from '@soko/domain/refund-states'
import { isDay } from '@soko/domain/statement'
import { DELIVERY_CONFIRMERS } from '@soko/domain/vendor-part-states'
import { z } from 'zod'
import { RoleSchema } from './auth.ts'
import { SlugSchema } from './catalog.ts'
import { IdempotencyHeadersSchema, ORDER_STATUSES, PAYMENT_METHODS } from './checkout.ts'
import { wholeNumber } from './common.ts'
import { endpoints } from './endpoint.ts'

// The admin area's API (superusers only; specification section 2 "admin dashboard", DESIGN S3-S6). Every call is
// under /api/admin/, answers `cache-control: no-store`, 401 when signed out and 403 for any other role. Amounts are
// KES numbers (never dollars); timestamps are ISO 8601; lists take `?page=&per_page=&q=`. Request bodies are strict:
// a field a call does not accept is a 400 naming it. Every change is written to the audit log.

const Id = z.number().int()
/** An id sent to the API: the database's ids are 32-bit, so a larger one is refused here rather than by PostgreSQL. */
const RequestId = (message?: string) => Id.positive(message).max(2 ** 31 - 1, message)
const Kes = z.number().describe('Amount in KES')
const Timestamp = z.string().describe('ISO 8601')

/** A text field that must be given: trimmed, not empty, at most `max` characters. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: () => `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

const optionalText = (label: string, max: number) =>
  z
    .string({ error: () => `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)

/** Links and images: an http(s) URL or a path on this site ('/products?...'); never javascript: or data:. */
const LinkSchema = (label: string) =>
  z
    .string({ error: () => `${label} must be a URL or a path starting with /` })
    .trim()
    .max(500, `${label} must be at most 500 characters`)
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value), {
      message: `${label} must be an http(s) URL or a path starting with /`,
    })

export const AdminIdParamsSchema = z.object({ id: wholeNumber(1, 2 ** 31 - 1) })
export const AdminPartParamsSchema = AdminIdParamsSchema.extend({ partId: wholeNumber(1, 2 ** 31 - 1) })

/** `?page=&per_page=&q=` for every admin list (at most 100 a page). */
export const AdminListQuerySchema = z.object({
  page: wholeNumber(1, 100_000).default(1),
  per_page: wholeNumber(1, 100).default(20),
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
})

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    total_pages: z.number().int(),
    results: z.array(item),
  })

/** Why an admin takes something down or away: shown to the shop owner or written to the audit log. */
export const ReasonBodySchema = z.strictObject({ reason: requiredText('Reason', 500) })
export type ReasonBody = z.infer<typeof ReasonBodySchema>

// Dashboard

export const DashboardSchema = z.object({
  orders: z.object({
    count: z.number().int(),
    by_status: z.record(z.enum(ORDER_STATUSES), z.number().int()),
  }),
  revenue: z
    .object({ today: Kes, this_month: Kes, all_time: Kes })
    .describe('Totals of paid orders (not cancelled or refunded), by the day they were paid, Africa/Nairobi days'),
  commission: z
    .object({ this_month: Kes, all_time: Kes })
    .describe("The marketplace's commission on the vendor parts of those orders"),
  users: z.object({
    count: z.number().int(),
    by_role: z.object({ customer: z.number().int(), vendor: z.number().int(), superuser: z.number().int() }),
    new_this_month: z.number().int(),
    disabled: z.number().int(),
  }),
  products: z.object({
    active: z.number().int(),
    inactive: z.number().int(),
    out_of_stock: z.number().int().describe('Active products with no stock'),
  }),
  shops: z.object({
    verified: z.number().int(),
    unverified: z.number().int(),
    suspended: z.number().int(),
  }),
  sales: z
    .array(z.object({ date: z.string().describe('YYYY-MM-DD'), orders: z.number().int(), revenue: Kes }))
    .describe('The last 30 Nairobi days, oldest first, days without sales included'),
  recent_activity: z.array(
    z.object({
      kind: z.enum(['audit', 'order']),
      at: Timestamp,
      text: z.string().describe('A sentence to show as is'),
      subject_type: z.string(),
      subject_id: Id.nullable(),
    }),
  ),
  quick_actions: z.object({
    unverified_shops: z.number().int(),
    unhandled_contact_messages: z.number().int(),
    refunds_due: z.number().int().describe('Orders whose payment is owed back to the shopper'),
    failed_refunds: z.number().int().describe('Refunds M-Pesa or the card provider refused: still owed, to send again'),
  }),
})
export type Dashboard = z.infer<typeof DashboardSchema>

// Products

export const AdminProductsQuerySchema = AdminListQuerySchema.extend({
  status: z.enum(['active', 'inactive', 'out_of_stock']).optional(),
  shop: wholeNumber(1, 2 ** 31 - 1).optional(),
  category: wholeNumber(1, 2 ** 31 - 1).optional(),
})
export type AdminProductsQuery = z.infer<typeof AdminProductsQuerySchema>

export const AdminProductSchema = z.object({
  id: Id,
  name: z.string(),
  slug: z.string(),
  price: Kes,
  discounted_price: Kes.nullable(),
  stock_qty: z.number().int(),
  is_active: z.boolean(),
  deactivated_reason: z.string().nullable().describe('Set when an admin took it down; its shop sees it'),
  thumbnail_url: z.string().nullable(),
  shop: z.object({ id: Id, name: z.string(), slug: z.string(), is_active: z.boolean() }),
  category: z.object({ id: Id, name: z.string(), slug: z.string() }),
  created_at: Timestamp,
})
export type AdminProduct = z.infer<typeof AdminProductSchema>
export const AdminProductsPageSchema = page(AdminProductSchema)
export type AdminProductsPage = z.infer<typeof AdminProductsPageSchema>

// Orders

export const AdminOrdersQuerySchema = AdminListQuerySchema.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  payment_status: z
    .enum(['pending', 'paid', 'failed', 'cancelled', 'expired', 'refund_due', 'refunded'])
    .optional()
    .describe('Orders with a payment in this state (refund_due: money to send back)'),
})
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>

export const AdminOrderSummarySchema = z.object({
  id: Id,
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  status_label: z.string(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string(), user_id: Id.nullable() }),
  total: Kes,
  payment_method: z.enum(PAYMENT_METHODS),
  payment_status: z.string().nullable().describe('The latest payment attempt'),
  vendor_count: z.number().int(),
  created_at: Timestamp,
  paid_at: Timestamp.nullable(),
  past_collect_by: z
    .boolean()
    .describe('Pickup orders: a parcel is still waiting at its station after its collect-by time'),
})
export const AdminOrdersPageSchema = page(AdminOrderSummarySchema)
export type AdminOrdersPage = z.infer<typeof AdminOrdersPageSchema>

// Paybill payments that matched no order they could pay (the reconciliation list)

export const AdminC2bUnmatchedQuerySchema = AdminListQuerySchema.extend({
  resolved: z
    .enum(['true', 'false'])
    .optional()
    .describe('false (default when absent: every one): only those still to handle; true: only those handled'),
})
export type AdminC2bUnmatchedQuery = z.infer<typeof AdminC2bUnmatchedQuerySchema>

export const AdminC2bPaymentSchema = z.object({
  id: Id,
  trans_id: z.string().describe("M-Pesa's transaction id (the payer's SMS shows it)"),
  amount: Kes,
  account: z.string().describe('The account number the payer typed, as typed'),
  msisdn: z.string().describe("The payer's number as M-Pesa sends it: masked, e.g. 25470****149"),
  first_name: z.string(),
  business_number: z.string(),
  reason: z.enum(PAYBILL_PROBLEMS),
  reason_text: z.string(),
  refund_owed: z.boolean().describe('It named an order that will not take it: the money is owed back'),
  order: z.object({ id: Id, order_number: z.string(), status: z.enum(ORDER_STATUSES) }).nullable(),
  received_at: Timestamp,
  resolved_at: Timestamp.nullable(),
  resolution_note: z.string().nullable(),
})
export type AdminC2bPayment = z.infer<typeof AdminC2bPaymentSchema>
export const AdminC2bPaymentsPageSchema = page(AdminC2bPaymentSchema)
export type AdminC2bPaymentsPage = z.infer<typeof AdminC2bPaymentsPageSchema>

export const ResolveC2bBodySchema = z.strictObject({
  note: requiredText('Note', 500).describe('What was done about it (refunded by hand, matched to an order, ...)'),
})
export type ResolveC2bBody = z.infer<typeof ResolveC2bBodySchema>

// Every M-Pesa money movement against the ledger, with its exceptions (docs/decisions/0032-reconciliation.md)

/** The longest period the reconciliation reads at once. */
export const RECONCILIATION_MAX_DAYS = 92

const DaySchema = (label: string) => z.string().trim().max(10).refine(isDay, `${label} must be a date (YYYY-MM-DD)`)

export const AdminReconciliationQuerySchema = z
  .object({
    page: wholeNumber(1, 100_000).default(1),
    per_page: wholeNumber(1, 100).default(50),
    q: z.string().trim().max(100, 'must be at most 100 characters').optional().describe('Receipt, order or shop'),
    from: DaySchema('From').optional().describe('First day, YYYY-MM-DD, Nairobi time (default: 6 days before to)'),
    to: DaySchema('To').optional().describe('Last day, YYYY-MM-DD, Nairobi time (default: today)'),
    kind: z.enum(MOVEMENT_KINDS).optional().describe('stk, paybill, payout or refund'),
    exceptions: z.enum(['only']).optional().describe('only: the movements with an exception'),
  })
  .superRefine((query, context) => {
    if (query.from === undefined || query.to === undefined) return
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000
    if (days < 0) context.addIssue({ code: 'custom', path: ['from'], message: 'From must not be after To' })
    else if (days >= RECONCILIATION_MAX_DAYS)
      context.addIssue({
        code: 'custom',
        path: ['from'],
        message: `The period must be at most ${RECONCILIATION_MAX_DAYS} days: choose a later From`,
      })
  })
export type AdminReconciliationQuery = z.infer<typeof AdminReconciliationQuerySchema>

export const ReconciliationExceptionSchema = z.object({
  code: z.enum(EXCEPTION_CODES),
  label: z.string().describe('A short name: "Amount differs"'),
  text: z.string().describe('What is wrong, with the figures'),
})

export const MpesaMovementSchema = z.object({
  kind: z.enum(MOVEMENT_KINDS),
  kind_label: z.string(),
  id: Id.describe("The payment attempt's, the Paybill confirmation's, the payout's or the refund's id"),
  direction: z.enum(['in', 'out']),
  receipt: z.string().nullable().describe('The M-Pesa receipt (TransID for Paybill); null when M-Pesa gave none'),
  amount: Kes.describe('What M-Pesa moved (what was asked, when M-Pesa named no amount)'),
  phone: z.string().nullable().describe('The number paid or paying, formatted (Paybill: masked as M-Pesa sends it)'),
  at: Timestamp,
  purpose: z.string().describe('What it was for, in words'),
  order: z.object({ id: Id, order_number: z.string() }).nullable(),
  shop: z.object({ id: Id, name: z.string() }).nullable(),
  ledger: z
    .object({ key: z.string(), amount: Kes.describe('How much it moved the M-Pesa float') })
    .nullable()
    .describe('The ledger transaction; null: not in the ledger'),
  handled: z.string().nullable().describe("Why its exceptions are dealt with (an admin's note), when they are"),
  exceptions: z.array(ReconciliationExceptionSchema),
})
export type MpesaMovement = z.infer<typeof MpesaMovementSchema>

export const ReconciliationPageSchema = page(MpesaMovementSchema).extend({
  from: z.string().describe('YYYY-MM-DD'),
  to: z.string().describe('YYYY-MM-DD'),
  truncated: z.boolean().describe('The period held more movements of a kind than are read at once: narrow it'),
  totals: z.object({
    movements: z.number().int().describe('Movements in the period (of the kind asked)'),
    with_exceptions: z.number().int(),
    by_exception: z
      .object({
        no_order: z.number().int(),
        sent_twice: z.number().int(),
        amount_differs: z.number().int(),
        not_in_ledger: z.number().int(),
        no_receipt: z.number().int(),
      })
      .describe('Movements with each exception'),
  }),
})
export type ReconciliationPage = z.infer<typeof ReconciliationPageSchema>

// Refunds sent back to shoppers

export const AdminRefundsQuerySchema = AdminListQuerySchema.extend({
  state: z.enum(REFUND_STATES).optional().describe('Only refunds in this state (failed: to send again)'),
})
export type AdminRefundsQuery = z.infer<typeof AdminRefundsQuerySchema>

export const AdminRefundSchema = z.object({
  id: Id,
  order: z.object({ id: Id, order_number: z.string() }),
  shop: z.object({ id: Id, name: z.string() }),
  amount: Kes,
  method: z.enum(PAYMENT_METHODS),
  destination: z.string().describe('"M-Pesa 0712 *** 678" or "your card"'),
  state: z.enum(REFUND_STATES),
  cause: z.enum(REFUND_CAUSES),
  reason: z.string(),
  result_description: z.string().nullable().describe('What the provider said last (why it failed, when it did)'),
  provider_reference: z.string().nullable().describe("The M-Pesa receipt or the card provider's refund id"),
  attempts: z.number().int().describe('Times it was handed to the provider'),
  created_at: Timestamp,
  sent_at: Timestamp.nullable(),
})
export type AdminRefund = z.infer<typeof AdminRefundSchema>
export const AdminRefundsPageSchema = page(AdminRefundSchema)
export type AdminRefundsPage = z.infer<typeof AdminRefundsPageSchema>

export const AdminOrderDetailSchema = AdminOrderSummarySchema.extend({
  subtotal: Kes,
  shipping: Kes,
  vat: Kes,
  notes: z.string(),
  shipping_address: z.object({
    address: z.string(),
    city: z.string(),
    county: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
  cancel_reason: z.string().nullable(),
  can_refund: z.boolean(),
  vendor_parts: z.array(
    z.object({
      id: Id,
      shop: z.object({ id: Id, name: z.string(), slug: z.string() }),
      status: z.enum(ORDER_STATUSES),
      subtotal: Kes,
      commission: Kes,
      tracking_note: z.string().nullable(),
      carrier_label: z.string().nullable(),
      tracking_reference: z.string().nullable(),
      shipped_at: Timestamp.nullable(),
      delivered_at: Timestamp.nullable().describe('When its shop marked it delivered'),
      delivery_confirmed_at: Timestamp.nullable(),
      delivery_confirmed_by: z.enum(DELIVERY_CONFIRMERS).nullable(),
      can_confirm_delivery: z.boolean().describe('Shipped or delivered, not confirmed yet'),
      pickup: z
        .object({
          station: z.string().describe("The station's name, address and town, as the order keeps it"),
          opening_hours: z.string(),
          at_station_at: Timestamp.nullable().describe('When the parcel reached the station'),
          collect_by: Timestamp.nullable().describe('Once there: when the shopper must collect it by'),
          past_collect_by: z.boolean().describe('Still waiting at the station after its collect-by time'),
          can_mark_arrived: z.boolean().describe('Shipped and not at the station yet'),
          can_collect: z.boolean().describe('Waiting at the station: it may be handed over against the code'),
        })
        .nullable()
        .describe('Pickup orders: where the parcel goes and how far it has got (null: home delivery)'),
      pay_on_delivery: z
        .object({
          amount: Kes.describe('What is collected at the door for this part (goods and its share of delivery and VAT)'),
          collected_at: Timestamp.nullable(),
          collected_how: z.string().nullable().describe("'Cash, collected by the shop's rider' and the like"),
          refused_at: Timestamp.nullable(),
          can_collect: z.boolean().describe('Out for delivery and not recorded yet: Soko may record it collected'),
        })
        .nullable()
        .describe('Pay-on-delivery orders: the money due at the door for this part, and whether it was taken'),
      items: z.array(
        z.object({ product_id: Id.nullable(), name: z.string(), price: Kes, quantity: z.number().int(), total: Kes }),
      ),
    }),
  ),
  payments: z.array(
    z.object({
      id: Id,
      method: z.string(),
      status: z.string(),
      amount: Kes,
      phone: z.string().nullable(),
      reference: z.string(),
      receipt: z.string().nullable(),
      result_desc: z.string().nullable(),
      created_at: Timestamp,
      settled_at: Timestamp.nullable(),
      events: z.array(z.object({ id: Id, source: z.string(), outcome: z.string(), at: Timestamp })),
    }),
  ),
  refund: z.object({ reason: z.string(), reference: z.string().nullable(), at: Timestamp, by: z.string() }).nullable(),
})
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>

export const RefundBodySchema = z.strictObject({
  reason: requiredText('Reason', 500),
  reference: optionalText('Reference', 100)
    .optional()
    .describe("An optional reference of the admin's own (a ticket, say): the money itself is sent back by itself"),
})
export type RefundBody = z.infer<typeof RefundBodySchema>

// Users

export const AdminUsersQuerySchema = AdminListQuerySchema.extend({ role: RoleSchema.optional() })
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>

export const AdminUserSchema = z.object({
  id: Id,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  role: RoleSchema,
  is_disabled: z.boolean(),
  disabled_at: Timestamp.nullable(),
  disabled_reason: z.string().nullable(),
  shops: z.array(z.object({ id: Id, name: z.string() })),
  order_count: z.number().int(),
  created_at: Timestamp,
})
export type AdminUser = z.infer<typeof AdminUserSchema>
export const AdminUsersPageSchema = page(AdminUserSchema)
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>

export const RoleBodySchema = z.strictObject({
  role: z.enum(['customer', 'vendor', 'superuser'], { error: () => 'Role must be customer, vendor or superuser' }),
})
export type RoleBody = z.infer<typeof RoleBodySchema>

// Vendors (shops)

export const AdminVendorsQuerySchema = AdminListQuerySchema.extend({
  status: z.enum(['verified', 'unverified', 'suspended']).optional(),
})
export type AdminVendorsQuery = z.infer<typeof AdminVendorsQuerySchema>

export const AdminVendorSchema = z.object({
  id: Id,
  name: z.string(),
  slug: z.string(),
  type: z.string(),
  county: z.string(),
  town: z.string(),
  is_verified: z.boolean(),
  verified_at: Timestamp.nullable(),
  is_active: z.boolean().describe('False while suspended'),
  suspended_reason: z.string().nullable(),
  owner: z.object({ id: Id, email: z.string(), name: z.string() }).nullable(),
  product_count: z.number().int(),
  active_product_count: z.number().int(),
  order_count: z.number().int().describe('Paid vendor parts'),
  balance_owed: Kes.describe(
    'What the ledger owes the shop (pending, available, in transit), less the net of parts not delivered yet',
  ),
  created_at: Timestamp,
})
export type AdminVendor = z.infer<typeof AdminVendorSchema>
export const AdminVendorsPageSchema = page(AdminVendorSchema)
export type AdminVendorsPage = z.infer<typeof AdminVendorsPageSchema>

/** An amount in KES: positive, at most two decimals. */
const AmountSchema = z
  .number({ error: () => 'Amount must be a number' })
  .positive('Amount must be more than 0')
  .max(100_000_000, 'Amount is too large')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Amount may have at most two decimals')

export const PayoutBodySchema = z.strictObject({
  amount: AmountSchema.describe('KES'),
  reference: requiredText('Reference', 100).describe('M-Pesa receipt or bank reference of the transfer'),
  note: optionalText('Note', 500).optional(),
})
export type PayoutBody = z.infer<typeof PayoutBodySchema>

export const PayoutStateSchema = z
  .enum(PAYOUT_STATES)
  .describe(
    'queued: written, the money out of available, not yet accepted by M-Pesa; sent: M-Pesa accepted it, its result is awaited; paid; failed (failure_reason says why; the money went back to available)',
  )

export const PayoutSchema = z.object({
  id: Id,
  amount: Kes,
  method: z
    .enum(PAYOUT_METHODS)
    .describe('mpesa_b2c: sent by Soko through M-Pesa B2C; manual: sent by hand and recorded'),
  state: PayoutStateSchema,
  started_by: z.enum(PAYOUT_STARTS).describe('schedule: the weekly payout run; admin: pay now, or recorded by hand'),
  phone: z.string().nullable().describe('The M-Pesa number paid (M-Pesa payouts)'),
  receipt: z.string().nullable().describe('The M-Pesa receipt, once paid'),
  failure_reason: z.string().nullable(),
  stuck: z
    .boolean()
    .describe('Sent, and M-Pesa never answered even after its status was asked for: an admin must look into it'),
  reference: z.string(),
  note: z.string(),
  created_by: z.string().nullable(),
  created_at: Timestamp,
  sent_at: Timestamp.nullable(),
  settled_at: Timestamp.nullable(),
})
export type Payout = z.infer<typeof PayoutSchema>
export const PayoutsSchema = z.object({
  balance_owed: Kes.describe('Pending plus available: delivered parts less commission, less payouts so far'),
  delivered_net: Kes.describe('Delivered parts: subtotal less commission'),
  paid_out: Kes,
  pending: Kes.describe(
    'Delivered parts whose delivery is not confirmed yet, or whose return window has not passed, or with an open return',
  ),
  available: Kes.describe(
    'Parts confirmed and past their return window, less payouts so far: the most a payout may be (negative if overpaid)',
  ),
  delivery_confirm_days: z.number().int().describe('DELIVERY_CONFIRM_DAYS: a delivery confirms itself after these'),
  return_window_days: z
    .number()
    .int()
    .describe('RETURN_WINDOW_DAYS: after the confirmation, before money is available'),
  payout_phone: z.string().nullable().describe('The M-Pesa number the shop is paid to'),
  mpesa_payouts: z.boolean().describe('Whether Soko can pay by M-Pesa B2C (MPESA_B2C is on)'),
  results: z.array(PayoutSchema),
})
export type Payouts = z.infer<typeof PayoutsSchema>

// The ledger (decision 0014): the reconciliation's trial balance and a shop's statement

export const TrialBalanceLineSchema = z.object({
  account: z.enum(ACCOUNT_KINDS),
  vendor_id: Id.nullable().describe("The shop whose account it is; null for the marketplace's own"),
  label: z.string(),
  debit: Kes,
  credit: Kes,
  balance: Kes.describe("On the account's normal side: what an asset holds, what a liability or income owes"),
})
export const TrialBalanceSchema = z.object({
  lines: z.array(TrialBalanceLineSchema),
  debit_total: Kes,
  credit_total: Kes,
  balanced: z.boolean().describe('Debits equal credits: the ledger is whole'),
})
export type TrialBalanceView = z.infer<typeof TrialBalanceSchema>

/** One ledger account: a marketplace account by its kind, or a shop's by its kind and the shop. */
export const LedgerAccountRefSchema = z.strictObject({
  account: z.enum(ACCOUNT_KINDS, { error: () => 'Choose an account' }),
  vendor_id: wholeNumber(1, 2 ** 31 - 1)
    .nullable()
    .default(null)
    .describe("The shop, for a shop's account (vendor_*); null otherwise"),
})

export const ADJUSTMENT_MESSAGES = {
  sameAccount: 'Choose two different accounts: an adjustment moves money from one to the other',
  shopNeeded: 'Choose the shop whose account this is',
  noShopForMarketplace: "The marketplace's own accounts belong to no shop",
  noShop: 'No shop with this id.',
  keyReused: 'This adjustment was already recorded with other figures. Reload the page and enter it again.',
} as const

export const AdjustmentBodySchema = z.strictObject({
  debit: LedgerAccountRefSchema.describe(
    'The account debited (an asset or expense grows, a liability or income shrinks)',
  ),
  credit: LedgerAccountRefSchema.describe('The account credited'),
  amount: AmountSchema.describe('KES'),
  reason: requiredText('Reason', 500).describe('Why: the statement and the reconciliation show it'),
})
export type AdjustmentBody = z.infer<typeof AdjustmentBodySchema>

export const AdjustmentSchema = z.object({
  transaction_id: Id,
  number: Id.describe('The adjustment\'s number ("Adjustment 7"), counted over all adjustments'),
  recorded: z.boolean().describe('False when this Idempotency-Key had recorded it already (nothing new was written)'),
  trial: TrialBalanceSchema,
})
export type AdjustmentView = z.infer<typeof AdjustmentSchema>

export const VendorLedgerQuerySchema = z.object({
  account: z.enum(VENDOR_ACCOUNT_KINDS).default('vendor_available'),
  after: wholeNumber(0, 2 ** 31 - 1)
    .default(0)
    .describe("The previous page's next: entries after this one"),
  limit: wholeNumber(1, 200).default(50),
})
export type VendorLedgerQuery = z.infer<typeof VendorLedgerQuerySchema>

export const VendorLedgerSchema = z.object({
  vendor_id: Id,
  balances: z.object({
    pending: Kes,
    available: Kes,
    in_transit: Kes,
    collected: Kes.describe('Pay on delivery: what its riders collected and the shop still owes'),
    paid_out: Kes,
  }),
  account: z.enum(VENDOR_ACCOUNT_KINDS),
  entries: z.array(
    z.object({
      id: Id,
      transaction_id: Id,
      kind: z.enum(TRANSACTION_KINDS),
      memo: z.string(),
      reference_type: z.enum(REFERENCE_TYPES),
      reference_id: Id,
      side: z.enum(['debit', 'credit']),
      amount: Kes,
      created_at: Timestamp,
    }),
  ),
  next: Id.nullable().describe('Pass as after for the next page; null on the last'),
})
export type VendorLedger = z.infer<typeof VendorLedgerSchema>

/** The words of the payouts endpoints' refusals (the server answers them; screens may show them). */
export const PAYOUT_MESSAGES = {
  mpesaOff: 'M-Pesa payouts are off (MPESA_B2C): record payouts sent by hand instead.',
  noPayoutPhone: 'The shop has no M-Pesa payout number.',
  notVerified: 'The shop is not verified: only verified shops are paid.',
  suspended: 'The shop is suspended: it is not paid while suspended.',
  belowMinimum: (minimum: string) => `The shop's available balance is below the payout minimum of ${minimum}.`,
  notStuck: 'Only a payout M-Pesa never answered can be asked about again.',
} as const

export const AdminPayoutsQuerySchema = AdminListQuerySchema.extend({
  state: PayoutStateSchema.optional().describe('Only payouts in this state'),
  stuck: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: only payouts sent that M-Pesa never answered, even when asked'),
})
export type AdminPayoutsQuery = z.infer<typeof AdminPayoutsQuerySchema>

export const AdminPayoutSchema = PayoutSchema.extend({
  shop: z.object({ id: Id, name: z.string() }),
})
export type AdminPayout = z.infer<typeof AdminPayoutSchema>
export const AdminPayoutsPageSchema = page(AdminPayoutSchema)
export type AdminPayoutsPage = z.infer<typeof AdminPayoutsPageSchema>

export const PayoutRunSchema = z.object({
  paid: z.array(z.object({ shop_id: Id, name: z.string(), payout_id: Id, amount: Kes })).describe('Payouts started'),
  skipped: z
    .array(z.object({ shop_id: Id, name: z.string(), reason: z.string() }))
    .describe('Shops with money available that were not paid, and why'),
  next_run: Timestamp.nullable().describe('The next scheduled run (null when PAYOUT_SCHEDULE=off)'),
})
export type PayoutRun = z.infer<typeof PayoutRunSchema>

// Categories

/** A commission rate as the admin types it: a percentage from 0 to 100 with at most two decimals (whole basis points). */
export const CommissionPercentSchema = z
  .number({ error: () => 'Commission must be a number from 0 to 100' })
  .min(0, { message: 'Commission must be a number from 0 to 100', abort: true })
  .max(100, { message: 'Commission must be a number from 0 to 100', abort: true })
  .refine((percent) => percentToBp(percent) !== null, 'Commission may have at most two decimals')

const CategoryFieldsSchema = z.strictObject({
  name: requiredText('Name', 100),
  slug: SlugSchema.optional().describe('Made from the name when absent'),
  description: optionalText('Description', 2000).optional(),
  parent_id: RequestId('Parent must be a category id').nullable().optional(),
  image_url: LinkSchema('Image URL').nullable().optional().describe('Null: a generated image'),
  image_alt: optionalText('Image alt text', 200).optional(),
  is_active: z.boolean({ error: () => 'Active must be true or false' }).optional(),
  position: z.number().int('Position must be a whole number').min(0).max(100_000).optional(),
  commission_percent: CommissionPercentSchema.nullable()
    .optional()
    .describe("The commission on this category's sales, in percent; null: its parent's, else the marketplace default"),
})
export const CategoryBodySchema = CategoryFieldsSchema
export type CategoryBody = z.infer<typeof CategoryBodySchema>
export const CategoryUpdateBodySchema = CategoryFieldsSchema.partial()
export type CategoryUpdateBody = z.infer<typeof CategoryUpdateBodySchema>

export const CategoryOrderBodySchema = z.strictObject({
  parent_id: RequestId().nullable().describe('Whose children are ordered; null for the top level'),
  ids: z
    .array(RequestId(), { error: () => 'Ids must be a list of category ids' })
    .min(1, 'Ids must name every category of that level')
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'Each category may appear only once'),
})
export type CategoryOrderBody = z.infer<typeof CategoryOrderBodySchema>

const AdminCategoryBase = z.object({
  id: Id,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  parent_id: Id.nullable(),
  image: z.object({ url: z.string(), alt_text: z.string() }),
  image_url: z.string().nullable().describe('Null: the generated image is shown'),
  image_alt: z.string(),
  is_active: z.boolean(),
  position: z.number().int(),
  product_count: z.number().int().describe('Products in this category itself (any state)'),
  commission_percent: z.number().nullable().describe('Its own commission rate in percent; null: it inherits one'),
  effective_commission_percent: z
    .number()
    .describe("The rate its products' sales are charged now: its own, else its parent's, else the marketplace default"),
  commission_inherited_from: z
    .object({ id: Id, name: z.string() })
    .nullable()
    .describe('The parent category whose rate it inherits; null: its own rate, or the marketplace default'),
})
/** A top-level category with its subcategories (the tree has two levels). */
export const AdminCategorySchema = AdminCategoryBase.extend({ children: z.array(AdminCategoryBase) })
export type AdminCategory = z.infer<typeof AdminCategorySchema>
export type AdminSubcategory = z.infer<typeof AdminCategoryBase>
export const AdminCategoryTreeSchema = z.array(AdminCategorySchema)

// Banners

/** What a banner's schedule may name: the ISO pattern alone lets through year 0, which PostgreSQL cannot store. */
const SCHEDULE_RANGE = { from: Date.UTC(2000, 0, 1), until: Date.UTC(9999, 0, 1) }

const DateTimeSchema = (label: string) =>
  z.iso
    .datetime({ offset: true, message: `${label} must be a date and time, e.g. 2026-12-01T08:00:00+03:00` })
    .refine((value) => {
      const time = Date.parse(value)
      return time >= SCHEDULE_RANGE.from && time < SCHEDULE_RANGE.until
    }, `${label} must be between the years 2000 and 9998`)
    .nullable()

const BannerFieldsSchema = z.strictObject({
  title: requiredText('Title', 120),
  subtitle: optionalText('Subtitle', 300).optional(),
  image_url: LinkSchema('Image URL').nullable().optional().describe('Null: a generated image'),
  category_id: RequestId().nullable().optional(),
  link_url: LinkSchema('Link URL').optional(),
  link_text: optionalText('Link text', 60).optional(),
  stat1: optionalText('Stat 1', 40).optional(),
  stat1_label: optionalText('Stat 1 label', 60).optional(),
  stat2: optionalText('Stat 2', 40).optional(),
  stat2_label: optionalText('Stat 2 label', 60).optional(),
  position: z.number().int('Position must be a whole number').min(0).max(100_000).optional(),
  is_active: z.boolean({ error: () => 'Active must be true or false' }).optional(),
  starts_at: DateTimeSchema('Start').optional().describe('Shown from then on; null: at once'),
  ends_at: DateTimeSchema('End').optional().describe('Hidden from then on; null: until switched off'),
})
const endsAfterStart = (body: { starts_at?: string | null; ends_at?: string | null }) =>
  !body.starts_at || !body.ends_at || Date.parse(body.ends_at) > Date.parse(body.starts_at)
export const BannerBodySchema = BannerFieldsSchema.refine(endsAfterStart, {
  message: 'End must be after start',
  path: ['ends_at'],
})
export type BannerBody = z.infer<typeof BannerBodySchema>
export const BannerUpdateBodySchema = BannerFieldsSchema.partial()
export type BannerUpdateBody = z.infer<typeof BannerUpdateBodySchema>

export const AdminBannerSchema = z.object({
  id: Id,
  title: z.string(),
  subtitle: z.string(),
  image: z.object({ url: z.string(), thumbnail: z.string(), medium: z.string(), original: z.string() }),
  image_url: z.string().nullable(),
  category: z.object({ id: Id, name: z.string(), slug: z.string() }).nullable(),
  link_url: z.string(),
  link_text: z.string(),
  stat1: z.string(),
  stat1_label: z.string(),
  stat2: z.string(),
  stat2_label: z.string(),
  position: z.number().int(),
  is_active: z.boolean(),
  starts_at: Timestamp.nullable(),
  ends_at: Timestamp.nullable(),
  state: z.enum(['live', 'scheduled', 'ended', 'off']).describe('What the home page does with it now'),
})
export type AdminBanner = z.infer<typeof AdminBannerSchema>
export const AdminBannerListSchema = z.array(AdminBannerSchema)

// Contact messages

export const HandledMessageSchema = z.object({ id: Id, handled_at: Timestamp })
export type HandledMessage = z.infer<typeof HandledMessageSchema>

export const AdminDoneSchema = z.object({ detail: z.string() })

// Outbox (demo mode only: the API answers 404 otherwise, since real shoppers' mail is private)

export const AdminOutboxQuerySchema = AdminListQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(254, 'must be at most 254 characters')
    .optional()
    .describe('Part of the recipient address, any case'),
})
export type AdminOutboxQuery = z.infer<typeof AdminOutboxQuerySchema>

export const OUTBOX_STATES = ['sent', 'failed', 'waiting', 'kept'] as const
export type OutboxState = (typeof OUTBOX_STATES)[number]

export const AdminOutboxItemSchema = z.object({
  id: Id,
  to: z.string(),
  subject: z.string(),
  created_at: Timestamp,
  state: z
    .enum(OUTBOX_STATES)
    .describe(
      'sent: the mail server accepted it; failed: sending failed (error says why); waiting: not sent yet; kept: no mail server is configured, so it stays in the outbox',
    ),
  sent_at: Timestamp.nullable(),
  error: z.string().nullable(),
})
export type AdminOutboxItem = z.infer<typeof AdminOutboxItemSchema>
export const AdminOutboxPageSchema = page(AdminOutboxItemSchema)
export type AdminOutboxPage = z.infer<typeof AdminOutboxPageSchema>

export const AdminOutboxMessageSchema = AdminOutboxItemSchema.extend({
  text: z.string().describe('The plain-text version as sent'),
  html: z
    .string()
    .nullable()
    .describe(
      'The HTML version as sent, or null. Untrusted (users put names and messages into mail): never render it into a page, only in a sandbox',
    ),
  attempts: z.number().int().describe('Tries to hand it to the mail server'),
})
export type AdminOutboxMessage = z.infer<typeof AdminOutboxMessageSchema>

const tags = ['admin']
const params = AdminIdParamsSchema

/**
 * The admin area's endpoints: superusers only (every call answers 401 signed out and 403 for any other role, before
 * its body is read), never kept by a cache. The outbox's two are served in demo mode only (a plain 404 elsewhere).
 */
export const adminEndpoints = endpoints({
  'GET /api/admin/dashboard/': {
    summary: "The marketplace's figures (KES), the last 30 days' sales, recent activity, quick-action counts",
    tags,
    response: DashboardSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'GET /api/admin/products/': {
    summary: 'Every product of every shop, inactive ones too (q: name, slug or shop)',
    tags,
    query: AdminProductsQuerySchema,
    response: AdminProductsPageSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'POST /api/admin/products/:id/deactivate/': {
    summary: 'Take a product down: it leaves the storefront and search at once; its shop sees the reason',
    tags,
    params,
    body: ReasonBodySchema,
    response: AdminProductSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  'POST /api/admin/products/:id/reactivate/': {
    summary: 'Put back a product an admin took down',
    tags,
    params,
    response: AdminProductSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  'GET /api/admin/orders/': {
    summary: 'Every order, newest first (status filter; q: order number, email, name or phone)',
    tags,
    query: AdminOrdersQuerySchema,
    response: AdminOrdersPageSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'GET /api/admin/orders/:id/': {
    summary: 'One order with its vendor parts, payments and payment events',
    tags,
    params,
    response: AdminOrderDetailSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  'POST /api/admin/orders/:id/refund/': {
    summary: 'Refund a paid or cancelled order (the money goes back by itself: M-Pesa B2C or the card refund)',
    description:
      'Payments, the order and its vendor parts become refunded; stock not yet shipped goes back on sale; ' +
      'the shopper is emailed. 409 when the order has no payment received or was refunded already.',
    tags,
    params,
    body: RefundBodySchema,
    response: AdminOrderDetailSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  'GET /api/admin/refunds/': {
    summary: 'Money going back to shoppers, newest first (state filter; q: order number)',
    tags,
    query: AdminRefundsQuerySchema,
    response: AdminRefundsPageSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'GET /api/admin/payments/c2b-unmatched/': {
    summary: 'Paybill payments that paid no order, newest first (q: TransID or account; resolved: true/false)',
    description:
      'A payment to the Paybill naming no order, the wrong amount, or an order already paid, cancelled or expired. ' +
      'refund_owed marks money owed back to the payer.',
    tags,
    query: AdminC2bUnmatchedQuerySchema,
    response: AdminC2bPaymentsPageSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'GET /api/admin/reconciliation/movements/': {
    summary:
      'Every M-Pesa money movement of a period (STK, Paybill, B2C payouts and refunds) against its ledger transaction, with exceptions',
    description:
      'Newest first. from/to: days in Nairobi time, at most 92 days (default the last 7); kind; exceptions=only; q: a ' +
      'receipt, order number or shop. totals count the whole period; exceptions: paid with no order, moved twice, ' +
      'amount differs, not in the ledger, no M-Pesa receipt.',
    tags,
    query: AdminReconciliationQuerySchema,
    response: ReconciliationPageSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'POST /api/admin/payments/c2b-unmatched/:id/resolve/': {
    summary: 'Mark an unmatched Paybill payment handled, with a note (audited)',
    description: '409 when it was handled already; 404 for no such unmatched payment.',
    tags,
    params,
    body: ResolveC2bBodySchema,
    response: AdminC2bPaymentSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  'POST /api/admin/refunds/:id/retry/': {
    summary: 'Send a failed refund again (it goes back to approved and its sending is queued)',
    description: '409 for a refund that has not failed.',
    tags,
    params,
    response: AdminRefundSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  'POST /api/admin/orders/:id/parts/:partId/confirm/': {
    summary: "Confirm a vendor part was received, on the shopper's word (shipped, or marked delivered by its shop)",
    description:
      '409 when the part is not on its way or its delivery was confirmed already; 404 for a part of another order.',
    tags,
    params: AdminPartParamsSchema,
    response: AdminOrderDetailSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  'GET /api/admin/users/': {
    summary: 'Every account, newest first (role filter; q: email or name)',
    tags,
    query: AdminUsersQuerySchema,
    response: AdminUsersPageSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'PUT /api/admin/users/:id/role/': {
    summary: "Change a user's role (409: your own admin role cannot be removed)",
    tags,
    params,
    body: RoleBodySchema,
    response: AdminUserSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  'POST /api/admin/users/:id/disable/': {
    summary: 'Disable an account: it cannot sign in and its sessions end at once (409 for your own)',
    tags,
    params,
    body: ReasonBodySchema,
    response: AdminUserSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  'POST /api/admin/users/:id/enable/': {
    summary: 'Enable a disabled account again',
    tags,
    params,
    response: AdminUserSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  'GET /api/admin/vendors/': {
    summary: 'Every shop with its owner, counts, status and balance owed (q: name, slug or owner email)',
    tags,
    query: AdminVendorsQuerySchema,
    response: AdminVendorsPageSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'POST /api/admin/vendors/:id/verify/': {
    summary: "Give the shop the 'Verified Seller' badge",
    tags,
    params,
    response: AdminVendorSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  'POST /api/admin/vendors/:id/unverify/': {
    summary: "Take the 'Verified Seller' badge away",
    tags,
    params,
    response: AdminVendorSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  'POST /api/admin/vendors/:id/unsuspend/': {
    summary: 'Lift a suspension: the shop and its products are back',
    tags,
    params,
    response: AdminVendorSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  'POST /api/admin/vendors/:id/suspend/': {
    summary: 'Suspend a shop: it and its products leave the storefront and search at once; its owner sees why',
    tags,
    params,
    body: ReasonBodySchema,
    response: AdminVendorSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  'GET /api/admin/vendors/:id/payouts/': {
    summary: 'Payouts to a shop, newest first, with its balance owed',
    tags,
    params,
    response: PayoutsSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  'POST /api/admin/vendors/:id/payouts/': {
    summary: 'Record a payout to a shop (409 when it is more than is available: pending money waits)',
    tags,
    params,
    body: PayoutBodySchema,
    response: PayoutsSchema,
    status: 201,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  'GET /api/admin/ledger/trial-balance/': {
    summary: "Every ledger account's debits and credits, and whether they balance (reconciliation)",
    tags,
    response: TrialBalanceSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'POST /api/admin/ledger/adjustments/': {
    summary:
      'Move money between two ledger accounts by hand, with a reason (usually against the adjustments account); the same Idempotency-Key records it once',
    tags,
    headers: IdempotencyHeadersSchema,
    body: AdjustmentBodySchema,
    response: AdjustmentSchema,
    status: 201,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  'GET /api/admin/vendors/:id/ledger/': {
    summary: "A shop's ledger statement: its balances and one account's entries, oldest first, a page at a time",
    tags,
    params,
    query: VendorLedgerQuerySchema,
    response: VendorLedgerSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  'POST /api/admin/vendors/:id/payouts/pay-now/': {
    summary:
      'Pay the shop its whole available balance by M-Pesa B2C now, to its payout number (409 with the reason when it cannot be paid: no number, not verified, suspended, below PAYOUT_MINIMUM_KES; 503 when M-Pesa payouts are off)',
    tags,
    params,
    response: PayoutsSchema,
    status: 201,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict', 'unavailable'],
  },
  'GET /api/admin/payouts/': {
    summary: 'Every payout, newest first, with its shop (filter by state, or the stuck ones)',
    tags,
    query: AdminPayoutsQuerySchema,
    response: AdminPayoutsPageSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'POST /api/admin/payouts/:id/ask-again/': {
    summary: 'Ask M-Pesa again how a stuck payout ended (Transaction Status, as many times as PAYOUT_QUERY_ATTEMPTS)',
    description:
      'For a payout sent that M-Pesa never answered, even when asked: its status queries start over now. ' +
      '409 for any other payout; audited.',
    tags,
    params,
    response: AdminPayoutSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict', 'unavailable'],
  },
  'POST /api/admin/payouts/run/': {
    summary: 'Run the scheduled payout now: every eligible shop is paid its available balance by M-Pesa',
    tags,
    response: PayoutRunSchema,
    errors: ['unauthorized', 'forbidden', 'unavailable'],
  },
  'GET /api/admin/categories/': {
    summary: 'The category tree (top level, each with its subcategories), inactive ones too',
    tags,
    response: AdminCategoryTreeSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'POST /api/admin/categories/': {
    summary: 'Create a category (slug made from the name when absent; 409 when the slug is taken)',
    tags,
    body: CategoryBodySchema,
    response: AdminCategorySchema,
    status: 201,
    errors: ['unauthorized', 'forbidden', 'conflict'],
  },
  'PUT /api/admin/categories/order/': {
    summary: "Reorder one level: a parent's subcategories (or the top level), every id once, in order",
    tags,
    body: CategoryOrderBodySchema,
    response: AdminCategoryTreeSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'PUT /api/admin/categories/:id/': {
    summary: 'Edit a category: the fields given change, the others stay',
    tags,
    params,
    body: CategoryUpdateBodySchema,
    response: AdminCategorySchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  'DELETE /api/admin/categories/:id/': {
    summary: 'Delete an empty category (409 while it has products or subcategories)',
    tags,
    params,
    response: null,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  'GET /api/admin/banners/': {
    summary: 'Every banner with its schedule and what the home page does with it now (state)',
    tags,
    response: AdminBannerListSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'POST /api/admin/banners/': {
    summary: 'Create a banner (image: a URL, or none for a generated picture; starts_at/ends_at schedule it)',
    tags,
    body: BannerBodySchema,
    response: AdminBannerSchema,
    status: 201,
    errors: ['unauthorized', 'forbidden'],
  },
  'PUT /api/admin/banners/:id/': {
    summary: 'Edit a banner: the fields given change, the others stay',
    tags,
    params,
    body: BannerUpdateBodySchema,
    response: AdminBannerSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  'DELETE /api/admin/banners/:id/': {
    summary: 'Delete a banner',
    tags,
    params,
    response: null,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  'POST /api/admin/contact-messages/:id/handled/': {
    summary: 'Mark a contact-form message handled (again: keeps the first time)',
    tags,
    params,
    response: HandledMessageSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  'GET /api/admin/outbox/': {
    summary: 'Mail in the outbox, newest first (demo mode only; q: part of the recipient address)',
    tags,
    query: AdminOutboxQuerySchema,
    response: AdminOutboxPageSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'GET /api/admin/outbox/:id/': {
    summary: 'One message in the outbox, with its text and HTML (demo mode only; the opening is audited)',
    tags,
    params,
    response: AdminOutboxMessageSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
})
