import { describe, expect, it } from 'vitest'
import { quoteAmounts } from './checkout.ts'
import { KENYA_COUNTIES } from './counties.ts'
import {
  addBusinessDays,
  COUNTY_ZONES,
  collectByOf,
  collectionCodeFrom,
  type DeliveryFees,
  deliveryDates,
  deliveryFeeCents,
  deliveryWindow,
  homeDeliveryCents,
  normaliseCollectionCode,
  parcelCount,
  pickupDeliveryCents,
  pickupReminderAt,
  type WaitingParcelState,
  waitingParcelState,
  zoneOfCounty,
} from './delivery.ts'

const fees: DeliveryFees = { zoneCents: { nairobi: 30_000, near: 45_000, rest: 60_000 }, extraVendorCents: 20_000 }

describe('zoneOfCounty', () => {
  it('maps every one of the 47 counties to a zone', () => {
    expect(COUNTY_ZONES.size).toBe(47)
    for (const county of KENYA_COUNTIES) expect(zoneOfCounty(county.name)).not.toBeNull()
  })

  it.each([
    ['Nairobi', 'nairobi'],
    ['nairobi city', 'nairobi'],
    ['Kiambu', 'near'],
    ['Machakos', 'near'],
    ['Kajiado', 'near'],
    ["Murang'a", 'near'],
    ['Murang’a', 'near'],
    ['Mombasa', 'rest'],
    ['Kisumu', 'rest'],
    ['Nakuru', 'rest'],
    ['Uasin Gishu', 'rest'],
    ['Turkana', 'rest'],
  ])('%s is in zone %s', (county, zone) => {
    expect(zoneOfCounty(county)).toBe(zone)
  })

  it.each(['', 'Atlantis', 'Kampala', 'Nairobbi'])('refuses %j', (county) => {
    expect(zoneOfCounty(county)).toBeNull()
  })
})

describe('delivery fees', () => {
  it.each([
    // zone, parts, expected cents
    ['nairobi', 0, 0],
    ['nairobi', 1, 30_000],
    ['nairobi', 2, 50_000],
    ['nairobi', 3, 70_000],
    ['near', 1, 45_000],
    ['near', 2, 65_000],
    ['rest', 1, 60_000],
    ['rest', 3, 100_000],
  ] as const)('home to %s with %i parcels costs %i cents', (zone, parts, expected) => {
    expect(homeDeliveryCents(fees, zone, parts)).toBe(expected)
  })

  it.each([
    [25_000, 1, 25_000],
    [25_000, 2, 45_000],
    [0, 1, 0],
    [0, 3, 40_000],
  ])('pickup at a station charging %i with %i parcels costs %i cents', (station, parts, expected) => {
    expect(pickupDeliveryCents(fees, station, parts)).toBe(expected)
  })

  it('with the defaults (every zone 500, no extra-vendor fee) matches the old flat fee', () => {
    const flat: DeliveryFees = { zoneCents: { nairobi: 50_000, near: 50_000, rest: 50_000 }, extraVendorCents: 0 }
    for (const zone of ['nairobi', 'near', 'rest'] as const) {
      for (const parts of [1, 2, 5]) expect(homeDeliveryCents(flat, zone, parts)).toBe(50_000)
    }
  })

  it('refuses a negative or fractional number of parcels', () => {
    expect(() => deliveryFeeCents(100, 0, -1)).toThrow(RangeError)
    expect(() => deliveryFeeCents(100, 0, 1.5)).toThrow(RangeError)
  })

  it('feeds quoteAmounts, which stays the one place totals are computed', () => {
    const lines = [{ unitPriceCents: 100_000, quantity: 1 }]
    const amounts = quoteAmounts(lines, homeDeliveryCents(fees, 'near', 2), 1600)
    expect(amounts).toEqual({
      subtotalCents: 100_000,
      discountCents: 0,
      shippingCents: 65_000,
      vatCents: 16_000,
      totalCents: 181_000,
    })
  })
})

describe('parcelCount', () => {
  it.each([
    [[], 0],
    [[{ businessId: 1, quantity: 2 }], 1],
    [
      [
        { businessId: 1, quantity: 1 },
        { businessId: 1, quantity: 3 },
      ],
      1,
    ],
    [
      [
        { businessId: 1, quantity: 1 },
        { businessId: 2, quantity: 1 },
        { businessId: 3, quantity: 1 },
      ],
      3,
    ],
    [
      [
        { businessId: 1, quantity: 1 },
        { businessId: 2, quantity: 0 },
      ],
      1,
    ],
  ])('%j makes %i parcels', (lines, expected) => {
    expect(parcelCount(lines)).toBe(expected)
  })
})

