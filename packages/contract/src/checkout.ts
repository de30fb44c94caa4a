import { MAX_CHECKOUT_LINES, MAX_LINE_QUANTITY } from '@soko/domain/checkout'
import { POD_REFUSALS } from '@soko/domain/pay-on-delivery'
import { REFUND_STATES } from '@soko/domain/refund-states'
import { CARRIER_IDS, carrierNeedsReference, DELIVERY_CONFIRMERS } from '@soko/domain/vendor-part-states'
import { z } from 'zod'
import { EmailSchema } from './auth.ts'
import {
  ORDER_STATUSES,
  ORDER_TOKEN_HEADER,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  QUOTE_PROBLEMS,
} from './checkout-options.ts'
import { DeliveryChoiceSchema, DeliveryQuoteSchema } from './delivery.ts'
import { endpoints } from './endpoint.ts'
import { ErrorSchema } from './health.ts'
import { CountySchema, KenyanMobileSchema, MpesaNumberSchema, optionalText, required } from './user.ts'
import { QuoteVoucherSchema, VoucherCodeSchema } from './vouchers.ts'

// Checkout, orders and payments (specification sections 2, 3, 4 and 9; DESIGN D4, D5, D7, S2). The browser sends
// product ids and quantities only: every price, fee and total is the server's quote, computed from the database.

const Kes = z.number().describe('Amount in KES')
const Id = z.number().int()

// Re-exported from the domain and checkout-options.ts, so that browser code needing only the limits, the statuses
// and their words does not load the schemas (and Zod).
export { MAX_CHECKOUT_LINES, MAX_LINE_QUANTITY } from '@soko/domain/checkout'
export {
  type CheckoutPaymentMethod,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TOKEN_HEADER,
  type OrderStatus,
  orderStatusLabel,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentStatus,
  QUOTE_PROBLEMS,
  type QuoteProblem,
} from './checkout-options.ts'

