// Commission rates per category (decision 0014 "Commission rates"): a category may have a rate of its own, in basis
// points; one without inherits its parent's, and the top of the tree inherits the marketplace default
// (COMMISSION_PERCENT). The admin area types a percentage with at most two decimals, which is a whole number of
// basis points.

/** What the rate rules need of a category: its parent, and its own rate (null: it inherits). */
export interface RatedCategory {
  parentId: number | null
  commissionBp: number | null
}

/** The highest rate: all of the price. */
export const MAX_COMMISSION_BP = 10_000

/**
 * The category's path from the root to itself (root first, leaf last), following parent ids; an unknown id is an
 * empty path (the default applies), and a loop in the data ends the walk rather than spinning.
 */
export function categoryPath(categoryId: number, categories: ReadonlyMap<number, RatedCategory>): number[] {
  const path: number[] = []
  const seen = new Set<number>()
  for (let id: number | null = categoryId; id !== null && !seen.has(id); ) {
    const category = categories.get(id)
    if (!category) break
    seen.add(id)
    path.unshift(id)
    id = category.parentId
  }
  return path
}

/** The categories' own rates, for `commissionRateFor`: only those that have one. */
export function ownRates(categories: ReadonlyMap<number, RatedCategory>): Map<number, number> {
  const rates = new Map<number, number>()
  for (const [id, category] of categories) if (category.commissionBp !== null) rates.set(id, category.commissionBp)
  return rates
}

/** A category's rate and where it comes from: its own, an ancestor's (`fromId`), or the marketplace (`fromId` null). */
export interface EffectiveRate {
  rateBp: number
  /** The category whose rate applies; null: the marketplace default. */
  fromId: number | null
}

/** The rate that applies to a product in `categoryId` (its own, else the nearest ancestor's, else the default). */
export function effectiveRate(
  categoryId: number,
  categories: ReadonlyMap<number, RatedCategory>,
  defaultBp: number,
): EffectiveRate {
  const path = categoryPath(categoryId, categories)
  for (let i = path.length - 1; i >= 0; i--) {
    const id = path[i] as number
    const own = categories.get(id)?.commissionBp
    if (own !== null && own !== undefined) return { rateBp: own, fromId: id }
  }
  return { rateBp: defaultBp, fromId: null }
}

/**
 * A percentage as typed (0 to 100, at most two decimals) in basis points; null when it is not one: out of range,
 * more decimals, or not a finite number. 12.34, which binary floating point cannot hold exactly, is the same
 * number as 1234 / 100 (both are the nearest to 12.34), so it is 1234 bp; 12.345 is no whole number of bp.
 */
export function percentToBp(percent: number): number | null {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return null
  const bp = Math.round(percent * 100)
  return bp / 100 === percent ? bp : null
}

/** Basis points as a percentage (1250 → 12.5). */
export const bpToPercent = (bp: number): number => bp / 100
