import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns.ts'

// Delivery (the delivery module): the fees the operator sets and the pickup stations the admin manages.

/**
 * The delivery fees, one row (id 1) once the admin has changed them; before that the configuration's defaults
 * (SHIPPING_FEE_KES for every zone, DELIVERY_EXTRA_VENDOR_FEE_KES) apply. Cents.
 */
export const deliverySettings = pgTable(
  'delivery_settings',
  {
    id: integer('id').primaryKey(),
    nairobiCents: integer('nairobi_cents').notNull(),
    nearCents: integer('near_cents').notNull(),
    restCents: integer('rest_cents').notNull(),
    extraVendorCents: integer('extra_vendor_cents').notNull(),
    updatedAt,
  },
  (t) => [
    check('delivery_settings_one_row', sql`${t.id} = 1`),
    check(
      'delivery_settings_fees_not_negative',
      sql`${t.nairobiCents} >= 0 and ${t.nearCents} >= 0 and ${t.restCents} >= 0 and ${t.extraVendorCents} >= 0`,
    ),
  ],
)

/** A place where shoppers collect their parcels: listed at checkout by county while active. */
export const pickupStations = pgTable(
  'pickup_stations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** One of the 47 counties, as `KENYA_COUNTIES` spells it. */
    county: text('county').notNull(),
    town: text('town').notNull(),
    address: text('address').notNull(),
    openingHours: text('opening_hours').notNull(),
    feeCents: integer('fee_cents').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('pickup_stations_county_idx').on(t.county, t.name),
    check('pickup_stations_fee_not_negative', sql`${t.feeCents} >= 0`),
  ],
)
