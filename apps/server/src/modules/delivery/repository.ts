import type { Db } from '@soko/db/client'
import { deliverySettings, pickupStations } from '@soko/db/schema/delivery'
import { and, asc, eq, sql } from 'drizzle-orm'

// SQL of the delivery module: it owns the delivery_settings and pickup_stations tables.

export interface FeesRow {
  nairobiCents: number
  nearCents: number
  restCents: number
  extraVendorCents: number
}

export interface StationRow {
  id: number
  name: string
  county: string
  town: string
  address: string
  openingHours: string
  feeCents: number
  active: boolean
}

export interface StationInput {
  name: string
  county: string
  town: string
  address: string
  openingHours: string
  feeCents: number
  active: boolean
}

const stationColumns = {
  id: pickupStations.id,
  name: pickupStations.name,
  county: pickupStations.county,
  town: pickupStations.town,
  address: pickupStations.address,
  openingHours: pickupStations.openingHours,
  feeCents: pickupStations.feeCents,
  active: pickupStations.active,
}

/** The fees the admin set, or null while the configuration's defaults apply. */
export async function fees(db: Db): Promise<FeesRow | null> {
  const [row] = await db
    .select({
      nairobiCents: deliverySettings.nairobiCents,
      nearCents: deliverySettings.nearCents,
      restCents: deliverySettings.restCents,
      extraVendorCents: deliverySettings.extraVendorCents,
    })
    .from(deliverySettings)
    .where(eq(deliverySettings.id, 1))
  return row ?? null
}

export async function saveFees(db: Db, row: FeesRow): Promise<void> {
  await db
    .insert(deliverySettings)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: deliverySettings.id, set: { ...row, updatedAt: sql`now()` } })
}

/** Stations by county and name; only the active ones unless `all`. */
export function stations(db: Db, filter: { county?: string; all?: boolean }): Promise<StationRow[]> {
  return db
    .select(stationColumns)
    .from(pickupStations)
    .where(
      and(
        filter.all ? undefined : eq(pickupStations.active, true),
        filter.county === undefined ? undefined : eq(pickupStations.county, filter.county),
      ),
    )
    .orderBy(asc(pickupStations.county), asc(pickupStations.name), asc(pickupStations.id))
}

export async function station(db: Db, id: number): Promise<StationRow | null> {
  const [row] = await db.select(stationColumns).from(pickupStations).where(eq(pickupStations.id, id))
  return row ?? null
}

export async function insertStation(db: Db, input: StationInput): Promise<number> {
  const [row] = await db.insert(pickupStations).values(input).returning({ id: pickupStations.id })
  if (!row) throw new Error('pickup station insert returned nothing')
  return row.id
}

export async function updateStation(db: Db, id: number, input: StationInput): Promise<boolean> {
  const rows = await db
    .update(pickupStations)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(pickupStations.id, id))
    .returning({ id: pickupStations.id })
  return rows.length > 0
}
