import { PAYOUT_METHODS, PAYOUT_STATES } from '@soko/domain/payout-states'
import { z } from 'zod'
import { EmailSchema } from './auth.ts'
import { ShipBodySchema, VendorOrderSummarySchema } from './checkout.ts'
import { endpoints } from './endpoint.ts'
import { CountySchema, IdParamsSchema, KenyanMobileSchema, MpesaNumberSchema, optionalText, required } from './user.ts'

// The vendor portal's API (/api/vendor/...): opening a shop, its profile, dashboard, products, photos and payouts.
// Every call needs a signed-in user; all but /api/vendor/apply/ need the vendor role (403 otherwise) and act on
// the caller's own shop only: another shop's product, image or order id answers 404 and changes nothing.
// Request bodies are strict (an unknown field is a 400 naming it). Amounts are KES.

const Kes = z.number().describe('Amount in KES')
const Id = z.number().int()

/** The kinds of business a shop can be (the demo shops use the same words). */
export const BUSINESS_TYPES = [
  'Retailer',
  'Wholesaler',
  'Manufacturer',
  'Artisan',
  'Farm',
  'Boutique',
  'Services',
] as const
export type BusinessType = (typeof BUSINESS_TYPES)[number]

// Opening a shop, and its profile

const BusinessTypeSchema = z
  .string({ error: () => 'Business type is required' })
  .refine((value): value is BusinessType => (BUSINESS_TYPES as readonly string[]).includes(value), {
    message: `Choose a business type: ${BUSINESS_TYPES.join(', ')}`,
  })
  .describe(BUSINESS_TYPES.join(', '))

const phoneField = (label: string) =>
  z
    .string({ error: () => `${label} is required` })
    .min(1, { message: `${label} is required`, abort: true })
    .pipe(KenyanMobileSchema)

const shopFields = {
  name: required('Shop name', 80),
  type: BusinessTypeSchema,
  county: CountySchema,
  town: optionalText('Town', 80).default(''),
  phone: phoneField('Phone number').describe("The shop's contact number (shown to shoppers)"),
  payoutPhone: z
    .string({ error: () => 'M-Pesa payout number is required' })
    .min(1, { message: 'M-Pesa payout number is required', abort: true })
    .pipe(MpesaNumberSchema)
    .describe('The M-Pesa number (a Safaricom line) your earnings are paid to'),
  description: optionalText('Description', 2000).default(''),
}

export const ApplyBodySchema = z
  .strictObject(shopFields)
  .describe('Open a shop: it is live at once, unverified until an admin verifies it')
export type ApplyBody = z.infer<typeof ApplyBodySchema>

export const ShopUpdateBodySchema = z
  .strictObject({
    ...shopFields,
    email: EmailSchema.optional().describe("The shop's contact email; absent leaves it as it is"),
    currentPassword: z
      .string()
      .max(4096)
      .optional()
      .describe('Required only to change payoutPhone (fresh proof that the owner is at the keyboard)'),
  })
  .describe(
    'The whole shop profile (PUT replaces every field). A new payoutPhone needs currentPassword, and the owner is ' +
      'emailed. Verification and suspension are set by admins',
  )
export type ShopUpdateBody = z.infer<typeof ShopUpdateBodySchema>

export const ShopSchema = z.object({
  id: Id,
  slug: z.string().describe('The shop page is /vendor/{slug}'),
  name: z.string(),
  type: z.string(),
  description: z.string(),
  county: z.string(),
  town: z.string(),
  phone: z.string().describe('E.164'),
  payoutPhone: z.string().nullable().describe('E.164; null for a shop opened before payouts existed'),
  email: z.string(),
  isVerified: z.boolean(),
  verifiedAt: z.string().nullable(),
  isActive: z.boolean().describe('False while an admin has the shop suspended: its products are then hidden'),
  isSuspended: z.boolean(),
  suspendedReason: z.string().nullable().describe("The admin's reason when suspended"),
  createdAt: z.string(),
})
export type Shop = z.infer<typeof ShopSchema>

