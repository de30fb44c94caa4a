import { MAX_CHECKOUT_LINES, MAX_LINE_QUANTITY } from '@soko/domain/checkout'
import { z } from 'zod'
import { EmailSchema } from './auth.ts'
import { CountySchema, KenyanMobileSchema, MpesaNumberSchema, optionalText, required } from './user.ts'

// Checkout, orders and payments (specification sections 2, 3, 4 and 9; DESIGN D4, D5, D7, S2). The browser sends
// product ids and quantities only: every price, fee and total is the server's quote, computed from the database.

const Kes = z.number().describe('Amount in KES')
const Id = z.number().int()

// Re-exported from the domain, so that browser code needing only the limits does not load the schemas (and Zod).
export { MAX_CHECKOUT_LINES, MAX_LINE_QUANTITY } from '@soko/domain/checkout'

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

export const QuoteRequestSchema = z.strictObject({ items: ItemsSchema })
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>

export const QUOTE_PROBLEMS = ['unavailable', 'out_of_stock', 'insufficient_stock', 'price_changed'] as const
export type QuoteProblem = (typeof QUOTE_PROBLEMS)[number]

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
})
export type QuoteLine = z.infer<typeof QuoteLineSchema>

export const QuoteSchema = z.object({
  currency: z.literal('KES'),
  lines: z.array(QuoteLineSchema).describe('Lines that can be bought, at the quantity that can be bought'),
  removed: z.array(QuoteLineSchema).describe('Lines that cannot be bought at all (no longer sold, or sold out)'),
  itemCount: z.number().int(),
  subtotal: Kes,
  shipping: Kes.describe('Per order (default 500 KES)'),
  vat: Kes.describe('VAT on the subtotal (default 16 %), rounded so that the total is whole shillings'),
  vatRate: z.number().describe('e.g. 0.16'),
  total: Kes,
  hasProblems: z
    .boolean()
    .describe('true when a line was removed, lowered or repriced: show the shopper before paying'),
})
export type Quote = z.infer<typeof QuoteSchema>

// Placing an order

export const PAYMENT_METHODS = ['mpesa', 'credit-card'] as const
export type CheckoutPaymentMethod = (typeof PAYMENT_METHODS)[number]

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
    sameAsShipping: z.boolean().default(true),
    billingAddress: optionalText('Billing address', 200).optional(),
    billingCity: optionalText('Billing city', 80).optional(),
    billingCounty: z.string().optional(),
    billingPostalCode: z.string().optional(),
    billingCountry: z.string().optional(),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: () => "Payment method must be 'mpesa' or 'credit-card'" }),
    mpesaNumber: z.string().max(40).optional().describe('Required for M-Pesa: the number that gets the prompt'),
    notes: optionalText('Notes', 500).default(''),
    acceptTerms: z.literal(true, { error: () => TERMS_MESSAGE }),
    saveAddress: z.boolean().default(false).describe('Signed-in shoppers: keep this address for next time'),
    expectedTotal: Kes.optional().describe(
      'The total the shopper saw on the review step; a different server total answers 409 with the new quote',
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

// Payments

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired', 'refund_due', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

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

export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Pending payment',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
}

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

export const VendorOrderSchema = z.object({
  id: Id,
  business: z.object({ id: Id, name: z.string(), slug: z.string() }),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  subtotal: Kes,
  trackingNote: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  items: z.array(OrderItemSchema),
})

export const AddressSnapshotSchema = z.object({
  address: z.string(),
  city: z.string(),
  county: z.string(),
  postalCode: z.string(),
  country: z.string(),
})

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
  shipping: Kes,
  vat: Kes,
  total: Kes,
  paymentMethod: z.enum(PAYMENT_METHODS),
  payment: PaymentStateSchema.nullable().describe('The latest payment attempt'),
  canCancel: z.boolean(),
  reservedUntil: z.string().nullable().describe('While unpaid: when the items go back on sale'),
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

export const OrderNumberParamsSchema = z.object({
  orderNumber: z
    .string()
    .regex(/^SK-[0-9A-Z]{6,10}$/i, 'must be an order number such as SK-7KQ2M9')
    .transform((value) => value.toUpperCase()),
})

export const ORDER_TOKEN_HEADER = 'x-order-token'

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

export const ShipBodySchema = z.strictObject({
  trackingNote: optionalText('Tracking note', 300).default('').describe('Courier and tracking number, e.g. G4S 12345'),
})

export const VendorOrderSummarySchema = z.object({
  id: Id.describe('The vendor part (ship and deliver take this id)'),
  orderNumber: z.string(),
  date: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  subtotal: Kes,
  trackingNote: z.string().nullable(),
  customer: z.object({ name: z.string(), phone: z.string(), city: z.string(), county: z.string() }),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), price: Kes })),
})
export type VendorOrderSummary = z.infer<typeof VendorOrderSummarySchema>
