import { describe, expect, it } from 'vitest'
import { cartTotals } from './cart.ts'

describe('cartTotals', () => {
  it('sums price times quantity, and the quantities', () => {
    const totals = cartTotals([
      { price: 1450, quantity: 2 },
      { price: 210, quantity: 3 },
    ])
    expect(totals).toEqual({ lineSubtotals: [2900, 630], subtotal: 3530, subtotalCents: 353_000, itemCount: 5 })
  })

  it('is zero for an empty cart', () => {
    expect(cartTotals([])).toEqual({ lineSubtotals: [], subtotal: 0, subtotalCents: 0, itemCount: 0 })
  })

  it('works in cents, so shillings with cents add up exactly', () => {
    const totals = cartTotals([
      { price: 0.1, quantity: 3 },
      { price: 99.5, quantity: 1 },
      { price: 1499.99, quantity: 7 },
    ])
    expect(totals.lineSubtotals).toEqual([0.3, 99.5, 10_499.93])
    expect(totals.subtotalCents).toBe(1_059_973)
    expect(totals.subtotal).toBe(10_599.73)
  })

  it('counts an unreadable, zero or negative quantity as none, and a fractional one as whole units', () => {
    const totals = cartTotals([
      { price: 100, quantity: Number.NaN },
      { price: 100, quantity: 0 },
      { price: 100, quantity: -2 },
      { price: 100, quantity: 2.7 },
    ])
    expect(totals.lineSubtotals).toEqual([0, 0, 0, 200])
    expect(totals.itemCount).toBe(2)
    expect(totals.subtotal).toBe(200)
  })

  it('counts an unreadable or negative price as zero but still counts the items', () => {
    const totals = cartTotals([
      { price: Number.POSITIVE_INFINITY, quantity: 1 },
      { price: -50, quantity: 2 },
    ])
    expect(totals.subtotal).toBe(0)
    expect(totals.itemCount).toBe(3)
  })

  it('handles large carts without losing a cent', () => {
    const totals = cartTotals([{ price: 249_999.99, quantity: 40 }])
    expect(totals.subtotalCents).toBe(999_999_960)
    expect(totals.subtotal).toBe(9_999_999.6)
  })
})
