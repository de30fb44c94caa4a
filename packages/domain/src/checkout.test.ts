import { describe, expect, it } from 'vitest'
import { ORDER_NUMBER_BYTES, orderNumberFrom, quoteAmounts } from './checkout.ts'

describe('quoteAmounts', () => {
  it('adds delivery per order and 16 % VAT on the subtotal', () => {
    const amounts = quoteAmounts([{ unitPriceCents: 100_000, quantity: 2 }], 50_000, 1600)
    expect(amounts).toEqual({
      subtotalCents: 200_000,
      discountCents: 0,
      shippingCents: 50_000,
      vatCents: 32_000,
      totalCents: 282_000,
    })
  })

  it('rounds VAT so that the total is whole shillings (M-Pesa takes no cents)', () => {
    const amounts = quoteAmounts([{ unitPriceCents: 99_950, quantity: 1 }], 50_000, 1600)
    // Exact VAT 159.92 → the total 1,659.42 + 500 rounds to 2,159; VAT becomes 159.50.
    expect(amounts.totalCents % 100).toBe(0)
    expect(amounts.totalCents).toBe(amounts.subtotalCents + amounts.shippingCents + amounts.vatCents)
    expect(Math.abs(amounts.vatCents - 15_992)).toBeLessThanOrEqual(50)
  })

  it.each([
    // goods 2,000 − 200 = 1,800; VAT 16 % of 1,800 = 288; + delivery 500 = 2,588
    ['a discount: VAT on the goods as paid', 200_000, 20_000, 50_000, { vatCents: 28_800, totalCents: 258_800 }],
    ['odd cents off: the total still whole shillings', 200_000, 12_345, 0, { vatCents: 30_045, totalCents: 217_700 }],
    ['no discount', 200_000, 0, 0, { vatCents: 32_000, totalCents: 232_000 }],
  ] as const)('%s', (_name, goods, discountCents, shipping, expected) => {
    const amounts = quoteAmounts([{ unitPriceCents: goods, quantity: 1 }], shipping, 1600, discountCents)
    expect(amounts).toMatchObject({ discountCents, ...expected })
    expect(amounts.totalCents).toBe(goods - discountCents + shipping + amounts.vatCents)
  })

  it('refuses a discount of the whole goods or more', () => {
    expect(() => quoteAmounts([{ unitPriceCents: 100, quantity: 1 }], 0, 1600, 100)).toThrow(RangeError)
  })

  it('charges nothing, delivery included, for an empty order', () => {
    expect(quoteAmounts([], 50_000, 1600).totalCents).toBe(0)
  })
})

describe('orderNumberFrom', () => {
  it.each([
    [[0, 0, 0, 0, 0, 0], 'SK-000000'],
    [[9, 10, 17, 18, 21, 31], 'SK-9AHJNZ'],
    // Bytes above 31 wrap: 32 → 0, 255 → 31.
    [[32, 255, 64, 95, 100, 200], 'SK-0Z0Z48'],
  ])('spells %j as %s', (bytes, expected) => {
    expect(orderNumberFrom(Uint8Array.from(bytes))).toBe(expected)
  })

  it('is SK- and six unambiguous characters, never I, L, O or U', () => {
    for (let byte = 0; byte < 256; byte += 1) {
      expect(orderNumberFrom(new Uint8Array(ORDER_NUMBER_BYTES).fill(byte))).toMatch(/^SK-[0-9A-HJKMNP-TV-Z]{6}$/)
    }
  })

  it('rarely repeats when given random bytes', () => {
    const random = () => crypto.getRandomValues(new Uint8Array(ORDER_NUMBER_BYTES))
    const seen = new Set(Array.from({ length: 5000 }, () => orderNumberFrom(random())))
    expect(seen.size).toBeGreaterThan(4990)
  })

  it('refuses a wrong number of bytes', () => {
    expect(() => orderNumberFrom(new Uint8Array(5))).toThrow(RangeError)
  })
})