export const CheckoutItemSchema = z.strictObject({
  productId: z
    .number({ error: () => 'Product id must be a whole number' })
    .int('Product id must be a whole number')
    .positive('Product id must be a whole number')
    .max(2 ** 31 - 1, 'Product id must be a whole number'),
  quantity: z
    .number({ error: () => 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
  price: z
    .number({ error: () => 'Price must be a number' })
    .nonnegative('Price must be a number')
    .max(100_000_000, 'Price must be at most KSh 100,000,000')
    .optional()
    .describe(
      'The unit price (KES) the shopper was shown, so that a changed price is reported, never charged silently',
    ),
})
export type CheckoutItem = z.infer<typeof CheckoutItemSchema>

const ItemsSchema = z
  .array(CheckoutItemSchema, { error: () => 'Items must be a list' })
  .min(1, 'Your cart is empty.')
  .max(MAX_CHECKOUT_LINES, `At most ${MAX_CHECKOUT_LINES} different products per order`)
  .refine((items) => new Set(items.map((item) => item.productId)).size === items.length, {
    message: 'Each product may appear only once',
  })

export const QuoteRequestSchema = z.strictObject({
  items: ItemsSchema,
  delivery: DeliveryChoiceSchema.optional().describe(
    'How to deliver; absent: home delivery priced at the highest zone fee, so the fee can only fall at checkout',
  ),
  voucherCode: VoucherCodeSchema.optional().describe('A voucher code typed at the cart or checkout'),
})
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>

export const QuoteLineSchema = z.object({
  productId: Id,
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable().describe('Thumbnail URL'),
  business: z.object({ id: Id, name: z.string() }),
  unitPrice: Kes.describe('What the shopper pays each now (the discounted price when there is one)'),
  originalPrice: Kes,
  quantity: z.number().int(),
  lineTotal: Kes,
  stockQty: z.number().int(),
  problem: z.enum(QUOTE_PROBLEMS).nullable(),
  message: z.string().nullable().describe("A sentence for the shopper, e.g. 'Only 2 left: quantity lowered to 2.'"),
  previousPrice: Kes.nullable().describe('The price the shopper was shown, when it has changed'),
  flashSale: z
    .object({ id: Id, endsAt: z.string().describe('ISO 8601') })
    .nullable()
    .optional()
    .describe('Set when the line is at a flash sale price (decision 0024); unitPrice is then the sale price'),
})
export type QuoteLine = z.infer<typeof QuoteLineSchema>

export const QuoteSchema = z.object({
  currency: z.literal('KES'),
  lines: z.array(QuoteLineSchema).describe('Lines that can be bought, at the quantity that can be bought'),
  removed: z.array(QuoteLineSchema).describe('Lines that cannot be bought at all (no longer sold, or sold out)'),
  itemCount: z.number().int(),
  subtotal: Kes,
  discount: Kes.describe("A voucher's discount off the goods (0: none)"),
  voucher: QuoteVoucherSchema.nullable().describe('The voucher code asked for: applied, or why not (null: none)'),
  shipping: Kes.describe('The delivery fee: the delivery line below (0 when nothing can be bought)'),
  delivery: DeliveryQuoteSchema.nullable().describe('How it is delivered, the fee and the window; null: empty cart'),
  vat: Kes.describe('VAT on the goods after any discount (default 16 %), rounded so that the total is whole shillings'),
  vatRate: z.number().describe('e.g. 0.16'),
  total: Kes,
  hasProblems: z
    .boolean()
    .describe('true when a line was removed, lowered or repriced: show the shopper before paying'),
})
export type Quote = z.infer<typeof QuoteSchema>

/** What the payment step asks before it offers pay on delivery: the cart, its delivery and the shopper's contact. */
export const PayOnDeliveryRequestSchema = z.strictObject({
  items: ItemsSchema,
  delivery: DeliveryChoiceSchema.optional(),
  phone: z.string().max(40).describe('The phone the order gives: the rider calls it'),
  email: z.string().max(254).default('').describe("The order's email"),
})
export type PayOnDeliveryRequest = z.input<typeof PayOnDeliveryRequestSchema>

export const PayOnDeliverySchema = z.object({
  offered: z.boolean().describe('Pay on delivery is on (PAY_ON_DELIVERY_LIMIT_KES above 0)'),
  eligible: z.boolean().describe('This order may be paid on delivery'),
  reason: z.enum(POD_REFUSALS).nullable().describe('Why not, when it may not'),
  message: z.string().describe('Why not in words, or the rules when it may'),
  rules: z.string().describe('The rules, for the choice and the help pages'),
  limit: Kes.nullable().describe('Orders must total less than this'),
  total: Kes.describe("The order's total as quoted now"),
})
export type PayOnDelivery = z.infer<typeof PayOnDeliverySchema>

// Placing an order

export const TERMS_MESSAGE = 'Please accept the terms and privacy policy to place your order'

/** The `Idempotency-Key` header: the same key always answers the same order (a retried or double-clicked Place Order). */
export const IdempotencyKeySchema = z
  .string({ error: () => 'The Idempotency-Key header is required (a random value per order attempt)' })
  .regex(/^[A-Za-z0-9_-]{16,128}$/, 'The Idempotency-Key header must be 16 to 128 letters, digits, - or _')

const PostalCodeSchema = z
  .string({ error: () => 'Postal code must be 5 digits' })
  .trim()
  .regex(/^(\d{5})?$/, 'Postal code must be 5 digits')
  .default('')

const CountrySchema = z
  .string()
  .trim()
  .refine((country) => country.toLowerCase() === 'kenya', 'We deliver within Kenya only')
  .transform(() => 'Kenya')
  .default('Kenya')

/** The checkout form of section 3, without the card fields: card details go to the payment provider's page only. */
export const PlaceOrderBodySchema = z
  .strictObject({
    items: ItemsSchema,
    firstName: required('First name', 80),
    lastName: required('Last name', 80),
    email: EmailSchema,
    phone: z
      .string({ error: () => 'Phone number is required' })
      .min(1, { message: 'Phone number is required', abort: true })
      .pipe(KenyanMobileSchema),
    address: required('Address', 200),
    city: required('City', 80),
    county: CountySchema,
    postalCode: PostalCodeSchema,
    country: CountrySchema,
    delivery: DeliveryChoiceSchema.optional().describe(
      "Home delivery (to the address's county unless another is given) or a pickup station; absent: home delivery",
    ),
    sameAsShipping: z.boolean().default(true),
    billingAddress: optionalText('Billing address', 200).optional(),
    billingCity: optionalText('Billing city', 80).optional(),
    billingCounty: z.string().optional(),
    billingPostalCode: z.string().optional(),
    billingCountry: z.string().optional(),
    paymentMethod: z.enum(PAYMENT_METHODS, {
      error: () => "Payment method must be 'mpesa', 'mpesa-paybill', 'credit-card' or 'pay-on-delivery'",
    }),
    mpesaNumber: z.string().max(40).optional().describe('Required for M-Pesa: the number that gets the prompt'),
    notes: optionalText('Notes', 500).default(''),
    acceptTerms: z.literal(true, { error: () => TERMS_MESSAGE }),
    saveAddress: z.boolean().default(false).describe('Signed-in shoppers: keep this address for next time'),
    expectedTotal: Kes.optional().describe(
      'The total the shopper saw on the review step; a different server total answers 409 with the new quote',
    ),
    voucherCode: VoucherCodeSchema.optional().describe(
      'A voucher code: checked again when placing; one that no longer applies answers 409 with the new quote',
    ),
  })
  .superRefine((body, ctx) => {
    if (body.paymentMethod === 'mpesa') {
      const parsed = MpesaNumberSchema.safeParse(body.mpesaNumber ?? '')
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', path: ['mpesaNumber'], message: issue.message })
        }
      }
    }
    if (!body.sameAsShipping) {
      if (!body.billingAddress?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['billingAddress'], message: 'Billing address is required' })
      }
      if (!body.billingCity?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['billingCity'], message: 'Billing city is required' })
      }
      if (!CountySchema.safeParse(body.billingCounty ?? '').success) {
        ctx.addIssue({ code: 'custom', path: ['billingCounty'], message: "Choose one of Kenya's 47 counties" })
      }
      if (!/^(\d{5})?$/.test((body.billingPostalCode ?? '').trim())) {
        ctx.addIssue({ code: 'custom', path: ['billingPostalCode'], message: 'Postal code must be 5 digits' })
      }
    }
  })
