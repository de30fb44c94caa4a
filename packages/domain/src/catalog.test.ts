import { describe, expect, it } from 'vitest'
import { averageRating, discountPercentage, effectivePriceCents, isInStock, isLowStock } from './catalog.ts'

describe('catalogue rules', () => {
  it('charges the discounted price only when it is below the price', () => {
    expect(effectivePriceCents({ priceCents: 150_000, discountedPriceCents: 120_000 })).toBe(120_000)
    expect(effectivePriceCents({ priceCents: 150_000, discountedPriceCents: null })).toBe(150_000)
    expect(effectivePriceCents({ priceCents: 150_000, discountedPriceCents: 150_000 })).toBe(150_000)
  })

  it('rounds the discount percentage down', () => {
    expect(discountPercentage({ priceCents: 150_000, discountedPriceCents: 120_000 })).toBe(20)
    expect(discountPercentage({ priceCents: 29_900, discountedPriceCents: 19_900 })).toBe(33)
    expect(discountPercentage({ priceCents: 29_900, discountedPriceCents: null })).toBe(0)
    expect(discountPercentage({ priceCents: 29_900, discountedPriceCents: 39_900 })).toBe(0)
  })

  it('tells in stock and low stock apart', () => {
    expect(isInStock({ stockQty: 0 })).toBe(false)
    expect(isInStock({ stockQty: 1 })).toBe(true)
    expect(isLowStock({ stockQty: 0, lowStockThreshold: 5 })).toBe(false)
    expect(isLowStock({ stockQty: 5, lowStockThreshold: 5 })).toBe(true)
    expect(isLowStock({ stockQty: 6, lowStockThreshold: 5 })).toBe(false)
  })

  it('averages ratings to one decimal, with none meaning no rating', () => {
    expect(averageRating(0, 0)).toBeNull()
    expect(averageRating(13, 3)).toBe(4.3)
    expect(averageRating(9, 2)).toBe(4.5)
  })
})