export const VENDOR_MESSAGES = {
  alreadyHasShop: 'You already have a shop.',
  noShop: 'You have no shop yet: open one first.',
  adminCannotApply: 'Admin accounts cannot open a shop: sign up with another account.',
  productNotFound: 'No such product in your shop.',
  imageNotFound: 'No such image on this product.',
  tooManyImages: 'A product can have at most 8 images',
  heicUnsupported: 'HEIC photos are not supported yet: please send JPEG',
  slugTaken: 'This slug is already taken: choose another',
  skuTaken: 'Another of your products has this SKU',
  leafCategory: 'Choose a category from the list (the most specific one)',
  comparePrice: 'Compare-at price must be higher than the price',
  payoutPasswordRequired: 'Enter your current password to change the M-Pesa payout number',
  payoutSetPasswordFirst:
    'Your account has no password yet (you sign in with Google). Set one with "Forgot password" on the sign-in ' +
    'page, then change the M-Pesa payout number.',
  payoutChangedMeanwhile: 'The M-Pesa payout number was changed meanwhile. Reload the page and try again.',
} as const

// Dashboard

export const DashboardSchema = z.object({
  salesToday: Kes.describe('Paid vendor parts today (Africa/Nairobi)'),
  salesThisMonth: Kes.describe('Paid vendor parts this calendar month (Africa/Nairobi)'),
  ordersToday: z.number().int(),
  ordersToFulfil: z.number().int().describe('Parts paid or processing: waiting to be shipped'),
  productCount: z.number().int(),
  activeProductCount: z.number().int(),
  lowStockCount: z.number().int().describe('Active products with stock at or below their low-stock threshold'),
  lowStock: z
    .array(z.object({ id: Id, name: z.string(), slug: z.string(), stockQty: z.number().int(), threshold: z.number() }))
    .describe('Up to 10, lowest stock first'),
  salesSeries: z
    .array(z.object({ date: z.string().describe('YYYY-MM-DD (Nairobi)'), sales: Kes, orders: z.number().int() }))
    .describe('The last 30 days, oldest first, one point per day (zeros included)'),
  pending: Kes.describe(
    'Delivered orders waiting for confirmation or the return window (as in GET /api/vendor/payouts/)',
  ),
  available: Kes.describe('What may be paid out now (as in GET /api/vendor/payouts/)'),
})
export type Dashboard = z.infer<typeof DashboardSchema>

// Products

export const MAX_PRODUCT_IMAGES = 8
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024

const kesAmount = (label: string) =>
  z
    .number({ error: () => `${label} must be a number` })
    .positive(`${label} must be more than 0`)
    .max(10_000_000, `${label} must be at most 10,000,000`)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      message: `${label} can have at most two decimals`,
    })

const stockField = z
  .number({ error: () => 'Stock must be a whole number' })
  .int('Stock must be a whole number')
  .min(0, 'Stock cannot be negative')
  .max(1_000_000, 'Stock must be at most 1,000,000')

const skuField = z
  .string({ error: () => 'SKU must be text' })
  .trim()
  .max(64, 'SKU must be at most 64 characters')
  .optional()
  .describe("The shop's own code for the product, unique in the shop; empty for none, absent keeps the current one")

export const ProductBodySchema = z
  .strictObject({
    name: required('Product name', 200),
    slug: z
      .string({ error: () => 'Slug must be text' })
      .trim()
      .max(120, 'Slug must be at most 120 characters')
      .regex(/^([a-z0-9]+(?:-[a-z0-9]+)*)?$/, 'Slug must be lowercase letters, digits and single hyphens')
      .optional()
      .describe('Made from the name when absent or empty (new products); absent on an edit keeps the current one'),
    description: optionalText('Description', 5000).default(''),
    categoryId: z
      .number({ error: () => 'Category is required' })
      .int('Category is required')
      .positive('Category is required')
      .max(2 ** 31 - 1, 'Category is required')
      .describe('A leaf category (one with no sub-categories)'),
    price: kesAmount('Price').describe('What the shopper pays (KES)'),
    comparePrice: kesAmount('Compare-at price')
      .nullable()
      .optional()
      .describe('The higher "was" price shown struck through; null or absent for no discount'),
    stockQty: stockField,
    lowStockThreshold: z
      .number({ error: () => 'Low-stock threshold must be a whole number' })
      .int('Low-stock threshold must be a whole number')
      .min(0, 'Low-stock threshold cannot be negative')
      .max(100_000, 'Low-stock threshold must be at most 100,000')
      .default(5),
    isActive: z.boolean({ error: () => 'Active must be true or false' }).default(true),
    sku: skuField,
  })
  .refine((body) => body.comparePrice == null || body.comparePrice > body.price, {
    path: ['comparePrice'],
    message: 'Compare-at price must be higher than the price',
  })
  .describe('The add-product form. PUT sends the whole form again')