export type PlaceOrderBody = z.infer<typeof PlaceOrderBodySchema>
/** The checkout form's request as the browser sends it (before the schema's defaults and clean-ups). */
export type PlaceOrderRequest = z.input<typeof PlaceOrderBodySchema>

// Payments

export const PaymentStateSchema = z.object({
  id: Id,
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  amount: Kes,
  phone: z.string().nullable().describe("M-Pesa: the masked number that got the prompt, e.g. '0712 *** 678'"),
  message: z.string().describe('What is happening, for the shopper'),
  receipt: z.string().nullable().describe('M-Pesa receipt number, or the card provider reference'),
  redirectUrl: z.string().nullable().describe("Card: the provider's payment page to send the shopper to"),
  canRetry: z.boolean().describe('true when this attempt has failed and the order can still be paid'),
  updatedAt: z.string(),
  paybill: z
    .object({
      businessNumber: z.string().describe('The Paybill to pay (Lipa na M-Pesa → Pay Bill)'),
      accountNumber: z.string().describe('The order number, typed as the account number'),
      amount: Kes.describe('The exact amount to send'),
      phonePageUrl: z
        .string()
        .nullable()
        .describe("Demo only (the built-in M-Pesa simulator): its page playing the shopper's phone, filled in"),
    })
    .nullable()
    .describe('While the order awaits payment (and Paybill is on): how to pay it from your own M-Pesa menu'),
})
export type PaymentState = z.infer<typeof PaymentStateSchema>

export const RetryPaymentBodySchema = z.strictObject({
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  mpesaNumber: MpesaNumberSchema.optional().describe(
    'Another Safaricom number to send the prompt to, answered as E.164 (default: the one used before)',
  ),
})
export type RetryPaymentBody = z.infer<typeof RetryPaymentBodySchema>

// Orders

