import { PAYMENT_METHODS } from '@soko/domain/order-states'
import { RETURN_METHOD_IDS, RETURN_REASON_IDS } from '@soko/domain/return-states'
import { CARRIER_IDS } from '@soko/domain/vendor-part-states'
import { z } from 'zod'
import { DeliveryOptionsSchema } from './delivery.ts'
import { endpoints } from './endpoint.ts'

// The marketplace's rules as the server applies them (its configuration and the domain's fixed lists), for the
// pages that explain them: shipping, returns, the FAQ, the terms and selling. A page states these numbers by reading
// them here, never by writing them down, so what it says is what the server does.

const Whole = z.number().int()
const Option = <T extends [string, ...string[]]>(ids: T) => z.object({ id: z.enum(ids), label: z.string() })

export const SitePoliciesSchema = z.object({
  deliveryFee: z
    .number()
    .describe('The lowest home-delivery fee for an order from one shop, in KES (the zones are in `delivery`)'),
  delivery: DeliveryOptionsSchema.describe('The zone fees, the extra-vendor fee and the pickup stations (admin-set)'),
  vatPercent: z.number().describe("VAT_PERCENT: VAT in percent of the items' subtotal"),
  orderReservationSeconds: Whole.describe('ORDER_RESERVATION: how long an unpaid order holds its stock'),
  deliveryConfirmDays: Whole.describe(
    'DELIVERY_CONFIRM_DAYS: days after a shop marks its part delivered that it counts as received if the shopper is silent',
  ),
  returnWindowDays: Whole.describe('RETURN_WINDOW_DAYS: days after delivery a return may be requested'),
  returnAnswerHours: Whole.describe(
    'RETURN_ANSWER_HOURS: hours a shop has to accept or refuse a return before it goes to the dispute desk',
  ),
  returnPhotosMax: Whole.describe('How many photos of the items a shopper may add to a return while it is open'),
  commissionPercent: z
    .number()
    .describe("COMMISSION_PERCENT: the marketplace's commission on each shop's sales, where no category sets its own"),
  categoryCommissions: z
    .array(
      z.object({
        name: z.string(),
        slug: z.string(),
        parentName: z.string().nullable().describe('The top-level category it is under; null: it is one'),
        percent: z.number(),
      }),
    )
    .describe(
      'The (active) categories with a commission rate of their own; their subcategories without one inherit it',
    ),
  paymentMethods: z.array(Option([...PAYMENT_METHODS])).describe('How a shopper can pay'),
  payOnDelivery: z
    .object({
      limit: z.number().describe('PAY_ON_DELIVERY_LIMIT_KES: orders must total less than this'),
      rules: z.string().describe('Who may pay on delivery, in one sentence'),
    })
    .nullable()
    .describe('Paying the rider in cash or M-Pesa at the door; null when it is off'),
  carriers: z.array(Option(CARRIER_IDS)).describe('How a shop can send its part of an order'),
  returnReasons: z.array(Option(RETURN_REASON_IDS)).describe('Why an item may go back (the fixed list)'),
  returnMethods: z.array(Option(RETURN_METHOD_IDS)).describe('How an accepted return comes back to the shop'),
})
export type SitePolicies = z.infer<typeof SitePoliciesSchema>

const tags = ['site']

export const siteEndpoints = endpoints({
  'GET /api/site/policies/': {
    summary: "The marketplace's delivery, payment, return and selling rules, as the server applies them",
    description: 'The same for everyone; public and cacheable.',
    tags,
    response: SitePoliciesSchema,
    errors: [],
  },
})