export type ProductBody = z.infer<typeof ProductBodySchema>

const optionText = (label: string) =>
  z
    .string({ error: () => `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(40, `${label} must be at most 40 characters`)

export const VariantBodySchema = z
  .strictObject({
    optionNames: z
      .array(optionText('Option name'))
      .min(1, 'Name at least one option, such as Size or Colour')
      .max(3, 'A product can have at most 3 options')
      .optional()
      .describe("The product's options, when it has none yet (its first variant gives them)"),
    currentValues: z
      .array(optionText('Option value'))
      .max(3)
      .optional()
      .describe("This product's own value for each option, when it has none yet"),
    optionValues: z.array(optionText('Option value')).min(1).max(3).describe("The new variant's value for each option"),
    price: kesAmount('Price'),
    comparePrice: kesAmount('Compare-at price').nullable().optional(),
    stockQty: stockField,
    sku: skuField,
  })
  .refine((body) => body.comparePrice == null || body.comparePrice > body.price, {
    path: ['comparePrice'],
    message: 'Compare-at price must be higher than the price',
  })
  .describe(
    'Add a variant (another size, colour...) to a product: it copies the description, category and photos-to-come, with its own values, prices, stock and SKU',
  )
export type VariantBody = z.infer<typeof VariantBodySchema>

export const VendorVariantSchema = z.object({
  id: Id,
  name: z.string(),
  slug: z.string(),
  optionValues: z.array(z.string()),
  price: Kes,
  comparePrice: Kes.nullable(),
  stockQty: z.number().int(),
  isActive: z.boolean(),
  sku: z.string().nullable(),
})

export const VendorVariantsSchema = z.object({
  productName: z.string().describe('The name every variant shares'),
  optionNames: z.array(z.string()).describe('Empty: the product has no variants yet'),
  variants: z.array(VendorVariantSchema).describe('Every variant, this product included, in the order added'),
})
export type VendorVariants = z.infer<typeof VendorVariantsSchema>

export const StockBodySchema = z.strictObject({ stockQty: stockField })
export type StockBody = z.infer<typeof StockBodySchema>

export const ImageOrderBodySchema = z
  .strictObject({
    imageIds: z
      .array(
        z
          .number({ error: () => 'Image ids must be whole numbers' })
          .int()
          .positive()
          .max(2 ** 31 - 1, 'Image ids must be whole numbers'),
        {
          error: () => 'Image ids must be a list',
        },
      )
      .min(1, 'List the product’s images')
      .max(MAX_PRODUCT_IMAGES, `A product can have at most ${MAX_PRODUCT_IMAGES} images`),
  })
  .describe("Every one of the product's image ids, in the order to show them: the first is the primary image")

export const VendorImageSchema = z.object({
  id: Id,
  position: z.number().int(),
  isPrimary: z.boolean(),
  isUploaded: z.boolean(),
  thumbnail: z.string().describe('200 px wide'),
  medium: z.string().describe('600 px wide'),
  original: z.string().describe('up to 1200 px wide'),
})
export type VendorImage = z.infer<typeof VendorImageSchema>
export const VendorImageListSchema = z.array(VendorImageSchema)

export const VendorProductSchema = z.object({
  id: Id,
  name: z.string(),
  slug: z.string().describe('The product page is /product/{slug}'),
  category: z.object({ id: Id, name: z.string(), slug: z.string(), parent: z.string().nullable() }),
  price: Kes.describe('What the shopper pays'),
  comparePrice: Kes.nullable().describe('The struck-through "was" price, when discounted'),
  discountPercentage: z.number().int(),
  stockQty: z.number().int(),
  lowStockThreshold: z.number().int(),
  isLowStock: z.boolean(),
  isActive: z.boolean(),
  deactivatedReason: z.string().nullable().describe('Set when an admin took the product down'),
  salesCount: z.number().int(),
  thumbnail: z.string().nullable().describe('The primary image, 200 px'),
  imageCount: z.number().int(),
  sku: z.string().nullable(),
  variantCount: z.number().int().describe('Variants of its product, this one included; 0 without variants'),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type VendorProduct = z.infer<typeof VendorProductSchema>

export const VendorProductDetailSchema = VendorProductSchema.extend({
  description: z.string(),
  images: z.array(VendorImageSchema),
})
export type VendorProductDetail = z.infer<typeof VendorProductDetailSchema>

export const VendorProductsQuerySchema = z.object({
  q: z.string().trim().max(200, 'must be at most 200 characters').default(''),
  page: z.coerce
    .number({ error: () => 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(100_000)
    .default(1),
  per_page: z.coerce
    .number({ error: () => 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(100, 'must be at most 100')
    .default(24),
})

export const VendorProductPageSchema = z.object({
  products: z.array(VendorProductSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
})
export type VendorProductPage = z.infer<typeof VendorProductPageSchema>

export const LeafCategorySchema = z.object({
  id: Id,
  name: z.string(),
  slug: z.string(),
  parent: z.string().nullable(),
})
export const LeafCategoryListSchema = z.array(LeafCategorySchema).describe('The categories a product can be put in')

export const VendorProductParamsSchema = z.object({
  id: z.coerce
    .number({ error: () => 'must be an id' })
    .int('must be an id')
    .positive('must be an id')
    .max(2 ** 31 - 1),
})
export const VendorImageParamsSchema = VendorProductParamsSchema.extend({
  imageId: z.coerce
    .number({ error: () => 'must be an id' })
    .int('must be an id')
    .positive('must be an id')
    .max(2 ** 31 - 1),
})

// Payouts

export const PayoutSummarySchema = z.object({
  balance: Kes.describe('Owed to the shop: net of its delivered orders less what was paid out'),
  earned: Kes.describe('Net (subtotal less commission) of every delivered order'),
  paidOut: Kes,
  awaitingDelivery: Kes.describe('Net of paid orders not delivered yet (owed once delivered)'),
  owedForCollections: Kes.describe(
    'Pay on delivery: what your riders collected and you owe Soko (delivery, VAT, commission), not yet set against your earnings; the balance is net of it',
  ),
  pending: Kes.describe(
    'Net of delivered orders whose delivery is not confirmed yet, or whose return window has not passed, or with an open return',
  ),
  available: Kes.describe(
    'Net of orders confirmed and past their return window, less what was paid out: what may be paid out now',
  ),
  deliveryConfirmDays: z.number().int().describe('DELIVERY_CONFIRM_DAYS: a delivery confirms itself after these'),
  returnWindowDays: z.number().int().describe('RETURN_WINDOW_DAYS: after the confirmation, before money is available'),
  payoutPhone: z.string().nullable(),
  lines: z
    .array(
      z.object({
        vendorOrderId: Id,
        orderNumber: z.string(),
        date: z.string(),
        status: z.string(),
        subtotal: Kes,
        commission: Kes,
        net: Kes,
        isOwed: z.boolean().describe('Delivered: counted in the balance'),
        earning: z
          .enum(['awaiting', 'pending', 'available'])
          .describe('Not delivered yet; delivered and waiting (confirmation, return window); or free to pay out'),
        availableFrom: z
          .string()
          .nullable()
          .describe("When a confirmed order's money becomes available (the end of its return window); else null"),
      }),
    )
    .describe('Paid orders, newest first (at most 200)'),
  payouts: z.array(
    z.object({
      id: Id,
      amount: Kes,
      reference: z.string().describe('The M-Pesa receipt once paid, or the reference of a payout sent by hand'),
      note: z.string(),
      date: z.string(),
      method: z.enum(PAYOUT_METHODS),
      state: z.enum(PAYOUT_STATES).describe('queued, sent (M-Pesa is paying it), paid, or failed'),
      failureReason: z.string().nullable().describe('Why it failed (the money is back in available)'),
    }),
  ),
  nextPayoutRun: z
    .string()
    .nullable()
    .describe('When the next scheduled payout runs (ISO 8601); null when payouts are not scheduled'),
})
export type PayoutSummary = z.infer<typeof PayoutSummarySchema>

// Statements (docs/decisions/0031-vendor-statements.md)

const StatementDay = z
  .string()
  .max(10, 'must be a date written YYYY-MM-DD, for example 2026-11-01')
  .optional()
  .describe('YYYY-MM-DD, a Nairobi calendar day')

export const StatementQuerySchema = z.object({
  from: StatementDay.describe('The first day (included); without it, the first of the end’s month'),
  to: StatementDay.describe('The last day (included), today at the latest; without it, today'),
})
export type StatementQuery = z.infer<typeof StatementQuerySchema>

export const StatementSchema = z.object({
  shop: z.object({ name: z.string(), slug: z.string() }),
  period: z.object({ from: z.string(), to: z.string() }).describe('Nairobi calendar days, both included'),
  opening: Kes.describe('What Soko owed the shop when the period began (below zero: what the shop owed Soko)'),
  lines: z
    .array(
      z.object({
        date: z.string().describe('YYYY-MM-DD (Nairobi)'),
        at: z.string().describe('ISO 8601'),
        description: z.string(),
        orderNumber: z.string().nullable(),
        moneyIn: Kes,
        moneyOut: Kes,
        balance: Kes.describe('What Soko owes the shop after this line'),
      }),
    )
    .describe('Every movement of what Soko owes the shop, oldest first: the opening plus the lines is the closing'),
  totalIn: Kes,
  totalOut: Kes,
  closing: Kes.describe('What Soko owed the shop when the period ended'),
  closingSplit: z
    .object({
      pending: Kes.describe('Sold, not free yet (delivery, the return window)'),
      available: Kes.describe('Free to be paid out'),
      inTransit: Kes.describe('A payout on its way to M-Pesa'),
      owedForCollections: Kes.describe('Cash collected on delivery, owed to Soko'),
    })
    .describe('Where the closing balance was: pending + available + in transit − owed for collections'),
})
export type Statement = z.infer<typeof StatementSchema>

// The endpoints

const tags = ['vendor']
/** Every call but opening a shop: 401 signed out, 403 for anyone but a vendor, 404 for a vendor with no shop. */
const OWN_SHOP = ['unauthorized', 'forbidden', 'not_found'] as const

export const vendorEndpoints = endpoints({
  'POST /api/vendor/apply/': {
    summary: 'Open a shop: a signed-in customer becomes a vendor (live at once, unverified until checked)',
    tags,
    body: ApplyBodySchema,
    response: ShopSchema,
    status: 201,
    errors: ['unauthorized', 'forbidden', 'conflict', 'rate_limited'],
  },
  'GET /api/vendor/shop/': {
    summary: 'Your shop profile, with its verified and suspended state',
    tags,
    response: ShopSchema,
    errors: OWN_SHOP,
  },
  'PUT /api/vendor/shop/': {
    summary: 'Edit your shop profile (a new payout number needs currentPassword)',
    tags,
    body: ShopUpdateBodySchema,
    response: ShopSchema,
    errors: [...OWN_SHOP, 'conflict', 'rate_limited'],
  },
  'GET /api/vendor/dashboard/': {
    summary: "Your shop's sales today and this month, orders to ship, low stock and the last 30 days",
    tags,
    response: DashboardSchema,
    errors: OWN_SHOP,
  },
  'GET /api/vendor/categories/': {
    summary: 'The categories a product can be put in (leaves of the tree)',
    tags,
    response: LeafCategoryListSchema,
    errors: OWN_SHOP,
  },
  'GET /api/vendor/products/': {
    summary: "Your shop's products, active or not, newest first",
    tags,
    query: VendorProductsQuerySchema,
    response: VendorProductPageSchema,
    errors: OWN_SHOP,
  },
  'POST /api/vendor/products/': {
    summary: 'Add a product (it appears in the catalogue and search at once when active)',
    tags,
    body: ProductBodySchema,
    response: VendorProductDetailSchema,
    status: 201,
    errors: OWN_SHOP,
  },
  'GET /api/vendor/products/:id/': {
    summary: 'One of your products, as the edit form needs it',
    tags,
    params: VendorProductParamsSchema,
    response: VendorProductDetailSchema,
    errors: OWN_SHOP,
  },
  'PUT /api/vendor/products/:id/': {
    summary: 'Edit a product (the whole form). One an admin took down cannot be switched back on (403)',
    tags,
    params: VendorProductParamsSchema,
    body: ProductBodySchema,
    response: VendorProductDetailSchema,
    errors: OWN_SHOP,
  },
  'GET /api/vendor/products/:id/variants/': {
    summary: "A product's options and variants (each variant is one of your products)",
    tags,
    params: VendorProductParamsSchema,
    response: VendorVariantsSchema,
    errors: OWN_SHOP,
  },
  'POST /api/vendor/products/:id/variants/': {
    summary: "Add a variant to a product; its first names the options and this product's own values",
    tags,
    params: VendorProductParamsSchema,
    body: VariantBodySchema,
    response: VendorVariantsSchema,
    status: 201,
    errors: OWN_SHOP,
  },
  'PATCH /api/vendor/products/:id/stock/': {
    summary: "Set a product's stock",
    tags,
    params: VendorProductParamsSchema,
    body: StockBodySchema,
    response: VendorProductSchema,
    errors: OWN_SHOP,
  },
  'DELETE /api/vendor/products/:id/': {
    summary: 'Take a product off sale (it is kept for the orders that bought it)',
    tags,
    params: VendorProductParamsSchema,
    response: null,
    status: 204,
    errors: OWN_SHOP,
  },
  'GET /api/vendor/products/:id/images/': {
    summary: "A product's images, the primary first",
    tags,
    params: VendorProductParamsSchema,
    response: VendorImageListSchema,
    errors: OWN_SHOP,
  },
  'POST /api/vendor/products/:id/images/': {
    summary:
      'Upload photos (multipart/form-data, field "image", one or more): JPEG, PNG, WebP or HEIC by content, 10 MB each, 8 per product',
    tags,
    params: VendorProductParamsSchema,
    consumes: ['multipart/form-data'],
    response: VendorImageListSchema,
    status: 201,
    errors: [...OWN_SHOP, 'payload_too_large', 'unsupported_media_type'],
  },
  'PUT /api/vendor/products/:id/images/order/': {
    summary: "Order a product's images; the first becomes the primary image",
    tags,
    params: VendorProductParamsSchema,
    body: ImageOrderBodySchema,
    response: VendorImageListSchema,
    errors: OWN_SHOP,
  },
  'DELETE /api/vendor/products/:id/images/:imageId/': {
    summary: 'Remove an image from a product',
    tags,
    params: VendorImageParamsSchema,
    response: VendorImageListSchema,
    errors: OWN_SHOP,
  },
  'GET /api/vendor/payouts/': {
    summary: 'What Soko owes your shop: delivered orders less commission, less payouts made',
    tags,
    response: PayoutSummarySchema,
    errors: OWN_SHOP,
  },
  'GET /api/vendor/statement/': {
    summary: "Your shop's statement for a period: the opening balance, every movement, the closing balance",
    description:
      'Periods are Nairobi calendar days, at most 366, ending today at the latest; without dates, this month so far. A bad date is a 400 naming the field.',
    tags,
    query: StatementQuerySchema,
    response: StatementSchema,
    errors: [...OWN_SHOP, 'invalid_data'],
  },
  'GET /api/vendor/statement.csv': {
    summary: 'The same statement as a CSV file to download (opening row, lines, closing row)',
    tags,
    query: StatementQuerySchema,
    response: null,
    produces: ['text/csv'],
    errors: [...OWN_SHOP, 'invalid_data'],
  },
  'GET /api/vendor/orders/': {
    summary: "Your shop's paid orders to fulfil, newest first",
    tags,
    response: z.array(VendorOrderSummarySchema),
    errors: ['unauthorized', 'forbidden'],
  },
  'POST /api/vendor/orders/:id/process/': {
    summary: 'Start preparing your part of a paid order (the shopper sees it is processing)',
    tags,
    params: IdParamsSchema,
    response: null,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  'POST /api/vendor/orders/:id/ship/': {
    summary: 'Mark your part of an order shipped, with its carrier and tracking reference (the shopper is emailed)',
    tags,
    params: IdParamsSchema,
    body: ShipBodySchema,
    response: null,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  'POST /api/vendor/orders/:id/deliver/': {
    summary: 'Mark your part of an order delivered (the shopper is emailed, may review, and confirms receipt)',
    description: 'Its delivery is confirmed when the shopper says so, or by itself DELIVERY_CONFIRM_DAYS days later.',
    tags,
    params: IdParamsSchema,
    response: null,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
})
