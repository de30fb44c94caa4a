import {
  DISPUTE_CAUSES,
  MAX_RETURN_PHOTOS,
  RETURN_METHOD_IDS,
  RETURN_REASON_IDS,
  RETURN_STATES,
} from '@soko/domain/return-states'
import { z } from 'zod'
import { OrderNumberParamsSchema, OrderTokenHeadersSchema } from './checkout.ts'
import { endpoints } from './endpoint.ts'
import { IdParamsSchema, optionalText, required } from './user.ts'

// Returns (issue 18, parts 3 and 4; docs/decisions/0013-returns.md, 0015-return-disputes.md): the shopper opens one
// for items of a delivered vendor part within RETURN_WINDOW_DAYS, with photos if they like; the part's vendor accepts
// (drop-off or pickup) and confirms the items came back, which records the refund, or refuses. A refused return, or
// one left unanswered for RETURN_ANSWER_HOURS, goes to the dispute desk, where an admin refunds it (in full or in
// part) or rejects it.

const Kes = z.number().describe('Amount in KES')
const Id = z.number().int()
/** An id the request names: a database integer (a larger one is refused, not looked up). */
const RequestId = Id.positive('must be an id').max(2 ** 31 - 1, 'must be an id')
const At = z.string().nullable()

export const ReturnLineBodySchema = z
  .strictObject({
    itemId: RequestId.describe('The order line (an item of the order) going back'),
    quantity: z
      .number({ error: () => 'Quantity must be a number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(1000, 'Quantity must be at most 1000'),
    reason: z.enum(RETURN_REASON_IDS, { error: () => 'Choose why it goes back' }),
    note: optionalText('Note', 500).default('').describe('Required when the reason is "other"'),
  })
  .refine((line) => line.reason !== 'other' || line.note !== '', {
    message: 'Tell the seller what is wrong',
    path: ['note'],
  })

export const OpenReturnBodySchema = z
  .strictObject({
    partId: RequestId.describe("The seller's part of the order the items came in"),
    lines: z.array(ReturnLineBodySchema).min(1, 'Choose at least one item').max(50),
  })
  .refine((body) => new Set(body.lines.map((line) => line.itemId)).size === body.lines.length, {
    message: 'Each item once',
    path: ['lines'],
  })
export type OpenReturnBody = z.infer<typeof OpenReturnBodySchema>
export type OpenReturnRequest = z.input<typeof OpenReturnBodySchema>

export const AcceptReturnBodySchema = z.strictObject({
  method: z.enum(RETURN_METHOD_IDS, { error: () => 'Choose how the items come back' }),
})
export type AcceptReturnBody = z.infer<typeof AcceptReturnBodySchema>

export const RefuseReturnBodySchema = z.strictObject({
  reason: required('Reason', 500).describe('Why the return is refused (the shopper reads it)'),
})
export type RefuseReturnBody = z.infer<typeof RefuseReturnBodySchema>

/** A return photo's sizes, under its signed address (only the return's two sides and admins are given it). */
export const RETURN_PHOTO_FILES = ['thumbnail.webp', 'medium.webp', 'original.webp'] as const

export const ReturnPhotoSchema = z.object({
  id: Id,
  thumbnail: z.string().describe('200 px WebP'),
  medium: z.string().describe('600 px WebP'),
  original: z.string().describe('1200 px WebP'),
})

export const DecideDisputeBodySchema = z
  .strictObject({
    outcome: z.enum(['refund', 'reject'], { error: () => 'Choose refund or reject' }),
    amount: z
      .number({ error: () => 'Amount must be a number' })
      .positive('Amount must be more than 0')
      .max(100_000_000, 'Amount is too large')
      .refine((kes) => Math.abs(kes * 100 - Math.round(kes * 100)) < 1e-6, 'Amount has at most 2 decimals')
      .optional()
      .describe('KES to refund, for a refund in part; left out: the whole return'),
    note: required('Decision', 1000).describe('Why: both the shopper and the shop read it'),
  })
  .refine((body) => body.outcome === 'refund' || body.amount === undefined, {
    message: 'Only a refund has an amount',
    path: ['amount'],
  })
export type DecideDisputeBody = z.infer<typeof DecideDisputeBodySchema>

export const ReturnViewSchema = z.object({
  id: Id,
  orderNumber: z.string(),
  partId: Id,
  shopName: z.string(),
  state: z.enum(RETURN_STATES),
  stateLabel: z.string(),
  method: z.enum(RETURN_METHOD_IDS).nullable(),
  methodLabel: z.string().nullable(),
  refusalReason: z.string().nullable(),
  amount: Kes.describe('What the shopper asked back: the returned lines at their prices'),
  refunded: Kes.nullable().describe('What was refunded (an admin may refund a dispute in part)'),
  disputeCause: z.enum(DISPUTE_CAUSES).nullable(),
  disputeCauseLabel: z.string().nullable(),
  decisionNote: z.string().nullable().describe("The admin's decision of the dispute"),
  answerBy: At.describe('A requested return: when it goes to the dispute desk if the shop has not answered'),
  requestedAt: z.string(),
  acceptedAt: At,
  refusedAt: At,
  disputedAt: At,
  receivedAt: At,
  refundedAt: At,
  decidedAt: At,
  photos: z.array(ReturnPhotoSchema),
  lines: z.array(
    z.object({
      itemId: Id,
      name: z.string(),
      quantity: z.number().int(),
      reason: z.enum(RETURN_REASON_IDS),
      reasonLabel: z.string(),
      note: z.string().nullable(),
    }),
  ),
})
export type ReturnView = z.infer<typeof ReturnViewSchema>

export const OrderReturnsSchema = z.object({
  windowDays: z.number().int().describe('RETURN_WINDOW_DAYS: how long after delivery a return may be opened'),
  returns: z.array(ReturnViewSchema),
  returnable: z
    .array(
      z.object({
        partId: Id,
        shopName: z.string(),
        windowEndsAt: z.string(),
        items: z.array(
          z.object({ itemId: Id, name: z.string(), bought: z.number().int(), returnable: z.number().int() }),
        ),
      }),
    )
    .describe('Delivered parts still in their window, with how many of each line may go back'),
})
export type OrderReturns = z.infer<typeof OrderReturnsSchema>

export const DisputeViewSchema = ReturnViewSchema.extend({
  orderId: Id,
  shopper: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
})
export type DisputeView = z.infer<typeof DisputeViewSchema>

export const ReturnPhotoParamsSchema = IdParamsSchema.extend({
  file: z.enum(RETURN_PHOTO_FILES, { error: 'must be thumbnail, medium or original .webp' }),
})
export const ReturnPhotoQuerySchema = z.object({
  key: z.string().max(100).default('').describe("The photo's signature, from its address in a return"),
})

export const ReturnPhotosParamsSchema = OrderNumberParamsSchema.extend(IdParamsSchema.shape)

const shopperTags = ['checkout']
const vendorTags = ['vendor']
const VENDOR_MOVE = ['unauthorized', 'forbidden', 'not_found', 'conflict'] as const
const adminTags = ['admin']

export const returnsEndpoints = endpoints({
  'GET /api/checkout/orders/:orderNumber/returns/': {
    summary: "Your order's returns, and what may still go back",
    description: 'The signed-in buyer of the order, or a guest with its X-Order-Token. Anyone else: 404.',
    tags: shopperTags,
    params: OrderNumberParamsSchema,
    headers: OrderTokenHeadersSchema,
    response: OrderReturnsSchema,
    errors: ['not_found'],
  },
  'POST /api/checkout/orders/:orderNumber/returns/': {
    summary: "Return items of a seller's delivered part, within RETURN_WINDOW_DAYS of its delivery",
    description:
      'The signed-in buyer of the order, or a guest with its X-Order-Token. Anyone else: 404. ' +
      '409 when the part was not delivered, its window has closed, or more items are asked back than remain.',
    tags: shopperTags,
    params: OrderNumberParamsSchema,
    headers: OrderTokenHeadersSchema,
    body: OpenReturnBodySchema,
    response: ReturnViewSchema,
    status: 201,
    errors: ['not_found', 'conflict'],
  },
  'POST /api/checkout/orders/:orderNumber/returns/:id/photos/': {
    summary: `Add photos of the items to an open return (multipart/form-data, field "image"): JPEG, PNG, WebP or HEIC by content, 10 MB each, ${MAX_RETURN_PHOTOS} per return`,
    description:
      'The signed-in buyer of the order, or a guest with its X-Order-Token. Anyone else, or a return of another ' +
      'order: 404. 409 once the return is refunded or rejected.',
    tags: shopperTags,
    params: ReturnPhotosParamsSchema,
    headers: OrderTokenHeadersSchema,
    consumes: ['multipart/form-data'],
    response: ReturnViewSchema,
    status: 201,
    errors: ['not_found', 'conflict', 'payload_too_large', 'unsupported_media_type'],
  },
  'GET /api/checkout/returns/photos/:id/:file': {
    summary: "A return photo, at the signed address a return's view gives its two sides and admins",
    description: 'A wrong or missing key answers 404, as a photo that does not exist does.',
    tags: shopperTags,
    params: ReturnPhotoParamsSchema,
    query: ReturnPhotoQuerySchema,
    response: null,
    produces: ['image/webp'],
    errors: ['not_found'],
  },
  'GET /api/vendor/returns/': {
    summary: "Returns of your shop's items, newest first",
    tags: vendorTags,
    response: z.array(ReturnViewSchema),
    errors: ['unauthorized', 'forbidden'],
  },
  'POST /api/vendor/returns/:id/accept/': {
    summary: 'Accept a requested return, saying how the items come back (the shopper is emailed)',
    tags: vendorTags,
    params: IdParamsSchema,
    body: AcceptReturnBodySchema,
    response: null,
    status: 204,
    errors: [...VENDOR_MOVE],
  },
  'POST /api/vendor/returns/:id/refuse/': {
    summary: 'Refuse a requested return, with the reason (the shopper is emailed)',
    tags: vendorTags,
    params: IdParamsSchema,
    body: RefuseReturnBodySchema,
    response: null,
    status: 204,
    errors: [...VENDOR_MOVE],
  },
  'POST /api/vendor/returns/:id/received/': {
    summary: 'Confirm the items of an accepted return came back: the refund is recorded (the shopper is emailed)',
    tags: vendorTags,
    params: IdParamsSchema,
    response: null,
    status: 204,
    errors: [...VENDOR_MOVE],
  },
  'GET /api/admin/disputes/': {
    summary: 'The dispute desk: returns a shop refused or left unanswered, undecided first, with both sides and photos',
    tags: adminTags,
    response: z.array(DisputeViewSchema),
    errors: ['unauthorized', 'forbidden'],
  },
  'POST /api/admin/disputes/:id/decide/': {
    summary:
      'Decide a dispute: refund it in full or in part (recorded on the payment), or reject it; both sides are emailed why',
    description: '409 when the return is not before the desk (decided already) or its order holds no money any more.',
    tags: adminTags,
    params: IdParamsSchema,
    body: DecideDisputeBodySchema,
    response: DisputeViewSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
})
