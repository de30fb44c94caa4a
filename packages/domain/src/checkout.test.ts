import { describe, expect, it } from 'vitest'
import { newOrderNumber, quoteAmounts } from './checkout.ts'

describe('quoteAmounts', () => {
  it('adds delivery per order and 16 % VAT on the subtotal', () => {
    const amounts = quoteAmounts([{ unitPriceCents: 100_000, quantity: 2 }], 50_000, 1600)
    expect(amounts).toEqual({ subtotalCents: 200_000, shippingCents: 50_000, vatCents: 32_000, totalCents: 282_000 })
  })

  it('rounds VAT so that the total is whole shillings (M-Pesa takes no cents)', () => {
    const amounts = quoteAmounts([{ unitPriceCents: 99_950, quantity: 1 }], 50_000, 1600)
    // Exact VAT 159.92 → the total 1,659.42 + 500 rounds to 2,159; VAT becomes 159.50.
    expect(amounts.totalCents % 100).toBe(0)
    expect(amounts.totalCents).toBe(amounts.subtotalCents + amounts.shippingCents + amounts.vatCents)
    expect(Math.abs(amounts.vatCents - 15_992)).toBeLessThanOrEqual(50)
  })

  it('charges nothing, delivery included, for an empty order', () => {
    expect(quoteAmounts([], 50_000, 1600).totalCents).toBe(0)
  })
})

describe('newOrderNumber', () => {
  it('is SK- and six unambiguous characters', () => {
    for (let i = 0; i < 200; i += 1) expect(newOrderNumber()).toMatch(/^SK-[0-9A-HJKMNP-TV-Z]{6}$/)
  })

  it('rarely repeats', () => {
    const seen = new Set(Array.from({ length: 5000 }, () => newOrderNumber()))
    expect(seen.size).toBeGreaterThan(4990)
  })
})
