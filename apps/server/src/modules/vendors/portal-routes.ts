import multipart from '@fastify/multipart'
import {
  type ApplyBody,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  type Shop,
  VENDOR_MESSAGES,
  vendorEndpoints,
} from '@soko/contract/vendor'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { appendCookie, type Ctx, ctxOf, requireRole, requireUser, serializeCookie } from '../../plugins/auth.ts'
import { serve } from '../../plugins/endpoints.ts'
import { AppError } from '../../plugins/errors.ts'
import { guardArea } from '../../plugins/route-options.ts'
import type { SessionStore } from '../accounts/sessions.ts'
import { displayName, type ProductImageService, type UploadedFile } from '../catalog/product-images.ts'
import type { ShopProductService } from '../catalog/shop-products.ts'
import type { VendorReports } from './reports.ts'
import type { ShopService } from './shop.ts'

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

    serve(app, vendorEndpoints, 'POST /api/vendor/apply/', async (request, reply) => {
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
      return shop
    })

    serve(app, vendorEndpoints, 'GET /api/vendor/shop/', async (request) => shops.get(ctxOf(request)))

    serve(app, vendorEndpoints, 'PUT /api/vendor/shop/', async (request) => shops.update(ctxOf(request), request.body))

    serve(app, vendorEndpoints, 'GET /api/vendor/dashboard/', async (request) => reports.dashboard(ctxOf(request)))

    serve(app, vendorEndpoints, 'GET /api/vendor/categories/', async (request) =>
      products.leafCategories(ctxOf(request)),
    )

    serve(app, vendorEndpoints, 'GET /api/vendor/products/', async (request) =>
      products.list(ctxOf(request), request.query),
    )

    serve(app, vendorEndpoints, 'POST /api/vendor/products/', async (request) =>
      products.create(ctxOf(request), request.body),
    )

    serve(app, vendorEndpoints, 'GET /api/vendor/products/:id/', async (request) =>
      products.get(ctxOf(request), request.params.id),
    )

    serve(app, vendorEndpoints, 'PUT /api/vendor/products/:id/', async (request) =>
      products.update(ctxOf(request), request.params.id, request.body),
    )

    serve(app, vendorEndpoints, 'PATCH /api/vendor/products/:id/stock/', async (request) =>
      products.setStock(ctxOf(request), request.params.id, request.body.stockQty),
    )

    serve(app, vendorEndpoints, 'DELETE /api/vendor/products/:id/', async (request) => {
      await products.deactivate(ctxOf(request), request.params.id)
    })

    serve(app, vendorEndpoints, 'GET /api/vendor/products/:id/images/', async (request) =>
      images.list(ctxOf(request), request.params.id),
    )

    serve(
      app,
      vendorEndpoints,
      'POST /api/vendor/products/:id/images/',
      async (request) => {
        const list = await images.upload(ctxOf(request), request.params.id, uploadedFiles(request))
        return list
      },
      {
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
    )

    serve(app, vendorEndpoints, 'PUT /api/vendor/products/:id/images/order/', async (request) =>
      images.reorder(ctxOf(request), request.params.id, request.body.imageIds),
    )

    serve(app, vendorEndpoints, 'DELETE /api/vendor/products/:id/images/:imageId/', async (request) =>
      images.remove(ctxOf(request), request.params.id, request.params.imageId),
    )

    serve(app, vendorEndpoints, 'GET /api/vendor/payouts/', async (request) => reports.payouts(ctxOf(request)))
  }
}
