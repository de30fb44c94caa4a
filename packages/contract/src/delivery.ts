import { DELIVERY_METHODS, DELIVERY_ZONES } from '@soko/domain/delivery'
import { z } from 'zod'
import { endpoints } from './endpoint.ts'
import { CountySchema, required } from './user.ts'

// Delivery options (issue 20): home delivery priced by the county's zone, or collection at a pickup station. The
// browser says which; the server prices it (fees never come from the browser).

const Kes = z.number().describe('Amount in KES')
const Id = z.number().int()

export { DELIVERY_METHODS, DELIVERY_ZONE_LABELS, DELIVERY_ZONES } from '@soko/domain/delivery'

const StationIdSchema = z
  .number({ error: () => 'Choose a pickup station' })
  .int('Choose a pickup station')
  .positive('Choose a pickup station')
  .max(2 ** 31 - 1, 'Choose a pickup station')

/** How the shopper wants the order delivered. Home delivery to `county`, or collection at station `stationId`. */
export const DeliveryChoiceSchema = z.discriminatedUnion(
  'method',
  [
    z.strictObject({
      method: z.literal('home'),
      county: CountySchema.optional().describe("One of the 47 counties; absent: the delivery address's county"),
    }),
    z.strictObject({ method: z.literal('pickup'), stationId: StationIdSchema }),
  ],
  { error: () => "Delivery method must be 'home' or 'pickup'" },
)
export type DeliveryChoice = z.infer<typeof DeliveryChoiceSchema>

export const StationSnapshotSchema = z.object({
  id: Id,
  name: z.string(),
  county: z.string(),
  town: z.string(),
  address: z.string(),
  openingHours: z.string(),
})

/** The delivery line of the one quote (DESIGN S2), and of the order once placed. */
export const DeliveryQuoteSchema = z.object({
  method: z.enum(DELIVERY_METHODS),
  zone: z.enum(DELIVERY_ZONES),
  zoneLabel: z.string().describe("e.g. 'Near Nairobi'"),
  county: z.string().nullable().describe('null: a cart quoted before a county was chosen (the highest zone fee)'),
  station: StationSnapshotSchema.nullable().describe('Pickup: the station, as it was when quoted'),
  fee: Kes.describe(
    'The delivery fee: the first parcel at the zone (or station) fee, each further shop at the extra-vendor fee',
  ),
  parcels: z.number().int().describe('One parcel per shop in the order'),
  earliest: z.string().describe('Estimated delivery (pickup: ready to collect) from this date, YYYY-MM-DD'),
  latest: z.string().describe('... to this date'),
})
export type DeliveryQuote = z.infer<typeof DeliveryQuoteSchema>

export const PickupStationSchema = StationSnapshotSchema.extend({
  fee: Kes.describe("The station's fee for the first parcel"),
  zone: z.enum(DELIVERY_ZONES),
  minDays: z.number().int().describe('Ready to collect in this many business days at the earliest'),
  maxDays: z.number().int(),
})
export type PickupStation = z.infer<typeof PickupStationSchema>

export const ZoneFeeSchema = z.object({
  zone: z.enum(DELIVERY_ZONES),
  label: z.string(),
  fee: Kes,
  minDays: z.number().int(),
  maxDays: z.number().int(),
  counties: z.array(z.string()).describe('The counties of the zone'),
})

/** The delivery fees and stations as the information pages and the checkout show them. */
export const DeliveryOptionsSchema = z.object({
  zones: z.array(ZoneFeeSchema),
  extraVendorFee: Kes.describe('Added for each further shop in an order (each ships its own parcel)'),
  pickupExtraDays: z.number().int(),
  stations: z.array(PickupStationSchema).describe('The active pickup stations'),
})
export type DeliveryOptions = z.infer<typeof DeliveryOptionsSchema>

export const StationsQuerySchema = z.object({
  county: CountySchema.optional(),
})

// Admin

const FeeSchema = (label: string) =>
  z
    .number({ error: () => `${label} must be a number` })
    .min(0, `${label} must be from 0 to 100000`)
    .max(100_000, `${label} must be from 0 to 100000`)

