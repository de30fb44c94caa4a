import {
  type ProductBody,
  type VariantBody,
  VENDOR_MESSAGES,
  type VendorImage,
  type VendorProduct,
  type VendorProductDetail,
  type VendorProductPage,
  type VendorVariants,
} from '@soko/contract/vendor'
import type { Db } from '@soko/db/client'
import { discountPercentage } from '@soko/domain/catalog'
import { centsToKes, kesToCents } from '@soko/domain/money'
import { slugFromName } from '@soko/domain/slug'
import { familyNameOf, optionNamesProblem, optionValuesProblem, variantName } from '@soko/domain/variants'
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

/** The stored prices as the form shows them (the inverse of `pricesFromForm`). */
export function formPrices(priceCents: number, discountedPriceCents: number | null) {
  return {
    price: centsToKes(discountedPriceCents ?? priceCents),
    comparePrice: discountedPriceCents === null ? null : centsToKes(priceCents),
  }
}

export function toVendorProduct(row: repo.VendorProductRow): VendorProduct {
  const discounted = row.discounted_price_cents
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    category: { id: row.category_id, name: row.category_name, slug: row.category_slug, parent: row.parent_name },
    ...formPrices(row.price_cents, discounted),
    discountPercentage: discountPercentage({ priceCents: row.price_cents, discountedPriceCents: discounted }),
    stockQty: row.stock_qty,
    lowStockThreshold: row.low_stock_threshold,
    isLowStock: row.stock_qty <= row.low_stock_threshold,
    isActive: row.is_active,
    deactivatedReason: row.deactivated_reason,
    salesCount: row.sales_count,
    thumbnail: row.image_id === null ? null : productImageUrl(row.image_id, 'thumbnail'),
    imageCount: row.image_count,
    sku: row.sku,
    variantCount: row.variant_count,
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

/** A shop's SKUs are unique (checked first; this constraint catches two saves at once). */
const SKU_KEY = 'products_business_sku_key'

function invalid(field: string, message: string): AppError {
  return new AppError('invalid_data', message, { [field]: [message] })
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
          const fields = await this.fields(t, shop.id, body, null, null)
          const id = await repo.insertProduct(t, shop.id, fields)
          return this.detail(t, shop.id, id)
        })
      } catch (error) {
        if (isUniqueViolation(error, SKU_KEY)) throw invalid('sku', VENDOR_MESSAGES.skuTaken)
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
        const fields = await this.fields(t, shop.id, body, productId, current.slug)
        await repo.updateProduct(t, productId, fields)
        if (current.family_id !== null) {
          // A variant's name is its product's with its values; its description and category are the product's.
          await this.renameFamily(t, current.family_id, familyNameOf(body.name, current.option_values))
          await repo.shareWithFamily(t, current.family_id, {
            description: fields.description,
            categoryId: fields.categoryId,
          })
        }
        return this.detail(t, shop.id, productId)
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, SKU_KEY)) throw invalid('sku', VENDOR_MESSAGES.skuTaken)
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

  /** A product's options and variants (docs/decisions/0026-product-variants.md). */
  async variants(ctx: Ctx, productId: number): Promise<VendorVariants> {
    const shop = await this.shops.requireOwnShop(ctx)
    const current = await repo.productOfShop(this.db, shop.id, productId)
    if (!current) throw new AppError('not_found', VENDOR_MESSAGES.productNotFound)
    return this.variantsOf(this.db, current)
  }

  /**
   * Adds a variant to a product: the first one names the options and the product's own values (the product becomes
   * its first variant). The new variant copies the description, category and low-stock threshold, with its own
   * values, prices, stock and SKU; photos are added on its own page (until then it shows its product's).
   */
  async addVariant(ctx: Ctx, productId: number, body: VariantBody): Promise<VendorVariants> {
    const shop = await this.shops.requireOwnShop(ctx)
    return this.db
      .transaction(async (t) => {
        const current = await repo.productOfShop(t, shop.id, productId, true)
        if (!current) throw new AppError('not_found', VENDOR_MESSAGES.productNotFound)
        let familyId = current.family_id
        let family = familyId === null ? null : await repo.familyOf(t, familyId)
        if (familyId === null || family === null) {
          const names = body.optionNames ?? []
          const namesProblem = optionNamesProblem(names)
          if (namesProblem) throw invalid('optionNames', namesProblem)
          const own = body.currentValues ?? []
          const ownProblem = optionValuesProblem(names, own, [])
          if (ownProblem) throw invalid('currentValues', ownProblem)
          const name = familyNameOf(current.name, own)
          familyId = await repo.insertFamily(t, shop.id, name, names)
          family = { id: familyId, name, optionNames: names }
          await repo.setVariant(t, current.id, { familyId, optionValues: own, name: variantName(name, own) })
        }
        const taken = (await repo.variantsOf(t, familyId)).map((variant) => variant.optionValues)
        const problem = optionValuesProblem(family.optionNames, body.optionValues, taken)
        if (problem) throw invalid('optionValues', problem)
        const name = variantName(family.name, body.optionValues)
        const sku = await this.sku(t, shop.id, body.sku, null)
        const id = await repo.insertProduct(t, shop.id, {
          name,
          slug: await repo.freeProductSlug(t, slugFromName(name) || 'product'),
          description: current.description,
          categoryId: current.category_id,
          ...pricesFromForm(body.price, body.comparePrice),
          stockQty: body.stockQty,
          lowStockThreshold: current.low_stock_threshold,
          isActive: true,
          ...(sku === undefined ? {} : { sku }),
        })
        await repo.setVariant(t, id, { familyId, optionValues: body.optionValues, name })
        const updated = await repo.productOfShop(t, shop.id, productId)
        if (!updated) throw new AppError('not_found', VENDOR_MESSAGES.productNotFound)
        return this.variantsOf(t, updated)
      })
      .catch((error: unknown) => {
        // Another variant with these values or this SKU was saved at the same moment (through a sibling's page).
        if (isUniqueViolation(error, 'products_family_options_key')) {
          throw invalid('optionValues', `This product already has a variant ${body.optionValues.join(', ')}`)
        }
        if (isUniqueViolation(error, SKU_KEY)) throw invalid('sku', VENDOR_MESSAGES.skuTaken)
        throw error
      })
  }

  private async variantsOf(db: Db, product: repo.VendorProductRow): Promise<VendorVariants> {
    const family = product.family_id === null ? null : await repo.familyOf(db, product.family_id)
    if (family === null) {
      return {
        productName: product.name,
        optionNames: [],
        variants: [],
      }
    }
    const variants = await repo.variantsOf(db, family.id)
    return {
      productName: family.name,
      optionNames: family.optionNames,
      variants: variants.map((variant) => ({
        id: variant.id,
        name: variant.name,
        slug: variant.slug,
        optionValues: variant.optionValues,
        ...formPrices(variant.priceCents, variant.discountedPriceCents),
        stockQty: variant.stockQty,
        isActive: variant.isActive,
        sku: variant.sku,
      })),
    }
  }

  /** Renames a product with variants, and each variant after it. */
  private async renameFamily(db: Db, familyId: number, name: string): Promise<void> {
    await repo.renameFamily(db, familyId, name)
    for (const variant of await repo.variantsOf(db, familyId)) {
      const named = variantName(name, variant.optionValues)
      if (named !== variant.name)
        await repo.setVariant(db, variant.id, { familyId, optionValues: variant.optionValues, name: named })
    }
  }

  /** The form's SKU as stored: absent keeps the current one, empty clears it; one another product has is refused. */
  private async sku(db: Db, shopId: number, sku: string | undefined, productId: number | null) {
    if (sku === undefined) return undefined
    if (sku === '') return null
    if (await repo.isSkuTaken(db, shopId, sku, productId)) throw invalid('sku', VENDOR_MESSAGES.skuTaken)
    return sku
  }

  /** The form's fields as stored: a leaf category, a free slug, prices mapped (see `pricesFromForm`). */
  private async fields(
    db: Db,
    shopId: number,
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
    const sku = await this.sku(db, shopId, body.sku, productId)
    return {
      name: body.name,
      slug,
      description: body.description,
      categoryId: body.categoryId,
      ...pricesFromForm(body.price, body.comparePrice),
      stockQty: body.stockQty,
      lowStockThreshold: body.lowStockThreshold,
      isActive: body.isActive,
      ...(sku === undefined ? {} : { sku }),
    }
  }

  private async detail(db: Db, shopId: number, productId: number): Promise<VendorProductDetail> {
    const row = await repo.productOfShop(db, shopId, productId)
    if (!row) throw new AppError('not_found', VENDOR_MESSAGES.productNotFound)
    const images = await repo.imagesOf(db, productId)
    return { ...toVendorProduct(row), description: row.description, images: images.map(toVendorImage) }
  }
}
