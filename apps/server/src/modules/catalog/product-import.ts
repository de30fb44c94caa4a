import {
  type CategoryLookup,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportIssue,
  type ImportPreview,
  type ImportRow,
  type ImportVariant,
  type ProductImport,
  productsCsv,
  readImportFile,
} from '@soko/contract/product-import'
import type { ProductBody } from '@soko/contract/vendor'
import type { Db } from '@soko/db/client'
import { slugFromName } from '@soko/domain/slug'
import { familyNameOf, optionValuesProblem, variantName } from '@soko/domain/variants'
import type { Ctx } from '../../plugins/auth.ts'
import { AppError } from '../../plugins/errors.ts'
import { enqueueJob, type Job, type JobQueue } from '../jobs/queue.ts'
import { fetchLineImages, type ImageFetchSettings, type LineImages } from './import-images.ts'
import * as importRepo from './import-repository.ts'
import type { ProductImageService } from './product-images.ts'
import * as repo from './product-repository.ts'
import { formPrices, pricesFromForm, type ShopOwnership } from './shop-products.ts'

export const PRODUCT_IMPORT_JOB = 'catalog.product-import'

/** Lines applied in one transaction: progress moves this many at a time. */
const BATCH = 100

/** Image URLs fetched ahead of one transaction: a batch of lines with images is cut shorter (memory, progress). */
const IMAGES_PER_BATCH = 16

/** A line applied: the product it added or updated. */
interface Applied {
  productId: number
  created: boolean
}

/** A stored line of an import (ImportRow without what only the preview shows). */
interface StoredLine {
  line: number
  sku: string | null
  body: ProductBody
  imageUrls: string[]
  /** A variant's handle and options (absent on lines stored before variants). */
  variant?: ImportVariant | null
}

const LEAF_MESSAGE = 'Choose a category from the list (the most specific one)'

/**
 * How a category cell names a category: its slug (`smartphones`, what the export writes), its path of names
 * (`Electronics > Smartphones`), or its name alone when no other category has it; any case. A category with
 * sub-categories is refused as the form refuses it.
 */
export function categoryLookup(rows: Awaited<ReturnType<typeof importRepo.activeCategories>>): CategoryLookup {
  const bySlug = new Map<string, (typeof rows)[number]>()
  const byPath = new Map<string, (typeof rows)[number]>()
  const byName = new Map<string, (typeof rows)[number] | null>()
  for (const row of rows) {
    bySlug.set(row.slug.toLowerCase(), row)
    byPath.set((row.parent ? `${row.parent} > ${row.name}` : row.name).toLowerCase(), row)
    const name = row.name.toLowerCase()
    byName.set(name, byName.has(name) ? null : row)
  }
  return (text) => {
    const key = text.trim().toLowerCase()
    const path = key
      .split(/\s*[>/]\s*/)
      .filter(Boolean)
      .join(' > ')
    const found = bySlug.get(key) ?? byPath.get(path) ?? byName.get(key) ?? null
    if (found === null) {
      return { error: `No category "${text.slice(0, 60)}": use a category's slug from the list on the import page` }
    }
    return found.is_leaf ? { id: found.id } : { error: LEAF_MESSAGE }
  }
}

function toStored(row: ImportRow): StoredLine {
  return { line: row.line, sku: row.sku, body: row.body, imageUrls: row.imageUrls, variant: row.variant }
}

/** The first lines of `lines` whose image URLs come to at most IMAGES_PER_BATCH (always at least one line). */
export function imageBatch<T extends { imageUrls: readonly string[] }>(lines: readonly T[]): T[] {
  let images = 0
  let count = 0
  for (const line of lines) {
    images += line.imageUrls.length
    if (count > 0 && images > IMAGES_PER_BATCH) break
    count++
  }
  return lines.slice(0, count)
}

function failedLines(issues: readonly ImportIssue[]): number {
  return new Set(issues.map((issue) => issue.line)).size
}

function byLine(issues: readonly ImportIssue[]): ImportIssue[] {
  return [...issues].sort((a, b) => a.line - b.line)
}

/**
 * A shop's products in and out as CSV (docs/decisions/0025-vendor-csv-import.md): the template, a preview that
 * saves nothing, an import the job queue applies a batch at a time (a line whose SKU is one of the shop's products
 * updates it, any other adds a product), its progress, and the export in the same format.
 */
