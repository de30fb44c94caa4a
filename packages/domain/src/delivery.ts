import { findCounty, KENYA_COUNTIES } from './counties.ts'
import type { Cents } from './money.ts'

/**
 * Delivery (specification issue 20; decision record "delivery options"): home delivery priced by the destination
 * county's zone, or collection at a pickup station; each vendor's part ships as its own parcel.
 */

export const DELIVERY_METHODS = ['home', 'pickup'] as const
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number]

export const DELIVERY_ZONES = ['nairobi', 'near', 'rest'] as const
export type DeliveryZone = (typeof DELIVERY_ZONES)[number]

export const DELIVERY_ZONE_LABELS: Record<DeliveryZone, string> = {
  nairobi: 'Nairobi',
  near: 'Near Nairobi',
  rest: 'Rest of Kenya',
}

/**
 * The counties near Nairobi: the three that border it (Kiambu, Machakos, Kajiado) and Murang'a, whose towns are
 * within about 100 km of the city by road. Every other county but Nairobi is "rest of Kenya".
 */
const NEAR_NAIROBI = new Set(['Kiambu', 'Machakos', 'Kajiado', "Murang'a"])

/** The zone of each of the 47 counties, by the county's name as `KENYA_COUNTIES` spells it. */
export const COUNTY_ZONES: ReadonlyMap<string, DeliveryZone> = new Map(
  KENYA_COUNTIES.map((county) => [
    county.name,
    county.name === 'Nairobi' ? 'nairobi' : NEAR_NAIROBI.has(county.name) ? 'near' : 'rest',
  ]),
)

/** The zone of a county however it is spelt ("nairobi city", "Murang’a"), or null for a name that is no county. */
export function zoneOfCounty(county: string): DeliveryZone | null {
  const found = findCounty(county)
  return found ? (COUNTY_ZONES.get(found.name) ?? null) : null
}

/** What the operator sets: the home-delivery fee of each zone and the fee for each further vendor's parcel. */
export interface DeliveryFees {
  zoneCents: Record<DeliveryZone, Cents>
  extraVendorCents: Cents
}

/**
 * The delivery fee of an order with `parts` vendor parts: the first parcel at `baseCents` (the zone's fee for home
 * delivery, the station's fee for pickup), each further parcel at the extra-vendor fee. A pickup station handles one
 * parcel per vendor just as a rider does, so the extra-vendor fee applies to both methods. No parts, no fee.
 */
export function deliveryFeeCents(baseCents: Cents, extraVendorCents: Cents, parts: number): Cents {
  if (!Number.isInteger(parts) || parts < 0) throw new RangeError('parts must be a whole number ≥ 0')
  if (parts === 0) return 0
  return baseCents + extraVendorCents * (parts - 1)
}

/** The fee of home delivery to `zone`. */
export function homeDeliveryCents(fees: DeliveryFees, zone: DeliveryZone, parts: number): Cents {
  return deliveryFeeCents(fees.zoneCents[zone], fees.extraVendorCents, parts)
}

/** The fee of collection at a station whose own fee is `stationCents`. */
export function pickupDeliveryCents(fees: DeliveryFees, stationCents: Cents, parts: number): Cents {
  return deliveryFeeCents(stationCents, fees.extraVendorCents, parts)
}

/** How many vendor parts (parcels) a set of lines makes: one per business with something bought. */
export function parcelCount(lines: readonly { businessId: number; quantity: number }[]): number {
  return new Set(lines.filter((line) => line.quantity > 0).map((line) => line.businessId)).size
}

/** The estimated delivery window in business days after the order is placed. */
export interface BusinessDayWindow {
  minDays: number
  maxDays: number
}

/** Home delivery: Nairobi 1–2 business days, near Nairobi 2–3, the rest of Kenya 3–5. */
export const HOME_WINDOWS: Record<DeliveryZone, BusinessDayWindow> = {
  nairobi: { minDays: 1, maxDays: 2 },
  near: { minDays: 2, maxDays: 3 },
  rest: { minDays: 3, maxDays: 5 },
}

/** A pickup station takes a day more than home delivery to its county's zone (the parcel is sorted and shelved). */
export const PICKUP_EXTRA_DAYS = 1

export function deliveryWindow(method: DeliveryMethod, zone: DeliveryZone): BusinessDayWindow {
  const home = HOME_WINDOWS[zone]
  const extra = method === 'pickup' ? PICKUP_EXTRA_DAYS : 0
  return { minDays: home.minDays + extra, maxDays: home.maxDays + extra }
}

/**
 * The calendar date (YYYY-MM-DD) `days` business days (Monday to Friday) after `from`'s date. Dates are counted in
 * Kenya's time (UTC+3 all year); public holidays are not skipped, so the window is an estimate.
 */
