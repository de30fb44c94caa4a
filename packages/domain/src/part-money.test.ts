import { describe, expect, it } from 'vitest'
import {
  commissionBackCents,
  NOTHING_REFUNDED,
  partShares,
  refundedSoFar,
  refundLeft,
  refundTotal,
  releasableCents,
  splitProportionally,
} from './part-money.ts'

describe('splitProportionally', () => {
  const cases: [number, number[], number[]][] = [
    [50_000, [100_000, 100_000], [25_000, 25_000]],
    [50_000, [100_000, 200_000], [16_667, 33_333]],
    [1, [1, 1], [1, 0]],
    [1, [1, 2], [0, 1]],
    [10, [1, 1, 1], [4, 3, 3]],
    [-1, [5, 5], [-1, 0]],
    [-49, [1, 2, 3], [-8, -16, -25]],
    [0, [3, 4], [0, 0]],
    [7, [0, 0], [4, 3]],
    [100, [0, 5], [0, 100]],
    [99_999, [12_345, 67_890, 1], [15_386, 84_612, 1]],
  ]
  it.each(cases)('%i over %j is %j, adding up exactly', (amount, weights, expected) => {
    const shares = splitProportionally(amount, weights)
    expect(shares).toEqual(expected)
    expect(shares.reduce((sum, cents) => sum + cents, 0)).toBe(amount)
  })

  it('refuses an amount with nowhere to go and weights that are not whole', () => {
    expect(() => splitProportionally(5, [])).toThrow(RangeError)
    expect(() => splitProportionally(5, [1.5])).toThrow(RangeError)
    expect(() => splitProportionally(5, [-1, 2])).toThrow(RangeError)
  })
})

describe('partShares', () => {
  it('splits delivery and VAT by the parts’ goods, adding up to the order’s', () => {
    const shares = partShares({ shippingCents: 30_000, vatCents: 48_000 }, [
      { id: 1, subtotalCents: 100_000 },
      { id: 2, subtotalCents: 200_000 },
    ])
    expect(shares.get(1)).toEqual({
      goodsCents: 100_000,
      deliveryCents: 10_000,
      vatCents: 16_000,
      discountCents: 0,
      paidCents: 126_000,
    })
    expect(shares.get(2)).toMatchObject({ goodsCents: 200_000, deliveryCents: 20_000, paidCents: 252_000 })
  })

  it("takes a part's share of a marketplace voucher off what was paid for it (decision 0023)", () => {
    const shares = partShares({ shippingCents: 30_000, vatCents: 43_200 }, [
      { id: 1, subtotalCents: 100_000, marketplaceDiscountCents: 10_000 },
      { id: 2, subtotalCents: 200_000, marketplaceDiscountCents: 20_000 },
    ])
    expect(shares.get(1)).toMatchObject({ goodsCents: 100_000, discountCents: 10_000, paidCents: 114_400 })
    expect(shares.get(2)).toMatchObject({ goodsCents: 200_000, discountCents: 20_000, paidCents: 228_800 })
  })

  const orders: [string, number, number, number[]][] = [
    ['odd cents', 50_000, 16_001, [333, 333, 334]],
    ['one part', 50_000, 160, [1_000]],
    ['free delivery', 0, 5, [1, 1]],
    ['VAT rounded below zero', 50_000, -1, [101]],
    ['VAT below zero, two parts', 0, -49, [150, 151]],
    ['many parts', 49_999, 99_999, [1, 7, 99, 12_345, 67_890]],
  ]
  it.each(orders)('%s: the shares add up to what was paid', (_name, shippingCents, vatCents, subtotals) => {
    const parts = subtotals.map((subtotalCents, index) => ({ id: index + 1, subtotalCents }))
    const shares = [...partShares({ shippingCents, vatCents }, parts).values()]
    expect(shares.reduce((sum, share) => sum + share.deliveryCents, 0)).toBe(shippingCents)
    expect(shares.reduce((sum, share) => sum + share.vatCents, 0)).toBe(vatCents)
    const goods = subtotals.reduce((sum, cents) => sum + cents, 0)
    expect(shares.reduce((sum, share) => sum + share.paidCents, 0)).toBe(goods + shippingCents + vatCents)
  })
})

