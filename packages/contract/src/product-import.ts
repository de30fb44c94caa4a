import { parseCsv, toCsv, unguardText } from '@soko/domain/csv'
import { z } from 'zod'
import { endpoints } from './endpoint.ts'
import { type ProductBody, ProductBodySchema } from './vendor.ts'

// A shop's products as a CSV file, one product a line: the template, the preview of an upload, the background
// import and the export (docs/decisions/0025-vendor-csv-import.md). The rules of a line are the add-product form's
// own (ProductBodySchema), so a product the form refuses is refused here with the same words.

/** The columns, in the order the template and the export write them. */
export const IMPORT_COLUMNS = [
  'sku',
  'name',
  'description',
  'category',
  'price',
  'compare_at_price',
  'stock',
  'low_stock_threshold',
  'status',
  'image_urls',
] as const
export type ImportColumn = (typeof IMPORT_COLUMNS)[number]

/**
 * Kept for variants (sizes, colours), which do not exist yet: a file may carry these columns (the export writes
 * them, empty) but a value in one is refused, so files written now keep their meaning when variants arrive.
 */
export const RESERVED_VARIANT_COLUMNS = [
  'handle',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
] as const

export const ALL_IMPORT_COLUMNS = [...IMPORT_COLUMNS, ...RESERVED_VARIANT_COLUMNS] as const

/** Columns a file must have: the rest may be left out (left out means empty). */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['name', 'category', 'price', 'stock']

export const IMPORT_LIMITS = {
  /** The largest upload, in bytes. */
  maxBytes: 2 * 1024 * 1024,
  /** The most product lines one file may hold. */
  maxRows: 5000,
  /** How many parsed lines a preview shows (every error is shown, whatever the number). */
  previewRows: 50,
  maxImageUrls: 8,
  maxSkuLength: 64,
} as const

export const IMPORT_MESSAGES = {
  imagesFetched:
    'Images are downloaded from their URLs while the file is imported, for new products and products without photos (JPEG, PNG or WebP, up to 10 MB, from public web addresses). An image that cannot be had is listed with its line; the product is imported without it.',
  empty: 'The file is empty: it needs a header line and at least one product.',
  noRows: 'The file has a header line but no products.',
  tooManyRows: `The file has more than ${IMPORT_LIMITS.maxRows.toLocaleString('en-KE')} products: split it into smaller files.`,
  tooLarge: `The file is larger than ${IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB: split it into smaller files.`,
  notText: 'This is not a CSV file: save the spreadsheet as CSV (UTF-8) and upload that.',
  importNotFound: 'No such import for your shop.',
} as const

/** A problem with one line of the file: its line number (the header is line 1), the column, and what is wrong. */
export interface ImportIssue {
  line: number
  field: string
  message: string
}

/** A line that passed every check: the product it makes, keyed by its SKU within the shop (none: always new). */
export interface ImportRow {
  line: number
  sku: string | null
  body: ProductBody
  imageUrls: string[]
  /** The category as written in the file (for the preview). */
  categoryText: string
}

/** How a category cell becomes a category: its id, or the words of why not. */
export type CategoryLookup = (text: string) => { id: number } | { error: string }

export type ImportFile =
  | { ok: false; message: string }
  | { ok: true; totalRows: number; rows: ImportRow[]; issues: ImportIssue[] }

/** `Option1 Name`, `option1-name` and `OPTION1_NAME` are one column. */
export function columnKey(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
}

const NUMBER = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/
const WHOLE = /^(?:\d{1,3}(?:,\d{3})+|\d+)$/

/** "1,499.50", "KES 1500" or "Ksh1500" as 1499.5 or 1500; null for anything else. */
export function parseAmount(text: string): number | null {
  const bare = text
    .trim()
    .replace(/^(?:kes|ksh|kshs)\.?\s*/i, '')
    .trim()
  return NUMBER.test(bare) ? Number(bare.replace(/,/g, '')) : null
}

function parseWhole(text: string): number | null {
  const bare = text.trim()
  return WHOLE.test(bare) ? Number(bare.replace(/,/g, '')) : null
}

const SKU = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/

