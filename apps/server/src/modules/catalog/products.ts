import type { Db } from '@soko/db/client'
import * as listing from './listing-read-model.ts'
import * as repo from './repository.ts'

/**
 * Products as other modules act on them, outside the storefront and the vendor portal: an admin's take-down, the
 * product a review is of, what a demo picture shows. Writes
 * run in the caller's transaction `t`.
 */
export class Products {
  constructor(private readonly db: Db) {}

  /** The product with this slug, whether shoppers can see it or not (a review of something bought). */
  idBySlug(slug: string): Promise<number | null> {
    return repo.productIdBySlug(this.db, slug)
  }

  /** What a generated demo picture shows (name, colour ...); null when there is no such image, category or banner. */
  pictureSubject(kind: 'product-images', id: number): ReturnType<typeof listing.productImageSubject>
  pictureSubject(kind: 'categories', id: number): ReturnType<typeof repo.categorySubject>
  pictureSubject(kind: 'banners', id: number): ReturnType<typeof repo.bannerSubject>
  pictureSubject(kind: 'product-images' | 'categories' | 'banners', id: number) {
    if (kind === 'product-images') return listing.productImageSubject(this.db, id)
    if (kind === 'categories') return repo.categorySubject(this.db, id)
    return repo.bannerSubject(this.db, id)
  }

  // The sitemap: what search engines may list

  countListed(): Promise<number> {
    return listing.countListedProducts(this.db)
  }

  listedSlugs(limit: number, offset: number): Promise<{ slug: string; updated_at: Date }[]> {
    return listing.listedProductSlugs(this.db, limit, offset)
  }

  activeCategorySlugs(): Promise<{ slug: string; updated_at: Date }[]> {
    return repo.activeCategorySlugs(this.db)
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
