import multipart from '@fastify/multipart'
import { ErrorSchema } from '@soko/contract/health'
import {
  type ApplyBody,
  ApplyBodySchema,
  DashboardSchema,
  ImageOrderBodySchema,
  LeafCategoryListSchema,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  PayoutSummarySchema,
  ProductBodySchema,
  type Shop,
  ShopSchema,
  ShopUpdateBodySchema,
  StockBodySchema,
  VENDOR_MESSAGES,
  VendorImageParamsSchema,
  VendorImageSchema,
  VendorProductDetailSchema,
  VendorProductPageSchema,
  VendorProductParamsSchema,
  VendorProductSchema,
  VendorProductsQuerySchema,
} from '@soko/contract/vendor'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { appendCookie, type Ctx, ctxOf, requireRole, requireUser, serializeCookie } from '../../plugins/auth.ts'
import { AppError } from '../../plugins/errors.ts'
import { documented, guardArea, NoContent, PRIVATE_ERRORS } from '../../plugins/route-options.ts'
import type { SessionStore } from '../accounts/sessions.ts'
import { displayName, type ProductImageService, type UploadedFile } from '../catalog/product-images.ts'
import type { ShopProductService } from '../catalog/shop-products.ts'
import type { VendorReports } from './reports.ts'
import type { ShopService } from './shop.ts'

const doc = documented({ tags: ['vendor'], errors: PRIVATE_ERRORS })
const ImagesSchema = z.array(VendorImageSchema)

/** The most an upload request may carry: 8 photos of 10 MB, and the form's own bytes. */
const MAX_UPLOAD_BYTES = MAX_PRODUCT_IMAGES * MAX_IMAGE_BYTES + 1024 * 1024
const tooLarge = (name: string) =>
  new AppError('payload_too_large', `"${name}" is larger than 10 MB: send a smaller photo.`, {
    image: [`"${name}" is larger than 10 MB`],
  })
const tooMany = () =>
  new AppError('invalid_data', VENDOR_MESSAGES.tooManyImages, { image: [VENDOR_MESSAGES.tooManyImages] })

/** @fastify/multipart's own errors, in our words and codes. */
function uploadError(error: unknown, name: string): unknown {
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(name)
    case 'FST_FILES_LIMIT':
      return tooMany()
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('invalid_data', 'Send only the photos (form field "image").')
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('unsupported_media_type', 'Send the photos as multipart/form-data.')
    default:
      return error
  }
}

/** The request's files, one at a time, each read whole (at most 10 MB) when the service asks for it. */
async function* uploadedFiles(request: FastifyRequest): AsyncGenerator<UploadedFile> {
  let name = 'the file'
  try {
    for await (const part of request.files()) {
      name = displayName(part.filename)
      const fileName = name
      yield {
        filename: part.filename,
        read: () => part.toBuffer().catch((error: unknown) => Promise.reject(uploadError(error, fileName))),
      }
    }
  } catch (error) {
    throw uploadError(error, name)
  }
}

/**
 * /api/vendor/...: opening a shop (any signed-in customer), and the shop's own profile, dashboard, products,
 * photos and payouts (its owner, a vendor, only). Orders to fulfil are in routes.ts.
 */
