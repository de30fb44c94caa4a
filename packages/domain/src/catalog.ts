import type { Cents } from './money.ts'

/** The facts about a product from which every derived value below is computed, in this one place. */
export interface PricedStock {
  priceCents: Cents
  discountedPriceCents: Cents | null
  stockQty: number
  lowStockThreshold: number
}

/** What the shopper pays: the discounted price when there is a real discount, else the price. */
export function effectivePriceCents(product: Pick<PricedStock, 'priceCents' | 'discountedPriceCents'>): Cents {
  const { priceCents, discountedPriceCents } = product
  return discountedPriceCents !== null && discountedPriceCents < priceCents ? discountedPriceCents : priceCents
}

/** The discount as a whole percentage, rounded down (never overstating a deal); 0 when not discounted. */
export function discountPercentage(product: Pick<PricedStock, 'priceCents' | 'discountedPriceCents'>): number {
  const { priceCents, discountedPriceCents } = product
  if (discountedPriceCents === null || discountedPriceCents >= priceCents || priceCents <= 0) return 0
  return Math.floor(((priceCents - discountedPriceCents) * 100) / priceCents)
}

export function isInStock(product: Pick<PricedStock, 'stockQty'>): boolean {
  return product.stockQty > 0
}

/** In stock but at or under the vendor's low-stock threshold ('Only N left'). */
export function isLowStock(product: Pick<PricedStock, 'stockQty' | 'lowStockThreshold'>): boolean {
  return product.stockQty > 0 && product.stockQty <= product.lowStockThreshold
}

/** Average of review ratings to one decimal, or null when there are none ('No ratings'). */
export function averageRating(ratingSum: number, ratingCount: number): number | null {
  if (ratingCount <= 0) return null
  return Math.round((ratingSum / ratingCount) * 10) / 10
}
