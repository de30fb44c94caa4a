import { categories as categoryTable } from '@soko/db/schema/catalog'
import { typedRows } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { type Answer, type Client, newCustomer, type Reachable } from './accounts.ts'
import type { TestServer } from './test-server.ts'

export interface Shop {
  id: number
  slug: string
  name: string
  type: string
  county: string
  phone: string
  payoutPhone: string | null
  isVerified: boolean
  isActive: boolean
  isSuspended: boolean
  suspendedReason: string | null
}

export interface VendorImage {
  id: number
  position: number
  isPrimary: boolean
  isUploaded: boolean
  thumbnail: string
  medium: string
  original: string
}

export interface VendorProduct {
  id: number
  name: string
  slug: string
  category: { id: number; name: string }
  price: number
  comparePrice: number | null
  discountPercentage: number
  stockQty: number
  isActive: boolean
  deactivatedReason: string | null
  thumbnail: string | null
  imageCount: number
  description?: string
  images?: VendorImage[]
}

export interface ErrorAnswer {
  detail: string
  code: string
  errors?: Record<string, string[]>
}

export function applyBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Mama Mboga Fresh',
    type: 'Retailer',
    county: 'Nairobi',
    town: 'Kawangware',
    phone: '0712 345 678',
    payoutPhone: '0722 000 111',
    description: 'Fresh vegetables every morning',
    ...overrides,
  }
}

/** A new customer who opens a shop through the API: a vendor, signed in, with the shop. */
export async function newVendor(server: Reachable, overrides: Record<string, unknown> = {}) {
  const customer = await newCustomer(server)
  const answer = await customer.client.post<Shop>('/api/vendor/apply/', applyBody(overrides))
  if (answer.status !== 201) throw new Error(`apply failed: ${answer.status} ${JSON.stringify(answer.body)}`)
  return { ...customer, shop: answer.body }
}

/** A new vendor's shop selling one product (50 in stock) in the category `categoryId`: its client, id and product. */
export async function shopSelling(server: TestServer, categoryId: number, name: string, price: number) {
  const vendor = await newVendor(server)
  const answer = await vendor.client.post<VendorProduct>(
    '/api/vendor/products/',
    productBody(categoryId, { name, price, stockQty: 50 }),
  )
  if (answer.status !== 201) throw new Error(`product failed: ${answer.status} ${JSON.stringify(answer.body)}`)
  return { client: vendor.client, id: vendor.shop.id, productId: answer.body.id }
}

/** Some leaf category (no sub-categories) and some top-level one that has sub-categories. */
export async function categories(server: TestServer): Promise<{ leaf: number; parent: number }> {
  const [leaf] = await typedRows(
    server.database.db,
    { id: categoryTable.id },
    sql`select c.id from categories c where c.is_active and c.parent_id is not null
        and not exists (select 1 from categories ch where ch.parent_id = c.id) order by c.id limit 1`,
  )
  const [parent] = await typedRows(
    server.database.db,
    { id: categoryTable.id },
    sql`select c.id from categories c where exists (select 1 from categories ch where ch.parent_id = c.id)
        order by c.id limit 1`,
  )
  if (!leaf || !parent) throw new Error('fixture: no categories')
  return { leaf: leaf.id, parent: parent.id }
}

export function productBody(categoryId: number, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Sukuma wiki bunch',
    description: 'Freshly picked this morning',
    categoryId,
    price: 40,
    stockQty: 25,
    isActive: true,
    ...overrides,
  }
}

export interface UploadFile {
  name: string
  data: Buffer
  type?: string
}

/** POSTs files as multipart/form-data (field "image") with the client's session, as the browser's form would. */
export function upload(
  client: Client,
  productId: number,
  files: UploadFile[],
  field = 'image',
): Promise<Answer<VendorImage[] & ErrorAnswer>> {
  return uploadTo(client, `/api/vendor/products/${productId}/images/`, files, { field })
}

/** Sends `files` as multipart/form-data (field `image` unless told) to `path`, as the client (cookie and headers). */
export async function uploadTo<T>(
  client: Client,
  path: string,
  files: UploadFile[],
  options: { field?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T & ErrorAnswer>> {
  const form = new FormData()
  for (const file of files) {
    const type = file.type ?? 'image/jpeg'
    form.append(options.field ?? 'image', new Blob([new Uint8Array(file.data)], { type }), file.name)
  }
  const headers: Record<string, string> = { origin: client.server.url, ...options.headers }
  if (client.cookies.size > 0) headers.cookie = client.cookieHeader
  const response = await fetch(`${client.server.url}${path}`, { method: 'POST', headers, body: form })
  const text = await response.text()
  const body = response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text
  return { status: response.status, headers: response.headers, body }
}

/** A camera-sized JPEG (a gradient, so it compresses like a photo rather than to nothing). */
export async function cameraJpeg(width = 4000, height = 3000, orientation?: number): Promise<Buffer> {
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#2e7d32"/><stop offset="1" stop-color="#fbc02d"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}"
        fill="#c62828"/></svg>`,
  )
  const image = sharp(gradient).jpeg({ quality: 85 })
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer()
}

export async function pngImage(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 0.8 } } })
    .png()
    .toBuffer()
}

/** The width and height of an image the server serves. */
export async function servedSize(server: TestServer, path: string) {
  const response = await fetch(`${server.url}${path}`)
  if (response.status !== 200) return { status: response.status, width: 0, height: 0, format: '' }
  const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
  return { status: 200, width: metadata.width, height: metadata.height, format: metadata.format }
}