export class ProductImportService {
  constructor(
    private readonly db: Db,
    private readonly shops: ShopOwnership,
    private readonly jobs: JobQueue,
    private readonly images: Pick<ProductImageService, 'addProcessed' | 'discard'>,
    private readonly imageFetch: ImageFetchSettings,
  ) {
    jobs.register(PRODUCT_IMPORT_JOB, (job) => this.runJob(job))
  }

  async template(ctx: Ctx): Promise<string> {
    await this.shops.requireOwnShop(ctx)
    const categories = await importRepo.activeCategories(this.db)
    const leaf = categories.find((category) => category.is_leaf)
    return productsCsv([
      {
        sku: 'KIK-001',
        name: 'Kikoi beach wrap, cotton',
        description: 'Hand-woven in Mombasa. 100 x 170 cm.',
        categorySlug: leaf?.slug ?? '',
        price: 1200,
        comparePrice: 1500,
        stockQty: 25,
        lowStockThreshold: 5,
        isActive: true,
        imageUrls: [],
        variant: null,
      },
      // A product with variants: its lines share a handle; the first names the options.
      ...(['M', 'L'] as const).map((size, n) => ({
        sku: `KSH-00${n + 1}`,
        name: `Kikoy linen shirt (${size})`,
        description: 'Linen, made in Lamu.',
        categorySlug: leaf?.slug ?? '',
        price: 1800 + 100 * n,
        comparePrice: null,
        stockQty: 10,
        lowStockThreshold: 3,
        isActive: true,
        imageUrls: [],
        variant: { handle: 'kikoy-linen-shirt', optionNames: ['Size'], optionValues: [size] },
      })),
    ])
  }

  async preview(ctx: Ctx, text: string): Promise<ImportPreview> {
    const shop = await this.shops.requireOwnShop(ctx)
    const file = await this.read(text)
    const skus = file.rows.flatMap((row) => (row.sku === null ? [] : [row.sku]))
    const existing = await importRepo.existingSkus(this.db, shop.id, skus)
    const toUpdate = file.rows.filter((row) => row.sku !== null && existing.has(row.sku)).length
    return {
      totalRows: file.totalRows,
      validRows: file.rows.length,
      failedRows: failedLines(file.issues),
      toCreate: file.rows.length - toUpdate,
      toUpdate,
      rows: file.rows.slice(0, IMPORT_LIMITS.previewRows).map((row) => ({
        line: row.line,
        sku: row.sku,
        name: row.body.name,
        category: row.categoryText,
        price: row.body.price,
        comparePrice: row.body.comparePrice ?? null,
        stockQty: row.body.stockQty,
        isActive: row.body.isActive,
        imageUrls: row.imageUrls.length,
        action: row.sku !== null && existing.has(row.sku) ? 'update' : 'create',
      })),
      errors: byLine(file.issues),
      imageNote: IMPORT_MESSAGES.imagesFetched,
      limits: { maxBytes: IMPORT_LIMITS.maxBytes, maxRows: IMPORT_LIMITS.maxRows },
    }
  }

  /** Checks the file, keeps its good lines and starts the job; the failed lines are reported from the start. */
  async start(ctx: Ctx, text: string): Promise<ProductImport> {
    const shop = await this.shops.requireOwnShop(ctx)
    const file = await this.read(text)
    const id = await this.db.transaction(async (t) => {
      const importId = await importRepo.insertImport(t, {
        shopId: shop.id,
        totalRows: file.totalRows,
        rows: file.rows.map(toStored),
        failures: file.issues,
      })
      if (file.rows.length > 0) await enqueueJob(t, { kind: PRODUCT_IMPORT_JOB, payload: { importId } })
      else await importRepo.recordBatch(t, importId, { applied: 0, created: 0, updated: 0, failures: [] })
      return importId
    })
    this.jobs.kick()
    return this.progress(shop.id, id)
  }

  async get(ctx: Ctx, importId: number): Promise<ProductImport> {
    const shop = await this.shops.requireOwnShop(ctx)
    return this.progress(shop.id, importId)
  }