describe('delivery windows', () => {
  it.each([
    ['home', 'nairobi', 1, 2],
    ['home', 'near', 2, 3],
    ['home', 'rest', 3, 5],
    ['pickup', 'nairobi', 2, 3],
    ['pickup', 'near', 3, 4],
    ['pickup', 'rest', 4, 6],
  ] as const)('%s in %s takes %i to %i business days', (method, zone, min, max) => {
    expect(deliveryWindow(method, zone)).toEqual({ minDays: min, maxDays: max })
  })

  it.each([
    // from (UTC), business days, Kenyan date
    ['2026-11-23T09:00:00Z', 0, '2026-11-23'], // Monday
    ['2026-11-23T09:00:00Z', 1, '2026-11-24'],
    ['2026-11-27T09:00:00Z', 1, '2026-11-30'], // Friday → Monday
    ['2026-11-28T09:00:00Z', 1, '2026-11-30'], // Saturday → Monday
    ['2026-11-29T09:00:00Z', 2, '2026-12-01'], // Sunday → Tuesday
    ['2026-11-23T09:00:00Z', 5, '2026-11-30'],
    ['2026-11-23T22:00:00Z', 1, '2026-11-25'], // 01:00 on Tuesday in Nairobi
  ])('%s plus %i business days is %s', (from, days, expected) => {
    expect(addBusinessDays(new Date(from), days)).toBe(expected)
  })

  it('gives the dates of a window', () => {
    expect(deliveryDates('home', 'rest', new Date('2026-11-27T09:00:00Z'))).toEqual({
      earliest: '2026-12-02',
      latest: '2026-12-04',
    })
  })
})

describe('collection codes', () => {
  it.each([
    [[0, 0, 0, 0, 0, 0], '000000'],
    [[9, 10, 17, 18, 21, 31], '9AHJNZ'],
    [[32, 255, 64, 95, 100, 200], '0Z0Z48'],
  ])('spells %j as %s', (bytes, expected) => {
    expect(collectionCodeFrom(Uint8Array.from(bytes))).toBe(expected)
  })

  it('refuses a wrong number of bytes', () => {
    expect(() => collectionCodeFrom(new Uint8Array(5))).toThrow(RangeError)
  })

  it.each([
    ['9ahjnz', '9AHJNZ'],
    ['9A HJ-NZ', '9AHJNZ'],
    ['O1IL00', '011100'],
  ])('reads %j as %s', (typed, expected) => {
    expect(normaliseCollectionCode(typed)).toBe(expected)
  })
})

describe('a parcel waiting at its station', () => {
  const arrived = new Date('2026-11-02T09:30:00Z')
  const at = (offsetMs: number) => new Date(arrived.getTime() + offsetMs)
  const HOUR = 3_600_000
  const DAY = 24 * HOUR

  it.each([
    [7, '2026-11-09T09:30:00.000Z', '2026-11-08T09:30:00.000Z'],
    [3, '2026-11-05T09:30:00.000Z', '2026-11-04T09:30:00.000Z'],
    [2, '2026-11-04T09:30:00.000Z', '2026-11-03T09:30:00.000Z'],
    // A one-day hold: the reminder is due at once (never before the parcel arrived).
    [1, '2026-11-03T09:30:00.000Z', '2026-11-02T09:30:00.000Z'],
  ])('held %i days: collect by %s, reminded at %s', (holdDays, collectBy, reminder) => {
    expect(collectByOf(arrived, holdDays).toISOString()).toBe(collectBy)
    expect(pickupReminderAt(arrived, holdDays).toISOString()).toBe(reminder)
  })

  it('holds for PICKUP_HOLD_DAYS (7) unless told otherwise', () => {
    expect(collectByOf(arrived).toISOString()).toBe('2026-11-09T09:30:00.000Z')
    expect(pickupReminderAt(arrived).toISOString()).toBe('2026-11-08T09:30:00.000Z')
  })

  it.each([0, -1, 1.5, Number.NaN])('refuses a hold of %s days', (holdDays) => {
    expect(() => collectByOf(arrived, holdDays)).toThrow(RangeError)
    expect(() => waitingParcelState({ arrivedAt: arrived, isCollected: false, now: arrived, holdDays })).toThrow(
      RangeError,
    )
  })

  const cases: [string, Date | null, boolean, Date, WaitingParcelState][] = [
    ['not shipped to the station yet', null, false, at(10 * DAY), 'not_arrived'],
    ['just arrived', arrived, false, arrived, 'waiting'],
    ['a second before the reminder', arrived, false, at(6 * DAY - 1000), 'waiting'],
    ['at the reminder time', arrived, false, at(6 * DAY), 'remind'],
    ['an hour before collect-by', arrived, false, at(7 * DAY - HOUR), 'remind'],
    ['at collect-by', arrived, false, at(7 * DAY), 'past_collect_by'],
    ['a month later', arrived, false, at(30 * DAY), 'past_collect_by'],
    ['collected in time', arrived, true, at(2 * DAY), 'collected'],
    ['collected late', arrived, true, at(9 * DAY), 'collected'],
  ]
  it.each(cases)('%s: %s', (_, arrivedAt, isCollected, now, expected) => {
    expect(waitingParcelState({ arrivedAt, isCollected, now })).toBe(expected)
  })

  it('follows a shorter hold', () => {
    expect(waitingParcelState({ arrivedAt: arrived, isCollected: false, now: at(2 * DAY), holdDays: 3 })).toBe('remind')
    expect(waitingParcelState({ arrivedAt: arrived, isCollected: false, now: at(3 * DAY), holdDays: 3 })).toBe(
      'past_collect_by',
    )
  })
})
