import { describe, expect, it } from 'vitest'
import {
  describeVoucher,
  discountOn,
  evaluateVoucher,
  normaliseVoucherCode,
  type Voucher,
  type VoucherLine,
  type VoucherRefusal,
  voucherRuleProblem,
} from './vouchers.ts'

const NOW = new Date('2026-06-15T12:00:00Z')

const voucher = (over: Partial<Voucher> = {}): Voucher => ({
  code: 'KARIBU10',
  funderVendorId: null,
  kind: 'percent',
  value: 10,
  maxDiscountCents: null,
  minSpendCents: 0,
  maxUses: null,
  maxUsesPerCustomer: null,
  startsAt: null,
  endsAt: null,
  categoryIds: [],
  vendorIds: [],
  active: true,
  ...over,
})

// Vendor 1 sells a phone (category 10 under 1) and a case (11 under 1); vendor 2 a kettle (20 under 2).
const phone: VoucherLine = { vendorId: 1, categoryPath: [1, 10], amountCents: 2_000_000 }
const phoneCase: VoucherLine = { vendorId: 1, categoryPath: [1, 11], amountCents: 100_000 }
const kettle: VoucherLine = { vendorId: 2, categoryPath: [2, 20], amountCents: 300_000 }
const cart = [phone, phoneCase, kettle]
const fresh = { usedTotal: 0, usedByCustomer: 0 }

describe('evaluateVoucher: applied', () => {
  it.each([
    [
      '10 % of the whole cart, split pro rata',
      voucher(),
      cart,
      240_000,
      [
        { vendorId: 1, cents: 210_000 },
        { vendorId: 2, cents: 30_000 },
      ],
    ],
    [
      'a fixed KSh 500 across two shops, exact cents',
      voucher({ kind: 'fixed', value: 50_000 }),
      cart,
      50_000,
      [
        { vendorId: 1, cents: 43_750 },
        { vendorId: 2, cents: 6_250 },
      ],
    ],
    [
      'a fixed amount odd cents split by largest remainder',
      voucher({ kind: 'fixed', value: 101 }),
      [
        { ...phoneCase, amountCents: 100_000 },
        { ...kettle, amountCents: 100_000 },
      ],
      101,
      [
        { vendorId: 1, cents: 51 },
        { vendorId: 2, cents: 50 },
      ],
    ],
    [
      "a vendor's own voucher: only its lines",
      voucher({ funderVendorId: 2 }),
      cart,
      30_000,
      [{ vendorId: 2, cents: 30_000 }],
    ],
    [
      'restricted to a parent category: its subcategories count',
      voucher({ categoryIds: [1] }),
      cart,
      210_000,
      [{ vendorId: 1, cents: 210_000 }],
    ],
    ['restricted to a leaf category', voucher({ categoryIds: [11] }), cart, 10_000, [{ vendorId: 1, cents: 10_000 }]],
    ['restricted to a vendor', voucher({ vendorIds: [2] }), cart, 30_000, [{ vendorId: 2, cents: 30_000 }]],
    [
      'a fixed amount capped at the eligible goods',
      voucher({ kind: 'fixed', value: 500_000, vendorIds: [2] }),
      cart,
      300_000,
      [{ vendorId: 2, cents: 300_000 }],
    ],
    [
      '100 % of everything leaves KSh 1 to pay',
      voucher({ value: 100 }),
      [kettle],
      299_900,
      [{ vendorId: 2, cents: 299_900 }],
    ],
    [
      'percent rounded half up to the cent',
      voucher({ value: 15 }),
      [{ ...kettle, amountCents: 333 }],
      50,
      [{ vendorId: 2, cents: 50 }],
    ],
    [
      'minimum spend met exactly',
      voucher({ minSpendCents: 300_000, vendorIds: [2] }),
      cart,
      30_000,
      [{ vendorId: 2, cents: 30_000 }],
    ],
    [
      'inside its window',
      voucher({ startsAt: new Date('2026-06-01'), endsAt: new Date('2026-07-01') }),
      [kettle],
      30_000,
      [{ vendorId: 2, cents: 30_000 }],
    ],
    ['uses left', voucher({ maxUses: 5, maxUsesPerCustomer: 2 }), [kettle], 30_000, [{ vendorId: 2, cents: 30_000 }]],
  ] as const)('%s', (_name, v, lines, discountCents, shares) => {
    const usage = _name === 'uses left' ? { usedTotal: 4, usedByCustomer: 1 } : fresh
    const outcome = evaluateVoucher(v, lines, usage, NOW)
    expect(outcome).toMatchObject({ ok: true, discountCents, shares })
    if (outcome.ok) expect(outcome.shares.reduce((sum, share) => sum + share.cents, 0)).toBe(discountCents)
  })
})

