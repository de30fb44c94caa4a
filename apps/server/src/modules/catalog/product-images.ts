import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { MAX_PRODUCT_IMAGES, VENDOR_MESSAGES, type VendorImage } from '@soko/contract/vendor'
import type { Db } from '@soko/db/client'
import type { Ctx } from '../../plugins/auth.ts'
import { AppError } from '../../plugins/errors.ts'
import { ImageRejectedError, type ProcessedImage, processProductImage, Semaphore } from './image-pipeline.ts'
import * as repo from './product-repository.ts'
import { type ShopOwnership, toVendorImage } from './shop-products.ts'

/** One file of an upload: its name as the browser gave it (for messages only), and its bytes. */
export interface UploadedFile {
  filename: string
  read(): Promise<Buffer>
}

/**
 * Photos processed at once in this process: half the cores (one on a two-core machine), each on one libvips
 * thread, so uploads never take more than half the machine from the storefront.
 */
export const IMAGE_JOBS = Math.max(1, Math.floor(availableParallelism() / 2))

/** A browser's file name made safe to quote in a message. */
export function displayName(filename: string): string {
  const clean = Array.from(filename)
    .filter((char) => char >= ' ' && char !== '\u007f' && char !== '"' && char !== '\\')
    .join('')
    .trim()
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean || 'the file'
}

function rejected(name: string, error: ImageRejectedError): AppError {
  const message =
    error.reason === 'heic_unsupported'
      ? VENDOR_MESSAGES.heicUnsupported
      : `"${name}" ${error.message}. Send JPEG, PNG, WebP or HEIC photos.`
  const detail = error.reason === 'heic_unsupported' ? `"${name}": ${message}` : message
  return new AppError('invalid_data', detail, { image: [detail] })
}

/**
 * A product's photos: uploads (checked by content, re-encoded into three WebP sizes under
 * DATA_DIR/media/product-images/{imageId}/), removal and ordering. A product of another shop answers 404 before a
 * byte of the upload is read.
 */
export class ProductImageService {
  private readonly jobs = new Semaphore(IMAGE_JOBS)

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
    const tooMany = () =>
      new AppError('invalid_data', VENDOR_MESSAGES.tooManyImages, { image: [VENDOR_MESSAGES.tooManyImages] })
    if (product.image_count >= MAX_PRODUCT_IMAGES) throw tooMany()

    const processed: ProcessedImage[] = []
    for await (const file of files) {
      if (product.image_count + processed.length + 1 > MAX_PRODUCT_IMAGES) throw tooMany()
      const name = displayName(file.filename)
      const bytes = await file.read()
      try {
        processed.push(await this.jobs.run(() => processProductImage(bytes)))
      } catch (error) {
        if (error instanceof ImageRejectedError) throw rejected(name, error)
        throw error
      }
    }
    if (processed.length === 0) {
      const message = 'Choose at least one photo to upload (form field "image").'
      throw new AppError('invalid_data', message, { image: [message] })
    }

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
          await this.writeSizes(dir, image)
        }
      })
    } catch (error) {
      await Promise.all(written.map((dir) => rm(dir, { recursive: true, force: true })))
      throw error
    }
    return (await repo.imagesOf(this.db, productId)).map(toVendorImage)
  }

  /** The files exist before the row is committed, so the storefront never links to a missing picture. */
  private async writeSizes(dir: string, image: ProcessedImage): Promise<void> {
    await mkdir(dir, { recursive: true })
    for (const size of ['thumbnail', 'medium', 'original'] as const) {
      const path = join(dir, `${size}.webp`)
      const partial = `${path}.${process.pid}.partial`
      await writeFile(partial, image[size])
      await rename(partial, path)
    }
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