export const OrderItemSchema = z.object({
  id: Id,
  productId: Id.nullable(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  price: Kes.describe('Unit price paid'),
  quantity: z.number().int(),
  lineTotal: Kes,
  canReview: z.boolean().describe('Delivered to this shopper and not reviewed yet'),
})

/** One step of a vendor part's timeline (paid, processing, shipped, delivered, receipt confirmed; or its end). */
export const TimelineStepSchema = z.object({
  step: z.enum(['paid', 'processing', 'shipped', 'delivered', 'received', 'cancelled', 'refunded']),
  label: z.string(),
  at: z.string().nullable().describe('ISO 8601; null for a step to come, or one passed without its time kept'),
  done: z.boolean(),
  detail: z.string().nullable().describe('Shipped: the carrier and tracking reference; received: who confirmed'),
})
export type TimelineStep = z.infer<typeof TimelineStepSchema>

export const VendorOrderSchema = z.object({
  id: Id,
  business: z.object({ id: Id, name: z.string(), slug: z.string() }),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  subtotal: Kes,
  trackingNote: z.string().nullable(),
  carrier: z.enum(CARRIER_IDS).nullable(),
  carrierLabel: z.string().nullable(),
  trackingReference: z.string().nullable(),
  shippedAt: z.string().nullable(),
  atStationAt: z.string().nullable().describe('Pickup orders: when the parcel reached the station'),
  deliveredAt: z.string().nullable().describe('When the seller marked it delivered'),
  deliveryConfirmedAt: z.string().nullable().describe('When its delivery was confirmed'),
  deliveryConfirmedBy: z.enum(DELIVERY_CONFIRMERS).nullable(),
  autoConfirmAt: z
    .string()
    .nullable()
    .describe('Delivered but not confirmed: when it is confirmed by itself unless a problem is reported'),
  canConfirm: z.boolean().describe('Shipped or delivered and not confirmed yet: its shopper may confirm receipt'),
  timeline: z.array(TimelineStepSchema),
  items: z.array(OrderItemSchema),
})

export const AddressSnapshotSchema = z.object({
  address: z.string(),
  city: z.string(),
  county: z.string(),
  postalCode: z.string(),
  country: z.string(),
})

/** Money going back to the shopper: one per vendor part refunded, and how far it has got. */
export const RefundViewSchema = z.object({
  id: Id,
  amount: Kes,
  method: z.enum(PAYMENT_METHODS),
  destination: z.string().describe('Where it goes: "M-Pesa 0712 *** 678" (the middle hidden) or "your card"'),
  state: z
    .enum(REFUND_STATES)
    .describe('approved and sending: on its way; sent: the provider confirmed it; failed: not sent, still owed'),
  sentAt: z.string().nullable().describe('ISO 8601, once sent'),
})
export type RefundView = z.infer<typeof RefundViewSchema>

/** One order as its shopper sees it: the specification's order fields plus the per-vendor parts (D7). */
export const OrderDetailSchema = z.object({
  id: Id,
  orderNumber: z.string().describe('Short and human-readable, e.g. SK-7KQ2M9'),
  date: z.string().describe('ISO 8601'),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  items: z.array(OrderItemSchema).describe('Every line of every vendor part'),
  vendors: z.array(VendorOrderSchema),
  contact: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() }),
  shippingAddress: AddressSnapshotSchema,
  billingAddress: AddressSnapshotSchema,
  notes: z.string(),
  subtotal: Kes,
  voucherCode: z.string().nullable().describe('The voucher the order used'),
  discount: Kes.describe("The voucher's discount off the goods (0: none)"),
  shipping: Kes,
  delivery: DeliveryQuoteSchema.nullable().describe('How it is delivered (null: placed before delivery options)'),
  collectionCode: z
    .string()
    .nullable()
    .describe('Pickup orders: the code the station checks; only to whoever placed the order'),
  vat: Kes,
  total: Kes,
  paymentMethod: z.enum(PAYMENT_METHODS),
  payment: PaymentStateSchema.nullable().describe('The latest payment attempt'),
  canCancel: z.boolean(),
  reservedUntil: z.string().nullable().describe('While unpaid: when the items go back on sale'),
  refunds: z.array(RefundViewSchema).describe('Money going back to the shopper, oldest first'),
})
export type OrderDetail = z.infer<typeof OrderDetailSchema>