describe('refundLeft', () => {
  const share = { goodsCents: 100_000, deliveryCents: 25_000, vatCents: 16_000, paidCents: 141_000 }
  const cases: [
    string,
    Partial<typeof NOTHING_REFUNDED>,
    { goodsCents: number; deliveryCents: number; vatCents: number },
  ][] = [
    ['nothing refunded yet', {}, { goodsCents: 100_000, deliveryCents: 25_000, vatCents: 16_000 }],
    ['a return of some goods', { goodsCents: 30_000 }, { goodsCents: 70_000, deliveryCents: 25_000, vatCents: 16_000 }],
    [
      'all of it',
      { goodsCents: 100_000, deliveryCents: 25_000, vatCents: 16_000 },
      { goodsCents: 0, deliveryCents: 0, vatCents: 0 },
    ],
    [
      'earlier goodwill shrinks delivery first',
      { goodsCents: 90_000, marketplaceCents: 30_000 },
      { goodsCents: 10_000, deliveryCents: 0, vatCents: 11_000 },
    ],
  ]
  it.each(cases)('%s', (_name, before, expected) => {
    const left = refundLeft(share, { ...NOTHING_REFUNDED, ...before })
    expect(left).toEqual(expected)
    expect(refundTotal({ ...left, marketplaceCents: 0 })).toBeLessThanOrEqual(
      share.paidCents - refundTotal({ ...NOTHING_REFUNDED, ...before }),
    )
  })

  it('gives back a VAT below zero once', () => {
    const negative = { goodsCents: 101, deliveryCents: 0, vatCents: -1, paidCents: 100 }
    expect(refundLeft(negative, NOTHING_REFUNDED)).toEqual({ goodsCents: 101, deliveryCents: 0, vatCents: -1 })
    expect(refundLeft(negative, { ...NOTHING_REFUNDED, goodsCents: 101, vatCents: -1 })).toEqual({
      goodsCents: 0,
      deliveryCents: 0,
      vatCents: 0,
    })
  })

  it('sums earlier refunds', () => {
    const one = { goodsCents: 1, deliveryCents: 2, vatCents: 3, marketplaceCents: 4, commissionCents: 5 }
    expect(refundedSoFar([one, one])).toEqual({
      goodsCents: 2,
      deliveryCents: 4,
      vatCents: 6,
      marketplaceCents: 8,
      commissionCents: 10,
    })
    expect(refundedSoFar([])).toEqual(NOTHING_REFUNDED)
  })
})

describe('commissionBackCents', () => {
  // commission, subtotal, goods before, commission before, goods now → commission back
  const cases: [number, number, number, number, number, number][] = [
    [10_000, 100_000, 0, 0, 100_000, 10_000],
    [10_000, 100_000, 0, 0, 30_000, 3_000],
    [10_000, 100_000, 30_000, 3_000, 70_000, 7_000],
    [1, 3, 0, 0, 1, 0], // 0.33 rounds down
    [1, 2, 0, 0, 1, 1], // a half rounds up
    [1, 2, 1, 1, 1, 0], // ...and the rest of the part gives back nothing more
    [1_000, 3_000, 0, 0, 1_000, 333],
    [1_000, 3_000, 1_000, 333, 1_000, 334], // 666.67 → 667 so far
    [1_000, 3_000, 2_000, 667, 1_000, 333], // all of it: exactly the commission
    [0, 5_000, 0, 0, 5_000, 0],
    [500, 0, 0, 0, 0, 0],
    [999, 9_999, 0, 0, 0, 0],
  ]
  it.each(cases)('commission %i on %i, %i refunded before (%i back), %i now → %i', (c, s, gb, cb, g, expected) => {
    expect(
      commissionBackCents({
        commissionCents: c,
        subtotalCents: s,
        goodsRefundedBeforeCents: gb,
        commissionReturnedBeforeCents: cb,
        goodsCents: g,
      }),
    ).toBe(expected)
  })

  it('a part refunded in any number of pieces gives back exactly its commission', () => {
    for (const pieces of [1, 2, 3, 7]) {
      const subtotal = 12_345
      const commission = 1_235
      const sizes = Array.from(
        { length: pieces },
        (_, i) => Math.floor(subtotal / pieces) + (i < subtotal % pieces ? 1 : 0),
      )
      let goodsBefore = 0
      let back = 0
      for (const goods of sizes) {
        back += commissionBackCents({
          commissionCents: commission,
          subtotalCents: subtotal,
          goodsRefundedBeforeCents: goodsBefore,
          commissionReturnedBeforeCents: back,
          goodsCents: goods,
        })
        goodsBefore += goods
      }
      expect(back).toBe(commission)
    }
  })

  it('refuses more goods than the part had', () => {
    const event = {
      commissionCents: 10,
      subtotalCents: 100,
      goodsRefundedBeforeCents: 60,
      commissionReturnedBeforeCents: 6,
      goodsCents: 41,
    }
    expect(() => commissionBackCents(event)).toThrow(RangeError)
    expect(() => commissionBackCents({ ...event, goodsCents: -1 })).toThrow(RangeError)
  })
})

describe('releasableCents', () => {
  const cases: [string, number, number, { goodsCents: number; commissionCents: number }[], number][] = [
    ['nothing refunded', 100_000, 10_000, [], 90_000],
    ['a return refunded before release', 100_000, 10_000, [{ goodsCents: 30_000, commissionCents: 3_000 }], 63_000],
    [
      'two returns',
      100_000,
      10_000,
      [
        { goodsCents: 30_000, commissionCents: 3_000 },
        { goodsCents: 70_000, commissionCents: 7_000 },
      ],
      0,
    ],
    ['a partial award (goods below the return)', 5_000, 500, [{ goodsCents: 1_000, commissionCents: 100 }], 3_600],
    ['no commission', 5_000, 0, [], 5_000],
  ]
  it.each(cases)('%s', (_name, subtotalCents, commissionCents, refunds, expected) => {
    expect(releasableCents({ subtotalCents, commissionCents, refunds })).toBe(expected)
  })
})
