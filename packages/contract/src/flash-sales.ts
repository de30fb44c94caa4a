import { z } from 'zod'
import { ProductListingSchema } from './catalog.ts'
import { wholeNumber } from './common.ts'
import { endpoints } from './endpoint.ts'

// Flash sales (decision 0024): a product at a sale price for a limited number of units between two times. The
// storefront reads the running ones (home page, product page); the admin area schedules, lists and cancels them.

const Id = z.number().int()
const RequestId = (message?: string) => Id.positive(message).max(2 ** 31 - 1, message)
const Kes = z.number().describe('Amount in KES')
const Timestamp = z.string().describe('ISO 8601')

export const FLASH_SALE_STATES = ['scheduled', 'running', 'sold_out', 'ended', 'cancelled'] as const

/** A running sale as shoppers see it. */
export const FlashSaleOfferSchema = z.object({
  id: Id,
  product: ProductListingSchema,
  sale_price: Kes,
  original_price: Kes.describe('What the product sells for outside the sale (its discounted price when it has one)'),
  discount_percentage: z.number().int(),
  quantity: z.number().int().describe('Units on sale'),
  units_left: z.number().int(),
  per_order_limit: z.number().int(),
  starts_at: Timestamp,
  ends_at: Timestamp.describe('The countdown runs to this moment'),
})
export type FlashSaleOffer = z.infer<typeof FlashSaleOfferSchema>

export const FlashSalesSchema = z.object({
  now: Timestamp.describe("The server's clock, so a countdown does not depend on the device's"),
  sales: z.array(FlashSaleOfferSchema),
})
export type FlashSales = z.infer<typeof FlashSalesSchema>

export const FlashSalesQuerySchema = z.object({
  product_id: wholeNumber(1, 2 ** 31 - 1).optional(),
})

const DateTimeSchema = (label: string) =>
  z.iso
    .datetime({ offset: true, message: `${label} must be a date and time, e.g. 2026-12-01T08:00:00+03:00` })
    .refine((value) => {
      const time = Date.parse(value)
      return time >= Date.UTC(2000, 0, 1) && time < Date.UTC(9999, 0, 1)
    }, `${label} must be between the years 2000 and 9998`)

const count = (label: string) =>
  z
    .number({ error: () => `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(1_000_000, `${label} must be at most 1,000,000`)

export const FlashSaleBodySchema = z
  .strictObject({
    product_id: RequestId('Product must be a product id'),
    sale_price: z
      .number({ error: () => 'Sale price must be a number' })
      .positive('Sale price must be above zero')
      .max(10_000_000, 'Sale price is too high')
      .refine((kes) => Math.abs(kes * 100 - Math.round(kes * 100)) < 1e-6, 'Sale price has at most two decimals'),
    quantity: count('Quantity'),
    per_order_limit: count('Per-order limit'),
    starts_at: DateTimeSchema('Start'),
    ends_at: DateTimeSchema('End'),
  })
  .refine((body) => Date.parse(body.ends_at) > Date.parse(body.starts_at), {
    message: 'End must be after start',
    path: ['ends_at'],
  })
export type FlashSaleBody = z.infer<typeof FlashSaleBodySchema>

export const AdminFlashSaleSchema = z.object({
  id: Id,
  product: z.object({ id: Id, name: z.string(), slug: z.string(), price: Kes, effective_price: Kes }),
  sale_price: Kes,
  quantity: z.number().int(),
  sold: z.number().int().describe('Units held by orders (an unpaid order that ends gives its units back)'),
  units_left: z.number().int(),
  per_order_limit: z.number().int(),
  starts_at: Timestamp,
  ends_at: Timestamp,
  state: z.enum(FLASH_SALE_STATES),
  cancelled_at: Timestamp.nullable(),
  created_at: Timestamp,
  created_by: z.string().nullable().describe("The scheduling admin's email"),
})
export type AdminFlashSale = z.infer<typeof AdminFlashSaleSchema>
export const AdminFlashSaleListSchema = z.array(AdminFlashSaleSchema)

const params = z.object({ id: wholeNumber(1, 2 ** 31 - 1) })

export const flashSaleEndpoints = endpoints({
  'GET /api/marketplace/flash-sales/': {
    summary: 'Flash sales running now with units left, ending soonest first (product_id: that product only)',
    tags: ['catalogue'],
    query: FlashSalesQuerySchema,
    response: FlashSalesSchema,
    errors: [],
  },
  'GET /api/admin/flash-sales/': {
    summary: 'Every flash sale with its state and units sold',
    tags: ['admin'],
    response: AdminFlashSaleListSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'POST /api/admin/flash-sales/': {
    summary:
      "Schedule a flash sale: sale price below the product's price, quantity and per-order limit of at least 1, " +
      'no overlap with another sale of the product',
    tags: ['admin'],
    body: FlashSaleBodySchema,
    response: AdminFlashSaleSchema,
    status: 201,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  'POST /api/admin/flash-sales/:id/cancel/': {
    summary: 'Cancel a flash sale: its price stops at once (orders already placed keep theirs)',
    tags: ['admin'],
    params,
    response: AdminFlashSaleSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
})