export const PlacedOrderSchema = z.object({
  order: OrderDetailSchema,
  orderToken: z
    .string()
    .describe('Lets whoever placed the order (a guest too) follow and cancel it: send it as X-Order-Token'),
})
export type PlacedOrder = z.infer<typeof PlacedOrderSchema>

export const QuoteChangedSchema = z.object({
  detail: z.string(),
  code: z.literal('quote_changed'),
  quote: QuoteSchema,
})
export type QuoteChanged = z.infer<typeof QuoteChangedSchema>

export const OrderNumberParamsSchema = z.object({
  orderNumber: z
    .string()
    .regex(/^SK-[0-9A-Z]{6,10}$/i, 'must be an order number such as SK-7KQ2M9')
    .transform((value) => value.toUpperCase()),
})

/** A guest's look-up at /orders: the order number and the phone or email it was placed with. */
export const OrderLookupBodySchema = z.strictObject({
  orderNumber: z
    .string({ error: () => 'Order number is required' })
    .trim()
    .min(1, { message: 'Order number is required', abort: true })
    .regex(/^SK-[0-9A-Z]{6,10}$/i, 'Enter the order number as it is in your email, such as SK-7KQ2M9')
    .transform((value) => value.toUpperCase()),
  contact: z
    .string({ error: () => 'Phone number or email is required' })
    .trim()
    .min(1, { message: 'Phone number or email is required', abort: true })
    .max(254, 'Phone number or email must be at most 254 characters'),
})
export type OrderLookupBody = z.infer<typeof OrderLookupBodySchema>

export const OrderLookupSchema = z.object({
  orderNumber: z.string(),
  orderToken: z
    .string()
    .describe("The order's token: open /orders/{orderNumber}?token=… (or send it as X-Order-Token)"),
})
export type OrderLookup = z.infer<typeof OrderLookupSchema>

export const OrderTokenHeadersSchema = z.object({
  [ORDER_TOKEN_HEADER]: z.string().max(200).optional().describe('The orderToken answered when the order was placed'),
})

export const IdempotencyHeadersSchema = z.object({ 'idempotency-key': IdempotencyKeySchema })

// The signed-in shopper's cart, kept on the server too and merged with the browser's at sign-in.

export const ServerCartBodySchema = z.strictObject({
  items: z
    .array(
      z.strictObject({ productId: CheckoutItemSchema.shape.productId, quantity: CheckoutItemSchema.shape.quantity }),
    )
    .max(MAX_CHECKOUT_LINES, `At most ${MAX_CHECKOUT_LINES} different products in a cart`),
})
export type ServerCartBody = z.infer<typeof ServerCartBodySchema>

/** A cart line with what the cart screen shows (the specification's cart item, section 3). */
export const ServerCartLineSchema = z.object({
  id: Id,
  name: z.string(),
  price: Kes,
  originalPrice: Kes,
  discountedPrice: Kes.nullable(),
  image: z.string(),
  slug: z.string(),
  business: z.object({ name: z.string() }),
  stock_qty: z.number().int(),
  quantity: z.number().int(),
})
export const ServerCartSchema = z.object({ items: z.array(ServerCartLineSchema) })
export type ServerCart = z.infer<typeof ServerCartSchema>

// Reviews of delivered products

export const ReviewBodySchema = z.strictObject({
  rating: z
    .number({ error: () => 'Rating must be 1 to 5 stars' })
    .int('Rating must be 1 to 5 stars')
    .min(1, 'Rating must be 1 to 5 stars')
    .max(5, 'Rating must be 1 to 5 stars'),
  comment: optionalText('Review', 2000).default(''),
})
export type ReviewBody = z.infer<typeof ReviewBodySchema>

// Vendors fulfilling their part of orders

