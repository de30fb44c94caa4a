import { describe, expect, it } from 'vitest'
import {
  countdown,
  type FlashSaleState,
  flashSaleProblems,
  flashSaleState,
  formatCountdown,
  linePrice,
  saleMissMessage,
  soldPercent,
  unitsLeft,
} from './flash-sales.ts'

const at = (iso: string) => new Date(iso)
const start = at('2026-11-25T09:00:00Z')
const end = at('2026-11-25T12:00:00Z')

describe('flashSaleState', () => {
  it.each([
    ['before the start', '2026-11-25T08:59:59Z', 0, null, 'scheduled'],
    ['at the start', '2026-11-25T09:00:00Z', 0, null, 'running'],
    ['running with units left', '2026-11-25T10:00:00Z', 9, null, 'running'],
    ['every unit sold', '2026-11-25T10:00:00Z', 10, null, 'sold_out'],
    ['at the end', '2026-11-25T12:00:00Z', 3, null, 'ended'],
    ['after the end, sold out', '2026-11-25T13:00:00Z', 10, null, 'ended'],
    ['cancelled while running', '2026-11-25T10:00:00Z', 2, '2026-11-25T09:30:00Z', 'cancelled'],
    ['cancelled before it started', '2026-11-25T08:00:00Z', 0, '2026-11-25T07:00:00Z', 'cancelled'],
  ] as const)('%s', (_name, now, soldCount, cancelled, state: FlashSaleState) => {
    const sale = {
      startsAt: start,
      endsAt: end,
      quantity: 10,
      soldCount,
      cancelledAt: cancelled ? at(cancelled) : null,
    }
    expect(flashSaleState(sale, at(now))).toBe(state)
  })

  it('never counts units left below zero', () => {
    expect(unitsLeft({ quantity: 5, soldCount: 7 })).toBe(0)
    expect(unitsLeft({ quantity: 5, soldCount: 2 })).toBe(3)
  })
})

describe('flashSaleProblems', () => {
  const now = at('2026-11-25T08:00:00Z')
  const good = { salePriceCents: 80_000, quantity: 10, perOrderLimit: 2, startsAt: start, endsAt: end }
  const other = (from: string, until: string, cancelled = false) => ({
    startsAt: at(from),
    endsAt: at(until),
    cancelledAt: cancelled ? at('2026-11-24T00:00:00Z') : null,
  })
  it.each([
    ['a good schedule', {}, [], {}],
    ['sale price zero', { salePriceCents: 0 }, [], { sale_price: 'Sale price must be above zero' }],
    ['sale price negative', { salePriceCents: -100 }, [], { sale_price: 'Sale price must be above zero' }],
    [
      'sale price equal to the price',
      { salePriceCents: 100_000 },
      [],
      { sale_price: "Sale price must be below the product's price (KSh 1,000)" },
    ],
    [
      'sale price above the price',
      { salePriceCents: 150_000 },
      [],
      { sale_price: "Sale price must be below the product's price (KSh 1,000)" },
    ],
    [
      'quantity zero',
      { quantity: 0 },
      [],
      { quantity: 'Quantity must be at least 1', per_order_limit: expect.any(String) },
    ],
    ['per-order limit zero', { perOrderLimit: 0 }, [], { per_order_limit: 'Per-order limit must be at least 1' }],
    [
      'per-order limit above the quantity',
      { perOrderLimit: 11 },
      [],
      { per_order_limit: 'Per-order limit cannot be more than the quantity on sale' },
    ],
    ['end before start', { endsAt: at('2026-11-25T08:30:00Z') }, [], { ends_at: 'End must be after start' }],
    ['end equal to start', { endsAt: start }, [], { ends_at: 'End must be after start' }],
    [
      'already over',
      { startsAt: at('2026-11-25T06:00:00Z'), endsAt: at('2026-11-25T07:00:00Z') },
      [],
      { ends_at: 'End must be in the future' },
    ],
    ['a start in the past is allowed (starts at once)', { startsAt: at('2026-11-25T07:00:00Z') }, [], {}],
    [
      'overlapping another sale',
      {},
      [other('2026-11-25T11:00:00Z', '2026-11-25T14:00:00Z')],
      { starts_at: 'This product already has a flash sale at that time' },
    ],
    [
      'inside another sale',
      {},
      [other('2026-11-25T08:00:00Z', '2026-11-25T13:00:00Z')],
      { starts_at: 'This product already has a flash sale at that time' },
    ],
    ['touching another sale end to start', {}, [other('2026-11-25T12:00:00Z', '2026-11-25T14:00:00Z')], {}],
    ['overlapping a cancelled sale', {}, [other('2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z', true)], {}],
  ] as const)('%s', (_name, change, others, problems) => {
    expect(flashSaleProblems({ ...good, ...change }, { priceCents: 100_000, others, now })).toEqual(problems)
  })
})

describe('linePrice (all or nothing)', () => {
  const offer = { salePriceCents: 800, unitsLeft: 3, perOrderLimit: 2 }
  it.each([
    ['no sale', 1, null, { onSale: false, unitPriceCents: 1000, miss: null }],
    ['one unit on sale', 1, offer, { onSale: true, unitPriceCents: 800 }],
    ['exactly the per-order limit', 2, offer, { onSale: true, unitPriceCents: 800 }],
    ['over the per-order limit', 3, offer, { onSale: false, unitPriceCents: 1000, miss: 'over_limit' }],
    [
      'more than the units left',
      2,
      { ...offer, unitsLeft: 1 },
      { onSale: false, unitPriceCents: 1000, miss: 'not_enough_left' },
    ],
    ['sold out', 1, { ...offer, unitsLeft: 0 }, { onSale: false, unitPriceCents: 1000, miss: null }],
  ] as const)('%s', (_name, quantity, saleOffer, price) => {
    expect(linePrice(1000, quantity, saleOffer)).toEqual(price)
  })

  it('explains a miss', () => {
    expect(saleMissMessage('Kikoi', 'over_limit', offer)).toContain('up to 2 per order')
    expect(saleMissMessage('Kikoi', 'not_enough_left', offer)).toContain('Only 3 left')
  })
})

describe('countdown', () => {
  it.each([
    [
      'three hours',
      '2026-11-25T09:00:00Z',
      { totalSeconds: 10_800, days: 0, hours: 3, minutes: 0, seconds: 0 },
      '03:00:00',
    ],
    ['a second', '2026-11-25T11:59:59Z', { totalSeconds: 1, days: 0, hours: 0, minutes: 0, seconds: 1 }, '00:00:01'],
    [
      'over a day',
      '2026-11-24T08:48:55Z',
      { totalSeconds: 97_865, days: 1, hours: 3, minutes: 11, seconds: 5 },
      '1d 03:11:05',
    ],
    [
      'past the end',
      '2026-11-25T13:00:00Z',
      { totalSeconds: 0, days: 0, hours: 0, minutes: 0, seconds: 0 },
      '00:00:00',
    ],
  ] as const)('%s', (_name, now, expected, text) => {
    const left = countdown(end, at(now))
    expect(left).toEqual(expected)
    expect(formatCountdown(left)).toBe(text)
  })

  it('measures the units-left bar', () => {
    expect(soldPercent({ quantity: 10, soldCount: 3 })).toBe(30)
    expect(soldPercent({ quantity: 10, soldCount: 12 })).toBe(100)
  })
})
