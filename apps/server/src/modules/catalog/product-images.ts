import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES, VENDOR_MESSAGES, type VendorImage } from '@soko/contract/vendor'
import type { Db } from '@soko/db/client'
import type { Ctx } from '../../plugins/auth.ts'
import { AppError } from '../../plugins/errors.ts'
import { tooManyPhotos, type UploadedFile, type UploadLimits } from '../../plugins/uploads.ts'
import { type ProcessedImage, processUploads, writeImageSizes } from './image-pipeline.ts'
import * as repo from './product-repository.ts'
import { type ShopOwnership, toVendorImage } from './shop-products.ts'

/** A product's photos: at most 8, 10 MB each. */
export const PRODUCT_PHOTO_LIMITS: UploadLimits = {
  maxFiles: MAX_PRODUCT_IMAGES,
  maxFileBytes: MAX_IMAGE_BYTES,
  tooManyMessage: VENDOR_MESSAGES.tooManyImages,
}

/**
 * A product's photos: uploads (checked by content, re-encoded into three WebP sizes under
 * DATA_DIR/media/product-images/{imageId}/), removal and ordering. A product of another shop answers 404 before a
 * byte of the upload is read.
 */
export class ProductImageService {
  constructor(
    private readonly db: Db,
    private readonly shops: ShopOwnership,
    private readonly mediaDir: string,
  ) {}

  private imageDir(imageId: number): string {
    return join(this.mediaDir, 'product-images', String(imageId))
  }

  /** Processes every file of the upload, then stores them all or none (at most 8 images per product). */
  async upload(ctx: Ctx, productId: number, files: AsyncIterable<UploadedFile>): Promise<VendorImage[]> {
    const shop = await this.shops.requireOwnShop(ctx)
    const product = await repo.productOfShop(this.db, shop.id, productId)
    if (!product) throw new AppError('not_found', VENDOR_MESSAGES.productNotFound)
    const tooMany = () => tooManyPhotos(PRODUCT_PHOTO_LIMITS)
    if (product.image_count >= MAX_PRODUCT_IMAGES) throw tooMany()
    const processed = await processUploads(files, MAX_PRODUCT_IMAGES - product.image_count, PRODUCT_PHOTO_LIMITS)

    const written: string[] = []
    try {
      await this.db.transaction(async (t) => {
        // Locked: two uploads to one product at once cannot together pass the limit.
        const current = await repo.productOfShop(t, shop.id, productId, true)
        if (!current) throw new AppError('not_found', VENDOR_MESSAGES.productNotFound)
        if (current.image_count + processed.length > MAX_PRODUCT_IMAGES) throw tooMany()
        for (const image of processed) {
          const id = await repo.insertUploadedImage(t, productId, current.name)
          const dir = this.imageDir(id)
          written.push(dir)
          await writeImageSizes(dir, image)
        }
      })
    } catch (error) {
      await Promise.all(written.map((dir) => rm(dir, { recursive: true, force: true })))
      throw error
    }
    return (await repo.imagesOf(this.db, productId)).map(toVendorImage)
  }

  /**
   * Photos processed already (a CSV import's fetched images) added after the product's own, inside the caller's
   * transaction `t`, up to the limit of 8. Each directory written is pushed to `written`: the caller removes them if
   * the transaction does not commit.
   */
  async addProcessed(
    t: Db,
    productId: number,
    altText: string,
    images: readonly ProcessedImage[],
    written: string[],
  ): Promise<number> {
    const room = MAX_PRODUCT_IMAGES - (await repo.imagesOf(t, productId)).length
    const added = images.slice(0, Math.max(0, room))
    for (const image of added) {
      const id = await repo.insertUploadedImage(t, productId, altText)
      const dir = this.imageDir(id)
      written.push(dir)
      await writeImageSizes(dir, image)
    }
    return added.length
  }

  /** Removes the directories `addProcessed` wrote for a transaction that did not commit. */
  async discard(written: readonly string[]): Promise<void> {
    await Promise.all(written.map((dir) => rm(dir, { recursive: true, force: true })))
  }

  async list(ctx: Ctx, productId: number): Promise<VendorImage[]> {
    const shop = await this.shops.requireOwnShop(ctx)
    if (!(await repo.productOfShop(this.db, shop.id, productId))) {
      throw new AppError('not_found', VENDOR_MESSAGES.productNotFound)
    }
    return (await repo.imagesOf(this.db, productId)).map(toVendorImage)
  }

  /** Removes an image and its files (the next image becomes the primary one if it was). */
  async remove(ctx: Ctx, productId: number, imageId: number): Promise<VendorImage[]> {
    const shop = await this.shops.requireOwnShop(ctx)
    const images = await this.db.transaction(async (t) => {
      if (!(await repo.productOfShop(t, shop.id, productId, true))) {
        throw new AppError('not_found', VENDOR_MESSAGES.productNotFound)
      }
      if (!(await repo.deleteImage(t, productId, imageId))) {
        throw new AppError('not_found', VENDOR_MESSAGES.imageNotFound)
      }
      return repo.imagesOf(t, productId)
    })
    await rm(this.imageDir(imageId), { recursive: true, force: true })
    return images.map(toVendorImage)
  }

  /** Orders the images as listed (every image of the product, each once); the first becomes the primary. */
  async reorder(ctx: Ctx, productId: number, imageIds: number[]): Promise<VendorImage[]> {
    const shop = await this.shops.requireOwnShop(ctx)
    return this.db.transaction(async (t) => {
      if (!(await repo.productOfShop(t, shop.id, productId, true))) {
        throw new AppError('not_found', VENDOR_MESSAGES.productNotFound)
      }
      const current = await repo.imagesOf(t, productId)
      const known = new Set(current.map((image) => image.id))
      const listed = new Set(imageIds)
      if (listed.size !== imageIds.length || listed.size !== known.size || imageIds.some((id) => !known.has(id))) {
        const message = "List each of the product's images once, in the order to show them."
        throw new AppError('invalid_data', message, { imageIds: [message] })
      }
      await repo.reorderImages(t, productId, imageIds)
      return (await repo.imagesOf(t, productId)).map(toVendorImage)
    })
  }
}