export const ShipBodySchema = z
  .strictObject({
    carrier: z.enum(CARRIER_IDS, { error: () => 'Choose how the order travels' }),
    trackingReference: optionalText('Tracking reference', 100)
      .default('')
      .describe("The carrier's tracking or waybill number (a rider's name or phone will do)"),
    trackingNote: optionalText('Tracking note', 300).default('').describe('Anything else the shopper should know'),
  })
  .refine((body) => body.trackingReference !== '' || !carrierNeedsReference(body.carrier), {
    message: 'Enter the tracking reference',
    path: ['trackingReference'],
  })
export type ShipBody = z.infer<typeof ShipBodySchema>
export type ShipRequest = z.input<typeof ShipBodySchema>

export const PartParamsSchema = OrderNumberParamsSchema.extend({
  partId: z.coerce
    .number({ error: () => 'must be an id' })
    .int('must be an id')
    .positive('must be an id')
    .max(2 ** 31 - 1, 'must be an id'),
})

export const VendorOrderSummarySchema = z.object({
  id: Id.describe('The vendor part (ship and deliver take this id)'),
  orderNumber: z.string(),
  date: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  subtotal: Kes,
  trackingNote: z.string().nullable(),
  carrierLabel: z.string().nullable(),
  trackingReference: z.string().nullable(),
  deliveryConfirmedAt: z.string().nullable().describe('When the shopper (or the clock) confirmed delivery'),
  pickup: z
    .object({
      station: z.string().describe("The station's name, town and address"),
      atStationAt: z.string().nullable().describe('When the parcel reached the station'),
      collectBy: z.string().nullable().describe('Once there: when the shopper must collect it by'),
      pastCollectBy: z
        .boolean()
        .describe('Still at the station after its collect-by time: arrange its return with the station'),
    })
    .nullable()
    .describe('Pickup orders: where the parcel goes; the shopper collects it there with a code'),
  customer: z.object({ name: z.string(), phone: z.string(), city: z.string(), county: z.string() }),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), price: Kes })),
  payOnDelivery: z
    .object({
      amount: Kes.describe('What the rider collects for this part: its goods and its share of delivery and VAT'),
      collectedAt: z.string().nullable(),
      collectedHow: z.string().nullable().describe("'Cash' or 'M-Pesa to the rider', and by whom"),
      refusedAt: z.string().nullable().describe('The shopper refused the parcel at the door'),
    })
    .nullable()
    .describe('Pay-on-delivery orders: the money to collect at the door, and whether it was'),
})
export type VendorOrderSummary = z.infer<typeof VendorOrderSummarySchema>

// The payment providers' callbacks

/** What Daraja's STK callback is answered (its own shape, a refusal too). */
export const DarajaAnswerSchema = z.object({ ResultCode: z.number(), ResultDesc: z.string() })

/** The C2B validation reply: ResultCode a string, "0" to accept or a C2B000xx code to refuse the payment. */
export const C2bValidationAnswerSchema = z.object({
  ResultCode: z.string().describe('"0" accepts; C2B00012 unknown account, C2B00013 wrong amount, C2B00016 other'),
  ResultDesc: z.string(),
})

export const CallbackSecretParamsSchema = z.object({ secret: z.string().max(200) })

/** The card provider's webhook is acknowledged. */
export const WebhookReceivedSchema = z.object({ received: z.boolean() })

const checkoutTags = ['checkout']
const orderParams = { params: OrderNumberParamsSchema, headers: OrderTokenHeadersSchema }

/**
 * The cart, checkout and payment endpoints (specification sections 3, 7 and 9; DESIGN D4, D5): quotes, placing
 * orders, following and paying them (guests too, with the order's token), and where payment providers report.
 */
