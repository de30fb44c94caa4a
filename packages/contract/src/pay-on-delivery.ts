import { COLLECTION_WAYS } from '@soko/domain/pay-on-delivery'
import { z } from 'zod'
import { endpoints } from './endpoint.ts'

// Pay on delivery (issue 20, part 2; decision 0022): the shop (or, for a station Soko runs, an admin) records that a
// part's money was collected at the door, or that the shopper refused the parcel.

export { COLLECTION_WAY_LABELS, COLLECTION_WAYS, type CollectionWay } from '@soko/domain/pay-on-delivery'

const WholeId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1)
const PartParamsSchema = z.object({ id: WholeId })
const AdminPartParamsSchema = z.object({ id: WholeId, partId: WholeId })

export const CollectionBodySchema = z.strictObject({
  via: z.enum(COLLECTION_WAYS, { error: () => "How it was paid must be 'cash' or 'mpesa'" }),
  reference: z
    .string()
    .trim()
    .max(20, 'An M-Pesa code is 10 letters and digits')
    .regex(/^[A-Za-z0-9]*$/, 'An M-Pesa code is letters and digits only')
    .transform((code) => code.toUpperCase())
    .default('')
    .describe('M-Pesa: the confirmation code from the message, when the shopper paid by M-Pesa'),
})
export type CollectionBody = z.input<typeof CollectionBodySchema>

export const RefusalBodySchema = z.strictObject({
  reason: z.string().trim().max(300, 'At most 300 characters').default('').describe('What the shopper said'),
})
export type RefusalBody = z.input<typeof RefusalBodySchema>

const collectDescription =
  "The part's share of the order (its goods and its share of delivery and VAT) enters the ledger; a shipped " +
  'parcel is marked delivered. 409 for an order not paid on delivery, a parcel not yet shipped, or a payment ' +
  'recorded already.'

export const payOnDeliveryEndpoints = endpoints({
  'POST /api/vendor/orders/:id/payment-collected/': {
    summary: "Pay-on-delivery orders: your rider collected this part's money at the door",
    description: `${collectDescription} Money your rider keeps is owed to Soko for delivery, VAT and commission, and is set against your earnings.`,
    tags: ['vendor'],
    params: PartParamsSchema,
    body: CollectionBodySchema,
    response: null,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  'POST /api/vendor/orders/:id/refused/': {
    summary: 'Pay-on-delivery orders: the shopper refused the parcel at the door (it is cancelled, its stock back)',
    description: 'The shopper may not pay on delivery again. 409 for a parcel not out for delivery, or paid.',
    tags: ['vendor'],
    params: PartParamsSchema,
    body: RefusalBodySchema,
    response: null,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  'POST /api/admin/orders/:id/parts/:partId/payment-collected/': {
    summary: "Pay-on-delivery orders: Soko (a station it runs, its rider) collected a part's money, audited",
    description: collectDescription,
    tags: ['admin'],
    params: AdminPartParamsSchema,
    body: CollectionBodySchema,
    response: null,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
})