describe('evaluateVoucher: refused, with the reason in words', () => {
  it.each([
    ['disabled', voucher({ active: false }), cart, fresh, 'disabled', 'no longer valid'],
    [
      'not started',
      voucher({ startsAt: new Date('2026-07-01T00:00:00Z') }),
      cart,
      fresh,
      'not_started',
      'can be used from 2026-07-01',
    ],
    ['expired', voucher({ endsAt: new Date('2026-06-01T00:00:00Z') }), cart, fresh, 'expired', 'expired on 2026-06-01'],
    ['ends the very moment', voucher({ endsAt: NOW }), cart, fresh, 'expired', 'expired'],
    ['used up', voucher({ maxUses: 5 }), cart, { usedTotal: 5, usedByCustomer: 0 }, 'used_up', 'used up'],
    [
      'already used by you',
      voucher({ maxUsesPerCustomer: 1 }),
      cart,
      { usedTotal: 1, usedByCustomer: 1 },
      'already_used',
      'already used',
    ],
    [
      'not for these items (category)',
      voucher({ categoryIds: [99] }),
      cart,
      fresh,
      'not_for_these_items',
      'not for the items',
    ],
    [
      "not for these items (another vendor's voucher)",
      voucher({ funderVendorId: 3 }),
      cart,
      fresh,
      'not_for_these_items',
      'not for the items',
    ],
    ['an empty cart', voucher(), [], fresh, 'not_for_these_items', 'not for the items'],
    [
      'minimum spend not met, with the amount missing',
      voucher({ minSpendCents: 500_000, vendorIds: [2] }),
      cart,
      fresh,
      'minimum_spend',
      'add KSh 2,000 more',
    ],
  ] as const)('%s', (_name, v, lines, usage, reason: VoucherRefusal, words) => {
    const outcome = evaluateVoucher(v, lines, usage, NOW)
    expect(outcome).toMatchObject({ ok: false, reason })
    if (!outcome.ok) {
      expect(outcome.message).toContain(words)
      expect(outcome.message).toContain('KARIBU10')
    }
  })
})

describe('the smaller rules', () => {
  it.each([
    [' karibu 10 ', 'KARIBU10'],
    ['Sale-2026', 'SALE-2026'],
  ])('normalises %j to %j', (typed, code) => expect(normaliseVoucherCode(typed)).toBe(code))

  it.each([
    ['percent', 10, 12_345, 1_235],
    ['percent', 10, 12_344, 1_234],
    ['fixed', 50_000, 10_000, 10_000],
    ['fixed', 50_000, 80_000, 50_000],
  ] as const)('%s %i of %i is %i', (kind, value, eligible, discount) => {
    expect(discountOn({ kind, value }, eligible)).toBe(discount)
  })

  it.each([
    // 10 % up to KSh 500: under the cap, at it, over it.
    ['percent', 10, 50_000, 400_000, 40_000],
    ['percent', 10, 50_000, 500_000, 50_000],
    ['percent', 10, 50_000, 2_400_000, 50_000],
    ['percent', 100, 50_000, 30_000, 30_000],
    // A cap is a percentage's only.
    ['fixed', 80_000, 50_000, 200_000, 80_000],
  ] as const)('%s %i capped at %i of %i is %i', (kind, value, maxDiscountCents, eligible, discount) => {
    expect(discountOn({ kind, value, maxDiscountCents }, eligible)).toBe(discount)
  })

  it('splits a capped discount across the vendors pro rata', () => {
    const outcome = evaluateVoucher(voucher({ maxDiscountCents: 50_000 }), cart, fresh, NOW)
    expect(outcome).toMatchObject({ ok: true, eligibleCents: 2_400_000, discountCents: 50_000 })
    if (!outcome.ok) throw new Error('refused')
    expect(outcome.shares.reduce((sum, share) => sum + share.cents, 0)).toBe(50_000)
    expect(outcome.shares).toEqual([
      { vendorId: 1, cents: 43_750 },
      { vendorId: 2, cents: 6_250 },
    ])
  })

  it.each([
    [{ kind: 'percent', value: 0 }, 'above zero'],
    [{ kind: 'percent', value: 101 }, 'at most 100'],
    [{ kind: 'fixed', value: 50_000, minSpendCents: -1 }, 'minimum spend'],
    [{ kind: 'fixed', value: 50_000, maxUses: 0 }, 'limit of uses'],
    [{ kind: 'fixed', value: 50_000, startsAt: NOW, endsAt: NOW }, 'end after'],
    [{ kind: 'percent', value: 10, maxDiscountCents: 0 }, 'most it takes off must be above zero'],
    [{ kind: 'fixed', value: 50_000, maxDiscountCents: 10_000 }, 'Only a percentage'],
    [{ kind: 'percent', value: 10, maxDiscountCents: 50_000 }, null],
    [{ kind: 'fixed', value: 50_000 }, null],
  ] as const)('rules %j: %s', (over, problem) => {
    const found = voucherRuleProblem({ ...voucher(), ...over })
    if (problem === null) expect(found).toBeNull()
    else expect(found).toContain(problem)
  })

  it('says what it gives', () => {
    expect(describeVoucher({ kind: 'percent', value: 10, minSpendCents: 0 })).toBe('10 % off')
    expect(describeVoucher({ kind: 'percent', value: 10, maxDiscountCents: 50_000, minSpendCents: 200_000 })).toBe(
      '10 % off (up to KSh 500) when you spend KSh 2,000',
    )
    expect(describeVoucher({ kind: 'fixed', value: 50_000, minSpendCents: 300_000 })).toBe(
      'KSh 500 off when you spend KSh 3,000',
    )
  })
})