/** The form's field names as the file's columns, for its messages. */
const FIELD_COLUMN: Record<string, ImportColumn> = {
  name: 'name',
  description: 'description',
  categoryId: 'category',
  price: 'price',
  comparePrice: 'compare_at_price',
  stockQty: 'stock',
  lowStockThreshold: 'low_stock_threshold',
  isActive: 'status',
}

/** One line of the file as a product: the product, or every problem on the line (one per column at most). */
export function readImportLine(
  line: number,
  cell: (column: (typeof ALL_IMPORT_COLUMNS)[number]) => string,
  lookup: CategoryLookup,
): { ok: true; row: ImportRow } | { ok: false; issues: ImportIssue[] } {
  const problems = new Map<string, string>()
  const problem = (field: string, message: string) => {
    if (!problems.has(field)) problems.set(field, message)
  }

  const sku = cell('sku').trim()
  if (sku.length > IMPORT_LIMITS.maxSkuLength) {
    problem('sku', `SKU must be at most ${IMPORT_LIMITS.maxSkuLength} characters`)
  } else if (sku && !SKU.test(sku)) {
    problem('sku', 'SKU may hold letters, digits and . _ / - only (no spaces), starting with a letter or digit')
  }

  const categoryText = cell('category').trim()
  let categoryId: number | undefined
  if (!categoryText) problem('category', 'Category is required')
  else {
    const found = lookup(categoryText)
    if ('id' in found) categoryId = found.id
    else problem('category', found.error)
  }

  const amount = (column: ImportColumn, label: string, isRequired: boolean): number | null | undefined => {
    const text = cell(column).trim()
    if (!text) {
      if (isRequired) problem(column, `${label} is required`)
      return isRequired ? undefined : null
    }
    const value = parseAmount(text)
    if (value === null) problem(column, `${label} must be a number in KES, e.g. 1500 or 1,499.50`)
    return value ?? undefined
  }
  const price = amount('price', 'Price', true)
  const comparePrice = amount('compare_at_price', 'Compare-at price', false)

  const whole = (column: ImportColumn, label: string, isRequired: boolean): number | undefined => {
    const text = cell(column).trim()
    if (!text) {
      if (isRequired) problem(column, `${label} is required`)
      return undefined
    }
    const value = parseWhole(text)
    if (value === null) problem(column, `${label} must be a whole number, e.g. 12`)
    return value ?? undefined
  }
  const stockQty = whole('stock', 'Stock', true)
  const lowStockThreshold = whole('low_stock_threshold', 'Low-stock threshold', false)

  const statusText = cell('status').trim().toLowerCase()
  let isActive = true
  if (statusText === 'draft') isActive = false
  else if (statusText !== '' && statusText !== 'active') problem('status', 'Status must be active or draft')

  const imageUrls = cell('image_urls')
    .split('|')
    .map((url) => url.trim())
    .filter(Boolean)
  if (imageUrls.length > IMPORT_LIMITS.maxImageUrls) {
    problem('image_urls', `A product can have at most ${IMPORT_LIMITS.maxImageUrls} images`)
  }
  for (const url of imageUrls) {
    if (!isWebAddress(url)) {
      problem('image_urls', `"${url.slice(0, 60)}" is not a web address (http:// or https://)`)
      break
    }
  }

  for (const column of RESERVED_VARIANT_COLUMNS) {
    if (cell(column).trim()) {
      problem(column, `Variants are not supported yet: leave ${column} empty (one line per product)`)
    }
  }

  const candidate = {
    name: unguardText(cell('name')),
    description: unguardText(cell('description')),
    categoryId,
    price,
    comparePrice,
    stockQty,
    ...(lowStockThreshold === undefined ? {} : { lowStockThreshold }),
    isActive,
  }
  const parsed = ProductBodySchema.safeParse(candidate)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_COLUMN[String(issue.path[0] ?? '')] ?? String(issue.path[0] ?? 'name')
      problem(field, issue.message)
    }
  }
  if (problems.size > 0 || !parsed.success) {
    return { ok: false, issues: [...problems].map(([field, message]) => ({ line, field, message })) }
  }
  return { ok: true, row: { line, sku: sku || null, body: parsed.data, imageUrls, categoryText } }
}

