import {
  type ProductBody,
  VENDOR_MESSAGES,
  type VendorImage,
  type VendorProduct,
  type VendorProductDetail,
  type VendorProductPage,
} from '@soko/contract/vendor'
import type { Db } from '@soko/db/client'
import { discountPercentage } from '@soko/domain/catalog'
import { centsToKes, kesToCents } from '@soko/domain/money'
import { slugFromName } from '@soko/domain/slug'
import type { Ctx } from '../../plugins/auth.ts'
import { AppError } from '../../plugins/errors.ts'
import { isUniqueViolation } from '../accounts/service.ts'
import { productImageSizes, productImageUrl } from '../media/media-url.ts'
import * as repo from './product-repository.ts'

/**
 * The add-product form's prices are "price" (what the shopper pays) and "compare-at price" (the higher price shown
 * struck through). The catalogue stores a product's price and an optional lower discounted price, so a compare-at
 * price becomes the stored price and the form's price the discounted one; with no compare-at price the form's
 * price is the stored price and there is no discount.
 */
export function pricesFromForm(price: number, comparePrice: number | null | undefined) {
  const payCents = kesToCents(price)
  if (comparePrice === null || comparePrice === undefined) return { priceCents: payCents, discountedPriceCents: null }
  return { priceCents: kesToCents(comparePrice), discountedPriceCents: payCents }
}

