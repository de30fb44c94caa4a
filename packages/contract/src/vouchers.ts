import { VOUCHER_CODE_PATTERN, VOUCHER_KINDS, VOUCHER_REFUSALS } from '@soko/domain/vouchers'
import { z } from 'zod'
import { endpoints } from './endpoint.ts'

// Vouchers (issue 21, part 2; decision 0023): the code a shopper types at the cart or checkout, as the one quote shows
// it, and the vouchers the admin (funded by the marketplace) and a shop (funded by itself) create and disable.

export { VOUCHER_KINDS, VOUCHER_REFUSALS, type VoucherKind, type VoucherRefusal } from '@soko/domain/vouchers'

const Kes = z.number().describe('Amount in KES')

/** A code as typed: trimmed and in capitals before it is checked. */
export const VoucherCodeSchema = z
  .string()
  .transform((code) => code.trim().replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(VOUCHER_CODE_PATTERN, 'A voucher code is 3 to 32 letters, digits or dashes'))

/** The voucher as the quote shows it: the discount and who funds it, or why it does not apply. */
export const QuoteVoucherSchema = z.object({
  code: z.string(),
  applied: z.boolean().describe('false: the code was refused (message says why); the quote is without it'),
  discount: Kes.describe('What it takes off the goods (0 when refused)'),
  fundedBy: z.enum(['marketplace', 'vendor']).nullable().describe('Who pays for the discount (null: unknown code)'),
  funderName: z.string().nullable().describe('Soko, or the shop that funds it'),
  description: z.string().nullable().describe("What it gives, e.g. '10 % off'"),
  reason: z.enum([...VOUCHER_REFUSALS, 'unknown']).nullable(),
  message: z.string().nullable().describe("Why it was refused, in words, e.g. 'add KSh 500 more'"),
})
export type QuoteVoucher = z.infer<typeof QuoteVoucherSchema>

/** A row's id, as the database's integer columns hold it. */
const RowId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1)

const Moment = z
  .string()
  .datetime({ offset: true, message: 'A date and time in ISO 8601, e.g. 2026-12-01T00:00:00Z' })
  .nullable()
  .default(null)
const Limit = z.number().int().positive('A limit of uses must be 1 or more').max(1_000_000).nullable().default(null)

/** A new voucher (admin: funded by the marketplace; a shop: funded by itself, its own products only). */
export const VoucherBodySchema = z.strictObject({
  code: VoucherCodeSchema,
  kind: z.enum(VOUCHER_KINDS, { error: () => "The kind must be 'percent' or 'fixed'" }),
  value: z
    .number({ error: () => 'The value is required' })
    .positive('The value must be above zero')
    .max(10_000_000)
    .describe('percent: whole percent 1 to 100; fixed: KES off'),
  maxDiscount: Kes.positive('The most it takes off must be above zero')
    .max(10_000_000)
    .nullable()
    .default(null)
    .describe('percent: the most it takes off, KES (null: no cap); fixed: must be null'),
  minSpend: Kes.min(0).max(10_000_000).default(0).describe('The goods it applies to must come to at least this'),
  maxUses: Limit.describe('Orders in all (null: no limit)'),
  maxUsesPerCustomer: Limit.describe('Orders per shopper (account, phone or email; null: no limit)'),
  startsAt: Moment,
  endsAt: Moment,
  categoryIds: z.array(RowId).max(50).default([]).describe('Only these categories; empty: any'),
  vendorIds: z
    .array(RowId)
    .max(50)
    .default([])
    .describe('Only these shops; empty: any (a shop’s own voucher: its products only)'),
})
export type VoucherBody = z.input<typeof VoucherBodySchema>

export const VoucherViewSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  fundedBy: z.enum(['marketplace', 'vendor']),
  funderName: z.string(),
  kind: z.enum(VOUCHER_KINDS),
  value: z.number().describe('percent: whole percent; fixed: KES'),
  maxDiscount: Kes.nullable().describe('percent: the most it takes off (null: no cap)'),
  description: z.string(),
  minSpend: Kes,
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  usedCount: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  categoryIds: z.array(z.number().int()),
  vendorIds: z.array(z.number().int()),
  active: z.boolean(),
  createdAt: z.string(),
})
export type VoucherView = z.infer<typeof VoucherViewSchema>

export const VoucherActiveBodySchema = z.strictObject({ active: z.boolean() })

const params = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
})

export const voucherEndpoints = endpoints({
  'GET /api/admin/vouchers/': {
    summary: 'Every voucher, the marketplace’s and the shops’, newest first',
    tags: ['admin'],
    response: z.array(VoucherViewSchema),
    errors: ['unauthorized', 'forbidden'],
  },
  'POST /api/admin/vouchers/': {
    summary: 'Create a voucher funded by the marketplace (the shops still earn on the full price)',
    tags: ['admin'],
    body: VoucherBodySchema,
    response: VoucherViewSchema,
    status: 201,
    errors: ['unauthorized', 'forbidden', 'conflict'],
  },
  'POST /api/admin/vouchers/:id/active/': {
    summary: 'Disable a voucher (or enable it again)',
    tags: ['admin'],
    params,
    body: VoucherActiveBodySchema,
    response: VoucherViewSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  'GET /api/vendor/vouchers/': {
    summary: 'Your shop’s vouchers, newest first',
    tags: ['vendor'],
    response: z.array(VoucherViewSchema),
    errors: ['unauthorized', 'forbidden'],
  },
  'POST /api/vendor/vouchers/': {
    summary: 'Create a voucher your shop funds: it applies to your products only, and lowers what you sell them for',
    tags: ['vendor'],
    body: VoucherBodySchema,
    response: VoucherViewSchema,
    status: 201,
    errors: ['unauthorized', 'forbidden', 'conflict'],
  },
  'POST /api/vendor/vouchers/:id/active/': {
    summary: 'Disable one of your vouchers (or enable it again)',
    tags: ['vendor'],
    params,
    body: VoucherActiveBodySchema,
    response: VoucherViewSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
})