/** An http(s) address with a host; the contract has no `URL` (it compiles without DOM or Node), so a pattern. */
const WEB_ADDRESS = /^https?:\/\/[^\s/?#@]+(?:[/?#][^\s]*)?$/i

function isWebAddress(text: string): boolean {
  return text.length <= 2000 && WEB_ADDRESS.test(text)
}

/**
 * A whole file: its header, then each line checked (`readImportLine`), and a SKU given twice refused on its later
 * line. A file that cannot be read as products at all (not CSV, no header, a column unknown or missing, too many
 * lines) answers why, and nothing else.
 */
export function readImportFile(text: string, lookup: CategoryLookup): ImportFile {
  if (text.includes('\u0000')) return { ok: false, message: IMPORT_MESSAGES.notText }
  const csv = parseCsv(text)
  if (!csv.ok) return { ok: false, message: `Line ${csv.line}: ${csv.message}.` }
  const [header, ...records] = csv.records
  if (!header) return { ok: false, message: IMPORT_MESSAGES.empty }
  const known = new Set<string>(ALL_IMPORT_COLUMNS)
  const index = new Map<string, number>()
  for (const [position, raw] of header.fields.entries()) {
    const key = columnKey(raw)
    if (!known.has(key)) {
      const shown = raw.trim().slice(0, 40)
      return {
        ok: false,
        message: `Line 1: unknown column "${shown}". The columns are: ${ALL_IMPORT_COLUMNS.join(', ')} (download the template).`,
      }
    }
    if (index.has(key)) return { ok: false, message: `Line 1: the column "${key}" is there twice.` }
    index.set(key, position)
  }
  const missing = REQUIRED_IMPORT_COLUMNS.filter((column) => !index.has(column))
  if (missing.length > 0) {
    return {
      ok: false,
      message: `Line 1: the header needs the column${missing.length === 1 ? '' : 's'} ${missing.join(', ')} (download the template).`,
    }
  }
  if (records.length === 0) return { ok: false, message: IMPORT_MESSAGES.noRows }
  if (records.length > IMPORT_LIMITS.maxRows) return { ok: false, message: IMPORT_MESSAGES.tooManyRows }

  const rows: ImportRow[] = []
  const issues: ImportIssue[] = []
  const skuLines = new Map<string, number>()
  for (const record of records) {
    if (record.fields.length > header.fields.length) {
      issues.push({
        line: record.line,
        field: 'line',
        message: `This line has ${record.fields.length} values but the header has ${header.fields.length} columns: put a value holding a comma in double quotes`,
      })
      continue
    }
    const cell = (column: string) => {
      const position = index.get(column)
      return position === undefined ? '' : (record.fields[position] ?? '')
    }
    const read = readImportLine(record.line, cell, lookup)
    if (!read.ok) {
      issues.push(...read.issues)
      continue
    }
    const { sku } = read.row
    const earlier = sku === null ? undefined : skuLines.get(sku)
    if (sku !== null && earlier !== undefined) {
      issues.push({ line: record.line, field: 'sku', message: `SKU ${sku} is already on line ${earlier}` })
      continue
    }
    if (sku !== null) skuLines.set(sku, record.line)
    rows.push(read.row)
  }
  return { ok: true, totalRows: records.length, rows, issues }
}

/** A product as a line of the file, the way the export writes it (and the import reads it back). */
export interface ExportProduct {
  sku: string | null
  name: string
  description: string
  categorySlug: string
  price: number
  comparePrice: number | null
  stockQty: number
  lowStockThreshold: number
  isActive: boolean
  imageUrls: readonly string[]
}

const TEXT_COLUMNS = new Set([1, 2])

/** The file: the header, then a line per product; the reserved variant columns are written empty. */
export function productsCsv(products: readonly ExportProduct[]): string {
  const lines = products.map((product) => [
    product.sku ?? '',
    product.name,
    product.description,
    product.categorySlug,
    String(product.price),
    product.comparePrice === null ? '' : String(product.comparePrice),
    String(product.stockQty),
    String(product.lowStockThreshold),
    product.isActive ? 'active' : 'draft',
    product.imageUrls.join('|'),
    ...RESERVED_VARIANT_COLUMNS.map(() => ''),
  ])
  return toCsv([[...ALL_IMPORT_COLUMNS], ...lines], TEXT_COLUMNS)
}

// The API

const Id = z.number().int()

export const ImportIssueSchema = z.object({
  line: z.number().int().describe('The line in the file (the header is line 1)'),
  field: z.string().describe('The column, or "line" for the line as a whole'),
  message: z.string(),
})

export const ImportPreviewSchema = z.object({
  totalRows: z.number().int().describe('Product lines in the file'),
  validRows: z.number().int().describe('Lines that will be imported'),
  failedRows: z.number().int().describe('Lines with at least one error (they will be skipped)'),
  toCreate: z.number().int().describe('Valid lines whose SKU is new to the shop (or that have none)'),
  toUpdate: z.number().int().describe("Valid lines whose SKU is one of the shop's products: they replace it"),
  rows: z
    .array(
      z.object({
        line: z.number().int(),
        sku: z.string().nullable(),
        name: z.string(),
        category: z.string(),
        price: z.number(),
        comparePrice: z.number().nullable(),
        stockQty: z.number().int(),
        isActive: z.boolean(),
        imageUrls: z.number().int().describe('How many image URLs the line gives'),
        action: z.enum(['create', 'update']),
      }),
    )
    .describe(`The first ${IMPORT_LIMITS.previewRows} valid lines`),
  errors: z.array(ImportIssueSchema).describe('Every error of the file, by line'),
  imageNote: z.string().describe('What happens to image URLs'),
  limits: z.object({ maxBytes: z.number().int(), maxRows: z.number().int() }),
})
export type ImportPreview = z.infer<typeof ImportPreviewSchema>

export const IMPORT_STATES = ['queued', 'running', 'done'] as const

export const ProductImportSchema = z.object({
  id: Id,
  state: z.enum(IMPORT_STATES),
  totalRows: z.number().int(),
  rowsDone: z.number().int().describe('Lines handled so far, failed ones included'),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int().describe('Lines not imported'),
  failures: z.array(ImportIssueSchema).describe('Why each failed line was not imported, by line'),
  imageFailures: z
    .array(ImportIssueSchema)
    .describe('Images that could not be fetched or read, by line: their products were imported without them'),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type ProductImport = z.infer<typeof ProductImportSchema>

export const ImportParamsSchema = z.object({
  id: z.coerce
    .number({ error: () => 'must be an id' })
    .int('must be an id')
    .positive('must be an id')
    .max(2 ** 31 - 1),
})

/** The upload: the CSV file itself as the request body. */
export const ImportBodySchema = z
  .string({ error: () => IMPORT_MESSAGES.notText })
  .describe(`The CSV file (text/csv, UTF-8), at most ${IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB`)

const tags = ['vendor']
const OWN_SHOP = ['unauthorized', 'forbidden', 'not_found'] as const

export const productImportEndpoints = endpoints({
  'GET /api/vendor/products/import/template.csv': {
    summary: 'The import template: the header line and one example product',
    tags,
    response: null,
    produces: ['text/csv'],
    errors: OWN_SHOP,
  },
  'POST /api/vendor/products/import/preview/': {
    summary: 'Check a CSV of products: counts, the first lines as read, and every error with its line (saves nothing)',
    tags,
    consumes: ['text/csv'],
    body: ImportBodySchema,
    response: ImportPreviewSchema,
    errors: [...OWN_SHOP, 'payload_too_large', 'unsupported_media_type'],
  },
  'POST /api/vendor/products/import/': {
    summary:
      'Import a CSV of products in the background: lines with a SKU of the shop update that product, others add one',
    description:
      'Lines with errors are skipped and reported; follow the import with GET /api/vendor/products/import/{id}/.',
    tags,
    consumes: ['text/csv'],
    body: ImportBodySchema,
    response: ProductImportSchema,
    status: 201,
    errors: [...OWN_SHOP, 'payload_too_large', 'unsupported_media_type'],
  },
  'GET /api/vendor/products/import/:id/': {
    summary: "An import's progress: lines done, products created and updated, and the failed lines with reasons",
    tags,
    params: ImportParamsSchema,
    response: ProductImportSchema,
    errors: OWN_SHOP,
  },
  'GET /api/vendor/products/export.csv': {
    summary: "Your shop's products as a CSV in the import's format (it imports back as it is)",
    tags,
    response: null,
    produces: ['text/csv'],
    errors: OWN_SHOP,
  },
})