export function vendorPortalRoutes(deps: {
  /** Opening a shop (the open-shop flow: the shop, and the account becomes a vendor's). */
  openShop: { run(ctx: Ctx, body: ApplyBody): Promise<Shop> }
  shops: ShopService
  products: ShopProductService
  images: ProductImageService
  reports: VendorReports
  sessions: SessionStore
  /** The session cookie's settings (a shop's opening gives its owner a new one). */
  cookie: { name: string; secure: boolean }
}): FastifyPluginAsyncZod {
  const { openShop, shops, products, images, reports, sessions, cookie } = deps

  return async (app) => {
    await app.register(multipart, {
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        // One more than a product may hold, so that the 9th photo is answered in our words, not busboy's.
        files: MAX_PRODUCT_IMAGES + 1,
        fields: 10,
        parts: MAX_PRODUCT_IMAGES + 11,
        fieldSize: 1024,
      },
    })
    // Signed in (401) for every call; the vendor role (403) for every call but opening a shop. Checked before the
    // body is read, so a customer's upload is refused before a byte of it is parsed.
    guardArea(app, (request) =>
      request.routeOptions.url === '/api/vendor/apply/' ? requireUser(request) : requireRole(request, 'vendor'),
    )

    app.post(
      '/api/vendor/apply/',
      doc('Open a shop: a signed-in customer becomes a vendor (live at once, unverified until checked)', {
        body: ApplyBodySchema,
        response: { 201: ShopSchema, 429: ErrorSchema },
      }),
      async (request, reply) => {
        const ctx = ctxOf(request)
        const shop = await openShop.run(ctx, request.body)
        // A change of privilege gets a new session cookie (the old one stops working): no fixation across it.
        if (ctx.via === 'cookie' && ctx.sessionId !== null) {
          const token = await sessions.renewCookie(ctx.sessionId)
          appendCookie(
            reply,
            serializeCookie(cookie.name, token, {
              maxAgeSeconds: sessions.timeouts.absoluteSeconds,
              secure: cookie.secure,
            }),
          )
        }
        return reply.status(201).send(shop)
      },
    )

    app.get(
      '/api/vendor/shop/',
      doc('Your shop profile, with its verified and suspended state', { response: { 200: ShopSchema } }),
      async (request) => shops.get(ctxOf(request)),
    )

    app.put(
      '/api/vendor/shop/',
      doc('Edit your shop profile (a new payout number needs currentPassword)', {
        body: ShopUpdateBodySchema,
        response: { 200: ShopSchema, 429: ErrorSchema },
      }),
      async (request) => shops.update(ctxOf(request), request.body),
    )

    app.get(
      '/api/vendor/dashboard/',
      doc("Your shop's sales today and this month, orders to ship, low stock and the last 30 days", {
        response: { 200: DashboardSchema },
      }),
      async (request) => reports.dashboard(ctxOf(request)),
    )

    app.get(
      '/api/vendor/categories/',
      doc('The categories a product can be put in (leaves of the tree)', { response: { 200: LeafCategoryListSchema } }),
      async (request) => products.leafCategories(ctxOf(request)),
    )

    app.get(
      '/api/vendor/products/',
      doc("Your shop's products, active or not, newest first", {
        querystring: VendorProductsQuerySchema,
        response: { 200: VendorProductPageSchema },
      }),
      async (request) => products.list(ctxOf(request), request.query),
    )

    app.post(
      '/api/vendor/products/',
      doc('Add a product (it appears in the catalogue and search at once when active)', {
        body: ProductBodySchema,
        response: { 201: VendorProductDetailSchema },
      }),
      async (request, reply) => reply.status(201).send(await products.create(ctxOf(request), request.body)),
    )

    app.get(
      '/api/vendor/products/:id/',
      doc('One of your products, as the edit form needs it', {
        params: VendorProductParamsSchema,
        response: { 200: VendorProductDetailSchema },
      }),
      async (request) => products.get(ctxOf(request), request.params.id),
    )

    app.put(
      '/api/vendor/products/:id/',
      doc('Edit a product (the whole form). One an admin took down cannot be switched back on (403)', {
        params: VendorProductParamsSchema,
        body: ProductBodySchema,
        response: { 200: VendorProductDetailSchema },
      }),
      async (request) => products.update(ctxOf(request), request.params.id, request.body),
    )

    app.patch(
      '/api/vendor/products/:id/stock/',
      doc("Set a product's stock", {
        params: VendorProductParamsSchema,
        body: StockBodySchema,
        response: { 200: VendorProductSchema },
      }),
      async (request) => products.setStock(ctxOf(request), request.params.id, request.body.stockQty),
    )

    app.delete(
      '/api/vendor/products/:id/',
      doc('Take a product off sale (it is kept for the orders that bought it)', {
        params: VendorProductParamsSchema,
        response: { 204: NoContent },
      }),
      async (request, reply) => {
        await products.deactivate(ctxOf(request), request.params.id)
        return reply.status(204).send(null)
      },
    )

    app.get(
      '/api/vendor/products/:id/images/',
      doc("A product's images, the primary first", {
        params: VendorProductParamsSchema,
        response: { 200: ImagesSchema },
      }),
      async (request) => images.list(ctxOf(request), request.params.id),
    )

    app.post(
      '/api/vendor/products/:id/images/',
      {
        ...doc(
          'Upload photos (multipart/form-data, field "image", one or more): JPEG, PNG, WebP or HEIC by content, 10 MB each, 8 per product',
          {
            params: VendorProductParamsSchema,
            consumes: ['multipart/form-data'],
            response: { 201: ImagesSchema, 413: ErrorSchema, 415: ErrorSchema },
          },
        ),
        bodyLimit: MAX_UPLOAD_BYTES,
        onRequest: async (request) => {
          if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/form-data')) {
            throw new AppError('unsupported_media_type', 'Send the photos as multipart/form-data (field "image").')
          }
          if (Number(request.headers['content-length'] ?? 0) > MAX_UPLOAD_BYTES) {
            throw new AppError('payload_too_large', 'Send at most 8 photos of 10 MB each.')
          }
        },
      },
      async (request, reply) => {
        const list = await images.upload(ctxOf(request), request.params.id, uploadedFiles(request))
        return reply.status(201).send(list)
      },
    )

    app.put(
      '/api/vendor/products/:id/images/order/',
      doc("Order a product's images; the first becomes the primary image", {
        params: VendorProductParamsSchema,
        body: ImageOrderBodySchema,
        response: { 200: ImagesSchema },
      }),
      async (request) => images.reorder(ctxOf(request), request.params.id, request.body.imageIds),
    )

    app.delete(
      '/api/vendor/products/:id/images/:imageId/',
      doc('Remove an image from a product', { params: VendorImageParamsSchema, response: { 200: ImagesSchema } }),
      async (request) => images.remove(ctxOf(request), request.params.id, request.params.imageId),
    )

    app.get(
      '/api/vendor/payouts/',
      doc('What Soko owes your shop: delivered orders less commission, less payouts made', {
        response: { 200: PayoutSummarySchema },
      }),
      async (request) => reports.payouts(ctxOf(request)),
    )
  }
}
