import { RETURN_METHOD_IDS, RETURN_REASON_IDS, RETURN_STATES } from '@soko/domain/return-states'
import { z } from 'zod'
import { OrderNumberParamsSchema, OrderTokenHeadersSchema } from './checkout.ts'
import { endpoints } from './endpoint.ts'
import { IdParamsSchema, optionalText, required } from './user.ts'

// Returns (issue 18, part 3; docs/decisions/0013-returns.md): the shopper opens one for items of a delivered vendor
// part within RETURN_WINDOW_DAYS; the part's vendor accepts (drop-off or pickup) or refuses, then confirms the items
// came back, which records the refund.

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
  amount: Kes.describe('What goes back to the shopper: the returned lines at their prices'),
  requestedAt: z.string(),
  acceptedAt: At,
  refusedAt: At,
  receivedAt: At,
  refundedAt: At,
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

const shopperTags = ['checkout']
const vendorTags = ['vendor']
const VENDOR_MOVE = ['unauthorized', 'forbidden', 'not_found', 'conflict'] as const

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
})