export function toVendorProduct(row: repo.VendorProductRow): VendorProduct {
  const discounted = row.discounted_price_cents
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    category: { id: row.category_id, name: row.category_name, slug: row.category_slug, parent: row.parent_name },
    price: centsToKes(discounted ?? row.price_cents),
    comparePrice: discounted === null ? null : centsToKes(row.price_cents),
    discountPercentage: discountPercentage({ priceCents: row.price_cents, discountedPriceCents: discounted }),
    stockQty: row.stock_qty,
    lowStockThreshold: row.low_stock_threshold,
    isLowStock: row.stock_qty <= row.low_stock_threshold,
    isActive: row.is_active,
    deactivatedReason: row.deactivated_reason,
    salesCount: row.sales_count,
    thumbnail: row.image_id === null ? null : productImageUrl(row.image_id, 'thumbnail'),
    imageCount: row.image_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

export function toVendorImage(row: repo.ImageRow): VendorImage {
  return {
    id: row.id,
    position: row.position,
    isPrimary: row.is_primary,
    isUploaded: row.is_uploaded,
    ...productImageSizes(row.id),
  }
}

function adminTookDown(reason: string): AppError {
  return new AppError(
    'forbidden',
    `An admin took this product down: ${reason} Contact Soko support to have it put back on sale.`,
  )
}

/** Which shop the signed-in vendor runs: the vendors module answers (401 signed out, 403 not a vendor, 404 no shop). */
export interface ShopOwnership {
  requireOwnShop(ctx: Ctx): Promise<{ id: number }>
}

/**
 * A shop's own products, as its owner manages them in the vendor portal: listing, the add/edit form, quick stock
 * edits and taking products off sale. The catalogue owns products; the vendors module says whose shop it is.
 */
export class ShopProductService {
  constructor(
    private readonly db: Db,
    private readonly shops: ShopOwnership,
  ) {}

  async list(ctx: Ctx, query: { q: string; page: number; per_page: number }): Promise<VendorProductPage> {
    const shop = await this.shops.requireOwnShop(ctx)
    const { rows, total } = await repo.listProducts(this.db, shop.id, {
      q: query.q,
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    })
    return { products: rows.map(toVendorProduct), total, page: query.page, per_page: query.per_page }
  }

  /** The shop's product counts and its 10 products that run lowest (the vendor dashboard's). */
  async stockOfShop(shopId: number) {
    const counts = await repo.stockCounts(this.db, shopId)
    const low = await repo.lowStock(this.db, shopId, 10)
    return { counts, low }
  }

  async get(ctx: Ctx, productId: number): Promise<VendorProductDetail> {
    const shop = await this.shops.requireOwnShop(ctx)
    return this.detail(this.db, shop.id, productId)
  }

  async leafCategories(ctx: Ctx) {
    await this.shops.requireOwnShop(ctx)
    return repo.listLeafCategories(this.db)
  }

  async create(ctx: Ctx, body: ProductBody): Promise<VendorProductDetail> {
    const shop = await this.shops.requireOwnShop(ctx)
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction(async (t) => {
          const fields = await this.fields(t, body, null, null)
          const id = await repo.insertProduct(t, shop.id, fields)
          return this.detail(t, shop.id, id)
        })
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        // The slug was taken at the same moment: a chosen one is reported, a made one is made again.
        if (body.slug || attempt >= 3) {
          throw new AppError('invalid_data', VENDOR_MESSAGES.slugTaken, { slug: [VENDOR_MESSAGES.slugTaken] })
        }
      }
    }
  }

  async update(ctx: Ctx, productId: number, body: ProductBody): Promise<VendorProductDetail> {
    const shop = await this.shops.requireOwnShop(ctx)
    return this.db
      .transaction(async (t) => {
        const current = await repo.productOfShop(t, shop.id, productId, true)
        if (!current) throw new AppError('not_found', VENDOR_MESSAGES.productNotFound)
        if (body.isActive && !current.is_active && current.deactivated_reason) {
          throw adminTookDown(current.deactivated_reason)
        }
        await repo.updateProduct(t, productId, await this.fields(t, body, productId, current.slug))
        return this.detail(t, shop.id, productId)
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) {
          throw new AppError('invalid_data', VENDOR_MESSAGES.slugTaken, { slug: [VENDOR_MESSAGES.slugTaken] })
        }
        throw error
      })
  }

  async setStock(ctx: Ctx, productId: number, stockQty: number): Promise<VendorProduct> {
    const shop = await this.shops.requireOwnShop(ctx)
    return this.db.transaction(async (t) => {
      if (!(await repo.productOfShop(t, shop.id, productId, true))) {
        throw new AppError('not_found', VENDOR_MESSAGES.productNotFound)
      }
      await repo.setStock(t, productId, stockQty)
      const row = await repo.productOfShop(t, shop.id, productId)
      if (!row) throw new AppError('not_found', VENDOR_MESSAGES.productNotFound)
      return toVendorProduct(row)
    })
  }

  /** Takes a product off sale: it stays in the database for the orders that bought it. */
  async deactivate(ctx: Ctx, productId: number): Promise<void> {
    const shop = await this.shops.requireOwnShop(ctx)
    const current = await repo.productOfShop(this.db, shop.id, productId)
    if (!current) throw new AppError('not_found', VENDOR_MESSAGES.productNotFound)
    if (current.is_active) await repo.deactivate(this.db, productId)
  }

  /** The form's fields as stored: a leaf category, a free slug, prices mapped (see `pricesFromForm`). */
  private async fields(
    db: Db,
    body: ProductBody,
    productId: number | null,
    currentSlug: string | null,
  ): Promise<repo.ProductFields> {
    if (!(await repo.isLeafCategory(db, body.categoryId))) {
      throw new AppError('invalid_data', VENDOR_MESSAGES.leafCategory, { categoryId: [VENDOR_MESSAGES.leafCategory] })
    }
    let slug: string
    if (body.slug) {
      if (await repo.isSlugTaken(db, body.slug, productId)) {
        throw new AppError('invalid_data', VENDOR_MESSAGES.slugTaken, { slug: [VENDOR_MESSAGES.slugTaken] })
      }
      slug = body.slug
    } else {
      slug = currentSlug ?? (await repo.freeProductSlug(db, slugFromName(body.name) || 'product'))
    }
    return {
      name: body.name,
      slug,
      description: body.description,
      categoryId: body.categoryId,
      ...pricesFromForm(body.price, body.comparePrice),
      stockQty: body.stockQty,
      lowStockThreshold: body.lowStockThreshold,
      isActive: body.isActive,
    }
  }

  private async detail(db: Db, shopId: number, productId: number): Promise<VendorProductDetail> {
    const row = await repo.productOfShop(db, shopId, productId)
    if (!row) throw new AppError('not_found', VENDOR_MESSAGES.productNotFound)
    const images = await repo.imagesOf(db, productId)
    return { ...toVendorProduct(row), description: row.description, images: images.map(toVendorImage) }
  }
}