  async exportCsv(ctx: Ctx): Promise<string> {
    const shop = await this.shops.requireOwnShop(ctx)
    const rows = await importRepo.productsForExport(this.db, shop.id)
    return productsCsv(
      rows.map((row) => ({
        sku: row.sku,
        name: row.name,
        description: row.description,
        categorySlug: row.category_slug,
        ...formPrices(row.price_cents, row.discounted_price_cents),
        stockQty: row.stock_qty,
        lowStockThreshold: row.low_stock_threshold,
        isActive: row.is_active,
        imageUrls: row.pending_image_urls,
        variant:
          row.handle === null || row.option_names === null
            ? null
            : { handle: row.handle, optionNames: row.option_names, optionValues: row.option_values },
      })),
    )
  }

  /**
   * Applies the import's next batches until none is left (a run after a crash goes on where the last one stopped).
   * A batch's images are fetched and processed before its transaction (never holding it open on the network), for
   * the lines that add a product or update one without photos; they are stored with the batch's products.
   */
  async runJob(job: Job): Promise<undefined> {
    const importId = Number(job.payload.importId)
    for (;;) {
      const ahead = await importRepo.nextLines(this.db, importId, BATCH)
      if (ahead === null || ahead.lines.length === 0) return undefined
      const lines = imageBatch(ahead.lines as StoredLine[])
      const fetched = await this.fetchImages(ahead.business_id, lines)
      const written: string[] = []
      try {
        await this.db.transaction(async (t) => {
          const next = await importRepo.nextLines(t, importId, lines.length)
          // Another run applied these lines meanwhile: look again.
          if (next === null || next.applied_rows !== ahead.applied_rows) return
          const batch = { applied: lines.length, created: 0, updated: 0, failures: [] as ImportIssue[] }
          const skus = lines.flatMap((line) => (line.sku === null ? [] : [line.sku]))
          const existing = await importRepo.productsBySku(t, next.business_id, skus)
          const leaves = new Map<number, boolean>()
          for (const line of lines) {
            const outcome = await this.apply(t, next.business_id, line, existing, leaves)
            if ('message' in outcome) {
              batch.failures.push(outcome)
              continue
            }
            if (outcome.created) batch.created++
            else batch.updated++
            const images = fetched.get(line.line)
            if (images) batch.failures.push(...(await this.addImages(t, outcome, line, images, written)))
          }
          await importRepo.recordBatch(t, importId, batch)
        })
      } catch (error) {
        await this.images.discard(written)
        throw error
      }
    }
  }

  /** The images of the lines that will get them: new products, and products of the shop without photos yet. */
  private async fetchImages(shopId: number, lines: readonly StoredLine[]): Promise<Map<number, LineImages>> {
    const wanting = lines.filter((line) => line.imageUrls.length > 0)
    const skus = wanting.flatMap((line) => (line.sku === null ? [] : [line.sku]))
    const withPhotos = await importRepo.skusWithImages(this.db, shopId, skus)
    const lacking = wanting.filter((line) => line.sku === null || !withPhotos.has(line.sku))
    const images = await Promise.all(lacking.map((line) => fetchLineImages(line.imageUrls, this.imageFetch)))
    return new Map(lacking.map((line, n) => [line.line, images[n] ?? { images: [], problems: [] }]))
  }

  /** The line's fetched photos stored with its product (none for a product given photos meanwhile); what failed. */
  private async addImages(
    t: Db,
    product: Applied,
    line: StoredLine,
    fetched: LineImages,
    written: string[],
  ): Promise<ImportIssue[]> {
    const problems = fetched.problems.map((message) => ({
      line: line.line,
      field: 'image_urls',
      message,
      kind: 'image' as const,
    }))
    if (fetched.images.length === 0) return problems
    if (!product.created && (await repo.imagesOf(t, product.productId)).length > 0) return problems
    await this.images.addProcessed(t, product.productId, line.body.name, fetched.images, written)
    return problems
  }

