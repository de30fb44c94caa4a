import type { Db } from '@soko/db/client'
import { effectiveRate, type RatedCategory } from '@soko/domain/commission'
import { LoadingCache, TtlCache } from '../../plugins/cache.ts'
import { type RatedCategoryRow, ratedCategories } from './category-repository.ts'

const MINUTE = 60_000
const KEY = 'rates'

interface RateBookCategory extends RatedCategory {
  name: string
  slug: string
  isActive: boolean
}

/** A category with a commission rate of its own, as the information pages list them. */
export interface OwnRate {
  name: string
  slug: string
  parentName: string | null
  rateBp: number
}

/**
 * The commission rates of the whole tree at one moment: each category's own (or none) and the marketplace default
 * (decision 0014 "Commission rates"). Read once per order, not once per line.
 */
export class RateBook {
  readonly categories: ReadonlyMap<number, RateBookCategory>

  constructor(
    rows: readonly RatedCategoryRow[],
    readonly defaultBp: number,
  ) {
    this.categories = new Map(
      rows.map((row) => [
        row.id,
        {
          parentId: row.parent_id,
          commissionBp: row.commission_bp,
          name: row.name,
          slug: row.slug,
          isActive: row.is_active,
        },
      ]),
    )
  }

  /** The rate a sale in the category is charged: its own, else its parent's, else the default; null: the default. */
  rateOf(categoryId: number | null): number {
    return categoryId === null ? this.defaultBp : effectiveRate(categoryId, this.categories, this.defaultBp).rateBp
  }

  /** The active categories with a rate of their own, in the tree's order (a parent before its subcategories). */
  ownRates(): OwnRate[] {
    const rated: OwnRate[] = []
    for (const category of this.categories.values()) {
      if (category.commissionBp === null || !category.isActive) continue
      const parent = category.parentId === null ? null : this.categories.get(category.parentId)
      if (parent && !parent.isActive) continue
      rated.push({
        name: category.name,
        slug: category.slug,
        parentName: parent?.name ?? null,
        rateBp: category.commissionBp,
      })
    }
    return rated
  }
}

/**
 * The catalogue's commission rates, cached like its other reads (10 minutes, dropped the moment a change to the
 * categories is announced, and at once in this process after an admin's change is committed).
 */
export class CommissionRates {
  private readonly cache = new LoadingCache(new TtlCache<RateBook>(10 * MINUTE, 1))

  constructor(
    private readonly db: Db,
    /** COMMISSION_PERCENT in basis points: the rate of a category that has none and whose parent has none. */
    readonly defaultBp: number,
  ) {}

  /** The rates as they are now. Not inside a transaction: it reads outside it (PGlite has one connection). */
  book(): Promise<RateBook> {
    return this.cache.get(KEY, async () => new RateBook(await ratedCategories(this.db), this.defaultBp))
  }

  /** A catalogue change announced on soko_catalog: categories changed, or announcements may have been missed. */
  onCatalogChange(payload: string): void {
    if (payload === 'categories' || payload === '*') this.clear()
  }

  clear(): void {
    this.cache.clear()
  }
}
