import { ProductBodySchema, type VendorProductDetail } from '@soko/contract/vendor'
import { slugFromName } from '@soko/domain/slug'
import type { z } from 'zod'

// The product form's values as typed (strings, so nothing typed is lost or reformatted), their checks with the
// API's own schema, and the category choices grouped by parent.

export const PRODUCT_FIELDS = [
  'name',
  'slug',
  'description',
  'categoryId',
  'price',
  'comparePrice',
  'stockQty',
  'lowStockThreshold',
  'sku',
] as const
export type ProductField = (typeof PRODUCT_FIELDS)[number] | 'isActive'
export type ProductValues = Record<(typeof PRODUCT_FIELDS)[number], string> & { isActive: boolean }
export type ProductErrors = Partial<Record<ProductField, string>>

export function emptyProduct(): ProductValues {
  return {
    name: '',
    slug: '',
    description: '',
    categoryId: '',
    price: '',
    comparePrice: '',
    stockQty: '',
    lowStockThreshold: '5',
    sku: '',
    isActive: true,
  }
}

export function productValues(product: VendorProductDetail): ProductValues {
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    categoryId: String(product.category.id),
    price: String(product.price),
    comparePrice: product.comparePrice === null ? '' : String(product.comparePrice),
    stockQty: String(product.stockQty),
    lowStockThreshold: String(product.lowStockThreshold),
    sku: product.sku ?? '',
    isActive: product.isActive,
  }
}

/** The slug the name suggests (the same rule as the server's): "Sukuma Wiki (1 kg)" → "sukuma-wiki-1-kg". */
export const suggestSlug = slugFromName

/** A typed amount as a number: "1,250" and "KSh 1250" read as 1250; blank is absent; anything else is NaN. */
export function readNumber(text: string): number | undefined {
  const clean = text.replace(/ksh|kes|,|\s/gi, '')
  if (clean === '') return undefined
  return /^-?\d+(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN
}

const REQUIRED: Partial<Record<ProductField, string>> = {
  categoryId: 'Category is required',
  price: 'Price is required',
  stockQty: 'Stock is required',
}

/** The body the product form sends (PUT sends the whole form again). */
export type ProductBody = z.input<typeof ProductBodySchema>

export type ProductCheck = { ok: true; body: ProductBody } | { ok: false; errors: ProductErrors }

/** Checks the form with the API's schema and builds the body (PUT sends the whole form again). */
export function checkProduct(values: ProductValues): ProductCheck {
  const comparePrice = readNumber(values.comparePrice)
  const body = {
    name: values.name,
    // Blank: a new product's slug is made from its name; an edited one keeps its own.
    slug: values.slug.trim() === '' ? undefined : values.slug.trim(),
    description: values.description,
    categoryId: values.categoryId === '' ? undefined : Number(values.categoryId),
    price: readNumber(values.price),
    comparePrice: comparePrice === undefined ? null : comparePrice,
    stockQty: readNumber(values.stockQty),
    lowStockThreshold: readNumber(values.lowStockThreshold),
    isActive: values.isActive,
    // Empty clears it.
    sku: values.sku.trim(),
  }
  const errors: ProductErrors = {}
  for (const [field, message] of Object.entries(REQUIRED) as [ProductField, string][]) {
    if (body[field] === undefined) errors[field] = message
  }
  const result = ProductBodySchema.safeParse(body)
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0]
      if (typeof field === 'string') errors[field as ProductField] ??= issue.message
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  // The schema accepted it: the required numbers are there.
  return { ok: true, body: body as ProductBody }
}

export interface CategoryChoice {
  id: number
  name: string
  parent: string | null
}

export interface CategoryGroup {
  /** The parent category's name; null for categories at the top of the tree. */
  label: string | null
  options: CategoryChoice[]
}

/** The leaf categories grouped by parent (groups and options in alphabetical order), for <optgroup>s. */
export function groupCategories(categories: CategoryChoice[]): CategoryGroup[] {
  const groups = new Map<string | null, CategoryChoice[]>()
  for (const category of categories) {
    const list = groups.get(category.parent) ?? []
    list.push(category)
    groups.set(category.parent, list)
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en')
  return [...groups.entries()]
    .map(([label, options]) => ({ label, options: options.sort(byName) }))
    .sort((a, b) => (a.label === null ? -1 : b.label === null ? 1 : a.label.localeCompare(b.label, 'en')))
}

/** The first field with an error, in the form's order (where the cursor goes after a refused submit). */
export function firstProductError(errors: ProductErrors): ProductField | undefined {
  return [...PRODUCT_FIELDS, 'isActive' as const].find((field) => errors[field])
}

/**
 * The errors to show: this form's own checks, and the server's for what was sent, as long as the vendor has not
 * changed that field since (a refused slug stops being shown once it is retyped). Whether the product is on sale
 * is not typed, so its error always shows.
 */
export function shownProductErrors(
  errors: ProductErrors,
  serverErrors: ProductErrors,
  sent: ProductValues | null,
  values: ProductValues,
): ProductErrors {
  const shown: ProductErrors = { ...errors }
  for (const [field, message] of Object.entries(serverErrors) as [ProductField, string][]) {
    if (field === 'isActive' || !sent || sent[field] === values[field]) shown[field] ??= message
  }
  return shown
}