  /** One line: the shop's product with its SKU updated, or a new product; or why not. */
  private async apply(
    t: Db,
    shopId: number,
    line: StoredLine,
    existing: Awaited<ReturnType<typeof importRepo.productsBySku>>,
    leaves: Map<number, boolean>,
  ): Promise<Applied | ImportIssue> {
    const { body } = line
    let isLeaf = leaves.get(body.categoryId)
    if (isLeaf === undefined) {
      isLeaf = await repo.isLeafCategory(t, body.categoryId)
      leaves.set(body.categoryId, isLeaf)
    }
    if (!isLeaf) {
      return { line: line.line, field: 'category', message: LEAF_MESSAGE }
    }
    const fields = {
      name: body.name,
      description: body.description,
      categoryId: body.categoryId,
      ...pricesFromForm(body.price, body.comparePrice),
      stockQty: body.stockQty,
      lowStockThreshold: body.lowStockThreshold,
      isActive: body.isActive,
      sku: line.sku,
      pendingImageUrls: line.imageUrls,
    }
    const current = line.sku === null ? null : existing.get(line.sku)
    if (current && body.isActive && !current.is_active && current.deactivated_reason) {
      return {
        line: line.line,
        field: 'status',
        message: `An admin took this product down: ${current.deactivated_reason} Set it to draft, or contact Soko support.`,
      }
    }
    const variant = line.variant ?? null
    const family = variant === null ? null : await this.familyOf(t, shopId, line, variant, current?.id ?? null)
    if (family !== null && 'message' in family) return family
    let applied: Applied
    if (current) {
      await repo.updateProduct(t, current.id, { ...fields, slug: current.slug })
      applied = { productId: current.id, created: false }
    } else {
      const slug = await repo.freeProductSlug(t, slugFromName(body.name) || 'product')
      applied = { productId: await repo.insertProduct(t, shopId, { ...fields, slug }), created: true }
    }
    if (family !== null && variant !== null) {
      const optionValues = variant.optionValues
      const name = variantName(family.name, optionValues)
      await repo.setVariant(t, applied.productId, { familyId: family.id, optionValues, name })
    }
    return applied
  }

  /**
   * The family a variant's line joins: the shop's product with its handle (made by the handle's first line, named
   * by it without its values), checked as the portal checks a new variant; or why the line cannot join it.
   */
  private async familyOf(
    t: Db,
    shopId: number,
    line: StoredLine,
    variant: ImportVariant,
    productId: number | null,
  ): Promise<{ id: number; name: string } | ImportIssue> {
    const found = await repo.familyByHandle(t, shopId, variant.handle)
    if (found === null) {
      const name = familyNameOf(line.body.name, variant.optionValues)
      return { id: await repo.insertFamily(t, shopId, name, variant.optionNames, variant.handle), name }
    }
    const names = found.optionNames.map((name) => name.toLowerCase())
    if (names.join('\u001f') !== variant.optionNames.map((name) => name.toLowerCase()).join('\u001f')) {
      return {
        line: line.line,
        field: 'option1_name',
        message: `The product ${variant.handle} has the options ${found.optionNames.join(', ')}: give a value for each, in that order`,
      }
    }
    const others = (await repo.variantsOf(t, found.id)).filter((other) => other.id !== productId)
    const problem = optionValuesProblem(
      found.optionNames,
      variant.optionValues,
      others.map((other) => other.optionValues),
    )
    return problem ? { line: line.line, field: 'option1_value', message: problem } : found
  }

  private async read(text: string) {
    if (Buffer.byteLength(text, 'utf8') > IMPORT_LIMITS.maxBytes) {
      throw new AppError('payload_too_large', IMPORT_MESSAGES.tooLarge)
    }
    const file = readImportFile(text, categoryLookup(await importRepo.activeCategories(this.db)))
    if (!file.ok) throw new AppError('invalid_data', file.message, { file: [file.message] })
    return file
  }

  private async progress(shopId: number, importId: number): Promise<ProductImport> {
    const row = await importRepo.importOfShop(this.db, shopId, importId)
    if (!row) throw new AppError('not_found', IMPORT_MESSAGES.importNotFound)
    const state = row.state === 'done' || row.state === 'running' ? row.state : 'queued'
    const issue = ({ line, field, message }: ImportIssue): ImportIssue => ({ line, field, message })
    const failures = row.failures.filter((record) => record.kind !== 'image').map(issue)
    const imageFailures = row.failures.filter((record) => record.kind === 'image').map(issue)
    return {
      id: row.id,
      state,
      totalRows: row.total_rows,
      rowsDone: row.total_rows - (row.row_count - row.applied_rows),
      created: row.created,
      updated: row.updated,
      failed: failedLines(failures),
      failures: byLine(failures),
      imageFailures: byLine(imageFailures),
      createdAt: row.created_at.toISOString(),
      finishedAt: row.finished_at?.toISOString() ?? null,
    }
  }
}
