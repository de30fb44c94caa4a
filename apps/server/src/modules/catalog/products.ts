import type { Db } from '@soko/db/client'
import * as repo from './repository.ts'

/**
 * Products as other modules act on them, outside the storefront and the vendor portal: an admin's take-down, the
 * product a review is of. Writes
 * run in the caller's transaction `t`.
 */
export class Products {
  constructor(private readonly db: Db) {}

  /** The product with this slug, whether shoppers can see it or not (a review of something bought). */
  idBySlug(slug: string): Promise<number | null> {
    return repo.productIdBySlug(this.db, slug)
  }

  /** Locks the product's row for the rest of the transaction; false when there is no such product. */
  lock(t: Db, id: number): Promise<boolean> {
    return repo.lockProduct(t, id)
  }

  /** An admin takes a product down (with the reason its shop sees) or puts it back. */
  setActiveByAdmin(t: Db, id: number, active: boolean, reason: string | null): Promise<void> {
    return repo.setProductActive(t, id, active, reason)
  }
}