export function addBusinessDays(from: Date, days: number): string {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a whole number ≥ 0')
  const date = new Date(from.getTime() + 3 * 3_600_000)
  date.setUTCHours(12, 0, 0, 0)
  let left = days
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1)
    const weekday = date.getUTCDay()
    if (weekday !== 0 && weekday !== 6) left -= 1
  }
  return date.toISOString().slice(0, 10)
}

/** The estimated window as two dates, for an order placed at `placedAt`. */
export function deliveryDates(
  method: DeliveryMethod,
  zone: DeliveryZone,
  placedAt: Date,
): { earliest: string; latest: string } {
  const window = deliveryWindow(method, zone)
  return { earliest: addBusinessDays(placedAt, window.minDays), latest: addBusinessDays(placedAt, window.maxDays) }
}

/** Days a parcel waits at a pickup station for its shopper after it arrives. */
export const PICKUP_HOLD_DAYS = 7

/** The shopper is reminded this long before a waiting parcel's collect-by time. */
export const PICKUP_REMINDER_BEFORE_MS = 86_400_000

const DAY_MS = 86_400_000

function requireHoldDays(holdDays: number): void {
  if (!Number.isInteger(holdDays) || holdDays < 1) throw new RangeError('holdDays must be a whole number ≥ 1')
}

/** When a parcel that reached its station at `arrivedAt` must be collected by: `holdDays` whole days later. */
export function collectByOf(arrivedAt: Date, holdDays: number = PICKUP_HOLD_DAYS): Date {
  requireHoldDays(holdDays)
  return new Date(arrivedAt.getTime() + holdDays * DAY_MS)
}

/**
 * When the shopper is reminded of a parcel still waiting: a day before its collect-by time, and never before it
 * arrived (a one-day hold is reminded of at once: the arrival email is the only notice it can have).
 */
export function pickupReminderAt(arrivedAt: Date, holdDays: number = PICKUP_HOLD_DAYS): Date {
  const at = collectByOf(arrivedAt, holdDays).getTime() - PICKUP_REMINDER_BEFORE_MS
  return new Date(Math.max(at, arrivedAt.getTime()))
}

/**
 * Where a pickup parcel stands at `now`: not at the station yet, waiting there (`remind` from the reminder time),
 * `past_collect_by` once its collect-by time has come and it is still there, or collected. Nothing here cancels:
 * past collect-by, the shop arranges its return (decision record "delivery options").
 */
export type WaitingParcelState = 'not_arrived' | 'waiting' | 'remind' | 'past_collect_by' | 'collected'

export function waitingParcelState(parcel: {
  arrivedAt: Date | null
  isCollected: boolean
  now: Date
  holdDays?: number
}): WaitingParcelState {
  const holdDays = parcel.holdDays ?? PICKUP_HOLD_DAYS
  requireHoldDays(holdDays)
  if (parcel.isCollected) return 'collected'
  if (!parcel.arrivedAt) return 'not_arrived'
  const now = parcel.now.getTime()
  if (now >= collectByOf(parcel.arrivedAt, holdDays).getTime()) return 'past_collect_by'
  if (now >= pickupReminderAt(parcel.arrivedAt, holdDays).getTime()) return 'remind'
  return 'waiting'
}

/** Characters of a collection code: Crockford's base 32 (no I, L, O, U), read aloud at a counter without confusion. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const COLLECTION_CODE_LENGTH = 6

/** A collection code from six random bytes the caller draws: 32^6 ≈ 1 billion codes, each byte one character. */
export function collectionCodeFrom(bytes: Uint8Array): string {
  if (bytes.length !== COLLECTION_CODE_LENGTH) {
    throw new RangeError(`a collection code takes ${COLLECTION_CODE_LENGTH} bytes`)
  }
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % 32]).join('')
}

/** A code as typed at the counter ("ab 12-cd") in its stored form, letters read as the digits they look like. */
export function normaliseCollectionCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0')
}

/** A pickup station as an order keeps it: what the shopper needs to find it, as it was when the order was placed. */
export interface StationSnapshot {
  id: number
  name: string
  county: string
  town: string
  address: string
  openingHours: string
}

/** How an order is delivered, as priced when it was placed (the order keeps it whatever the admin changes later). */
export interface DeliverySnapshot {
  method: DeliveryMethod
  zone: DeliveryZone
  /** The county delivered to: the address's county, or the station's (null: a cart quoted before one is chosen). */
  county: string | null
  station: StationSnapshot | null
  feeCents: Cents
  parcels: number
  /** The estimated window, as Kenyan dates (YYYY-MM-DD). */
  earliest: string
  latest: string
}