export const checkoutEndpoints = endpoints({
  'GET /api/cart/': {
    summary: 'Your saved cart',
    tags: ['cart'],
    response: ServerCartSchema,
    errors: ['unauthorized'],
  },
  'PUT /api/cart/': {
    summary: 'Replace your saved cart',
    tags: ['cart'],
    body: ServerCartBodySchema,
    response: ServerCartSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'POST /api/cart/merge/': {
    summary: "Merge this browser's cart into your saved cart (the larger quantity of each product wins)",
    tags: ['cart'],
    body: ServerCartBodySchema,
    response: ServerCartSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'POST /api/checkout/quote/': {
    summary: 'Price a cart: the one quote (subtotal, delivery, VAT, total) with any changes since it was seen',
    tags: checkoutTags,
    body: QuoteRequestSchema,
    response: QuoteSchema,
    errors: ['forbidden'],
  },
  'POST /api/checkout/pay-on-delivery/': {
    summary: 'Whether this cart may be paid on delivery (cash or M-Pesa to the rider), and the rules',
    description:
      'Advice for the payment step: placing the order checks again with the same rules, so a client that skips ' +
      'this cannot choose pay on delivery for an order that may not have it.',
    tags: checkoutTags,
    body: PayOnDeliveryRequestSchema,
    response: PayOnDeliverySchema,
    errors: ['forbidden'],
  },
  'POST /api/checkout/orders/': {
    summary:
      'Place an order and start its payment (M-Pesa push or card page). The same Idempotency-Key answers the same order',
    description:
      'Answers 201 with the new order, or 200 with the same order again when its Idempotency-Key was used before (header `Idempotent-Replayed: true`). A cart whose prices, stock or total changed answers 409 `quote_changed` with the new quote.',
    tags: checkoutTags,
    headers: IdempotencyHeadersSchema,
    body: PlaceOrderBodySchema,
    response: PlacedOrderSchema,
    status: 201,
    alsoAnswers: { 200: PlacedOrderSchema },
    errors: ['forbidden', 'conflict', 'quote_changed', 'rate_limited'],
    errorBodies: { 409: QuoteChangedSchema.or(ErrorSchema) },
  },
  'POST /api/checkout/orders/lookup/': {
    summary: 'Find an order placed without an account, by its number and the phone or email it was placed with',
    description:
      "Answers the order's token, which opens the order while it is open and for the return window after its last delivery. A number and contact that do not match such an order answer 404 with the same words whether the order exists or not. Rate-limited per client address and per order number.",
    tags: checkoutTags,
    body: OrderLookupBodySchema,
    response: OrderLookupSchema,
    errors: ['not_found', 'rate_limited'],
  },
  'GET /api/checkout/orders/:orderNumber/': {
    summary: 'An order you placed (signed in as its owner, or with its X-Order-Token)',
    tags: checkoutTags,
    ...orderParams,
    response: OrderDetailSchema,
    errors: ['not_found'],
  },
  'GET /api/checkout/orders/:orderNumber/payment/': {
    summary: "The order's latest payment attempt, to follow it live (poll every two seconds or so)",
    tags: checkoutTags,
    ...orderParams,
    response: PaymentStateSchema,
    errors: ['not_found'],
  },
  'POST /api/checkout/orders/:orderNumber/payment/': {
    summary: 'Pay again after a failed attempt (refused while an M-Pesa request is still on the phone)',
    tags: checkoutTags,
    ...orderParams,
    body: RetryPaymentBodySchema,
    response: PaymentStateSchema,
    status: 201,
    errors: ['forbidden', 'not_found', 'conflict', 'rate_limited'],
  },
  'POST /api/checkout/orders/:orderNumber/cancel/': {
    summary: 'Cancel an order before anything has shipped (its stock goes back; a paid order is refunded)',
    tags: checkoutTags,
    ...orderParams,
    response: OrderDetailSchema,
    errors: ['forbidden', 'not_found', 'conflict'],
  },
  'POST /api/checkout/orders/:orderNumber/parts/:partId/confirm/': {
    summary: "Confirm you received a seller's part of your order (shipped, or marked delivered by the seller)",
    description:
      'The signed-in buyer of the order, or a guest with its X-Order-Token. Anyone else: 404. ' +
      '409 when the part is not on its way or was confirmed already.',
    tags: checkoutTags,
    params: PartParamsSchema,
    headers: OrderTokenHeadersSchema,
    response: OrderDetailSchema,
    errors: ['not_found', 'conflict'],
  },
  'POST /api/payments/lnm/cb/:secret': {
    summary: "Daraja's STK Push result (the path's last segment is a secret; unsigned, so checked against the payment)",
    description: "A request Daraja's callback cannot be answers 400 in Daraja's own shape.",
    tags: ['payments'],
    params: CallbackSecretParamsSchema,
    response: DarajaAnswerSchema,
    errors: ['not_found'],
    errorBodies: { 400: DarajaAnswerSchema },
  },
  'POST /api/payments/b2c/refund-result/:secret': {
    summary: "Daraja's B2C Result for a refund sent to a shopper's phone (the last segment is a secret)",
    description:
      'Matched to the refund by its OriginatorConversationID; applied once, a repeat recorded as a duplicate.',
    tags: ['payments'],
    params: CallbackSecretParamsSchema,
    response: DarajaAnswerSchema,
    errors: ['not_found'],
    errorBodies: { 400: DarajaAnswerSchema },
  },
  'POST /api/payments/b2c/refund-status/:secret': {
    summary: "Daraja's Transaction Status Result for a refund whose B2C Result never came (secret last segment)",
    tags: ['payments'],
    params: CallbackSecretParamsSchema,
    response: DarajaAnswerSchema,
    errors: ['not_found'],
    errorBodies: { 400: DarajaAnswerSchema },
  },
  'POST /api/payments/b2c/refund-timeout/:secret': {
    summary: "Daraja's QueueTimeOutURL for refunds: recorded; the refund's status is asked later",
    tags: ['payments'],
    params: CallbackSecretParamsSchema,
    response: DarajaAnswerSchema,
    errors: ['not_found'],
  },
  'POST /api/payments/c2b/check/:secret': {
    summary: "Daraja's C2B validation: may a payment to our Paybill go through? (the last segment is a secret)",
    description:
      'The account number must name an order awaiting payment and the amount must be its total; every request is ' +
      'stored raw with the answer given. A body that is not a C2B payment answers 400 in the same shape.',
    tags: ['payments'],
    params: CallbackSecretParamsSchema,
    response: C2bValidationAnswerSchema,
    errors: ['not_found'],
    errorBodies: { 400: C2bValidationAnswerSchema },
  },
  'POST /api/payments/c2b/done/:secret': {
    summary: "Daraja's C2B confirmation: a payment to our Paybill went through (the last segment is a secret)",
    description:
      'Matched by account number and amount to an order awaiting payment, which it pays once (TransID unique); one ' +
      'that cannot pay its order is kept on the admin reconciliation list. Accepted either way.',
    tags: ['payments'],
    params: CallbackSecretParamsSchema,
    response: DarajaAnswerSchema,
    errors: ['not_found'],
    errorBodies: { 400: DarajaAnswerSchema },
  },
  'POST /api/payouts/b2c/result/:secret': {
    summary:
      "Daraja's B2C Result for a vendor payout (the path's last segment is a secret; unsigned, so matched to the payout by its OriginatorConversationID and amount)",
    description: "Stored raw; applied once. A body that is not a B2C Result answers 400 in Daraja's own shape.",
    tags: ['payments'],
    params: CallbackSecretParamsSchema,
    response: DarajaAnswerSchema,
    errors: ['not_found'],
    errorBodies: { 400: DarajaAnswerSchema },
  },
  'POST /api/payouts/b2c/status/:secret': {
    summary: "Daraja's Transaction Status Result for a vendor payout whose B2C Result never came (secret path)",
    description: 'Stored raw; a completed or failed status settles the payout as its B2C Result would have.',
    tags: ['payments'],
    params: CallbackSecretParamsSchema,
    response: DarajaAnswerSchema,
    errors: ['not_found'],
    errorBodies: { 400: DarajaAnswerSchema },
  },
  'POST /api/payouts/b2c/timeout/:secret': {
    summary:
      "Daraja's QueueTimeOutURL for payouts: the request timed out in M-Pesa's queue (stored; the status is asked)",
    tags: ['payments'],
    params: CallbackSecretParamsSchema,
    response: DarajaAnswerSchema,
    errors: ['not_found'],
    errorBodies: { 400: DarajaAnswerSchema },
  },
  'POST /api/payments/card/webhook/': {
    summary:
      "The card provider's signed webhook (x-paystack-signature: HMAC-SHA512 of the raw body): charge.* and refund.*",
    tags: ['payments'],
    response: WebhookReceivedSchema,
    errors: ['unauthorized'],
  },
})