export const DeliveryFeesBodySchema = z.strictObject({
  nairobi: FeeSchema('The Nairobi fee'),
  near: FeeSchema('The near-Nairobi fee'),
  rest: FeeSchema('The rest-of-Kenya fee'),
  extraVendor: FeeSchema('The extra-vendor fee'),
})
export type DeliveryFeesBody = z.infer<typeof DeliveryFeesBodySchema>

export const StationBodySchema = z.strictObject({
  name: required('Name', 120),
  county: CountySchema,
  town: required('Town', 80),
  address: required('Address', 200),
  openingHours: required('Opening hours', 120),
  fee: FeeSchema('The fee'),
  active: z.boolean().default(true),
})
export type StationBody = z.infer<typeof StationBodySchema>

export const AdminStationSchema = StationSnapshotSchema.extend({ fee: Kes, active: z.boolean() })
export type AdminStation = z.infer<typeof AdminStationSchema>

export const AdminDeliverySchema = z.object({
  fees: z.object({ nairobi: Kes, near: Kes, rest: Kes, extraVendor: Kes }),
  stations: z.array(AdminStationSchema).describe('Every station, inactive ones too'),
})
export type AdminDelivery = z.infer<typeof AdminDeliverySchema>

// Pickup parcels

export const CollectBodySchema = z.strictObject({
  code: z
    .string({ error: () => 'Enter the collection code' })
    .trim()
    .min(1, 'Enter the collection code')
    .max(20, 'A collection code is 6 letters or digits'),
})

const PartParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
})
const AdminPartParamsSchema = PartParamsSchema.extend({
  partId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
})
const StationIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
})

const tags = ['delivery']
const adminTags = ['admin']

export const deliveryEndpoints = endpoints({
  'GET /api/delivery/options/': {
    summary: 'Delivery fees by zone, the extra-vendor fee and the active pickup stations (optionally of one county)',
    tags,
    query: StationsQuerySchema,
    response: DeliveryOptionsSchema,
    errors: [],
  },
  'GET /api/admin/delivery/': {
    summary: 'The delivery fees and every pickup station',
    tags: adminTags,
    response: AdminDeliverySchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'PUT /api/admin/delivery/fees/': {
    summary: 'Set the home-delivery fee of each zone and the extra-vendor fee (KES)',
    tags: adminTags,
    body: DeliveryFeesBodySchema,
    response: AdminDeliverySchema,
    errors: ['unauthorized', 'forbidden'],
  },
  'POST /api/admin/delivery/stations/': {
    summary: 'Add a pickup station',
    tags: adminTags,
    body: StationBodySchema,
    response: AdminStationSchema,
    status: 201,
    errors: ['unauthorized', 'forbidden'],
  },
  'POST /api/vendor/orders/:id/at-station/': {
    summary: 'Pickup orders: your parcel reached the station (the shopper is emailed the station, code and date)',
    description: 'Ship it first with the carrier `pickup-station`. 409 for a home delivery or a parcel already there.',
    tags: ['vendor'],
    params: PartParamsSchema,
    response: null,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  'POST /api/vendor/orders/:id/collect/': {
    summary: "Pickup orders: hand the parcel over against the order's collection code (it is then received)",
    description: 'A wrong code answers 400 on `code`; too many tries answer 429 for a while (PICKUP_CODE_LIMIT).',
    tags: ['vendor'],
    params: PartParamsSchema,
    body: CollectBodySchema,
    response: null,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict', 'rate_limited'],
  },
  'POST /api/admin/orders/:id/parts/:partId/at-station/': {
    summary: "Pickup orders: a part's parcel reached the station (for a station Soko runs), audited by its collection",
    tags: adminTags,
    params: AdminPartParamsSchema,
    response: null,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  'POST /api/admin/orders/:id/parts/:partId/collect/': {
    summary: "Pickup orders: hand a part's parcel over against the collection code, audited",
    tags: adminTags,
    params: AdminPartParamsSchema,
    body: CollectBodySchema,
    response: null,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict', 'rate_limited'],
  },
  'PUT /api/admin/delivery/stations/:id/': {
    summary: 'Edit a pickup station (active: false takes it off the checkout; orders keep their snapshot)',
    tags: adminTags,
    params: StationIdParamsSchema,
    body: StationBodySchema,
    response: AdminStationSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
})
