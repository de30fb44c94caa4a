import multipart from '@fastify/multipart'
import { IMPORT_LIMITS, IMPORT_MESSAGES, productImportEndpoints } from '@soko/contract/product-import'
import { type ApplyBody, type Shop, vendorEndpoints } from '@soko/contract/vendor'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { appendCookie, type Ctx, ctxOf, requireRole, requireUser, serializeCookie } from '../../plugins/auth.ts'
import { serve } from '../../plugins/endpoints.ts'
import { AppError } from '../../plugins/errors.ts'
import { guardArea } from '../../plugins/route-options.ts'
import { multipartLimits, uploadedFiles, uploadRouteOptions } from '../../plugins/uploads.ts'
import type { SessionStore } from '../accounts/sessions.ts'
import { PRODUCT_PHOTO_LIMITS, type ProductImageService } from '../catalog/product-images.ts'
import type { ProductImportService } from '../catalog/product-import.ts'
import type { ShopProductService } from '../catalog/shop-products.ts'
import type { VendorReports } from './reports.ts'
import type { ShopService } from './shop.ts'

/**
 * /api/vendor/...: opening a shop (any signed-in customer), and the shop's own profile, dashboard, products,
 * photos and payouts (its owner, a vendor, only). Orders to fulfil are in routes.ts.
 */
export function vendorPortalRoutes(deps: {
  /** Opening a shop (the open-shop flow: the shop, and the account becomes a vendor's). */
  openShop: { run(ctx: Ctx, body: ApplyBody): Promise<Shop> }
  shops: ShopService
  products: ShopProductService
  /** CSV import and export of the shop's products. */
  imports: ProductImportService
  images: ProductImageService
  reports: VendorReports
  sessions: SessionStore
  /** The session cookie's settings (a shop's opening gives its owner a new one). */
  cookie: { name: string; secure: boolean }
}): FastifyPluginAsyncZod {
  const { openShop, shops, products, imports, images, reports, sessions, cookie } = deps

  return async (app) => {
    await app.register(multipart, { limits: multipartLimits(PRODUCT_PHOTO_LIMITS) })
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

    serve(app, vendorEndpoints, 'GET /api/vendor/products/:id/variants/', async (request) =>
      products.variants(ctxOf(request), request.params.id),
    )

    serve(app, vendorEndpoints, 'POST /api/vendor/products/:id/variants/', async (request) =>
      products.addVariant(ctxOf(request), request.params.id, request.body),
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
      async (request) => images.upload(ctxOf(request), request.params.id, uploadedFiles(request, PRODUCT_PHOTO_LIMITS)),
      uploadRouteOptions(PRODUCT_PHOTO_LIMITS),
    )

    serve(app, vendorEndpoints, 'PUT /api/vendor/products/:id/images/order/', async (request) =>
      images.reorder(ctxOf(request), request.params.id, request.body.imageIds),
    )

    serve(app, vendorEndpoints, 'DELETE /api/vendor/products/:id/images/:imageId/', async (request) =>
      images.remove(ctxOf(request), request.params.id, request.params.imageId),
    )

    serve(app, vendorEndpoints, 'GET /api/vendor/payouts/', async (request) => reports.payouts(ctxOf(request)))

    serve(app, vendorEndpoints, 'GET /api/vendor/statement/', async (request) =>
      reports.statement(ctxOf(request), request.query),
    )

    serve(app, vendorEndpoints, 'GET /api/vendor/statement.csv', async (request, reply) => {
      const { filename, text } = await reports.statementCsv(ctxOf(request), request.query)
      return sendCsv(reply, filename, text)
    })

    // CSV import and export: the file is the request body (text/csv), read as text up to the import's limit.
    app.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: IMPORT_LIMITS.maxBytes },
      (_request, body, done) => done(null, body),
    )
    const csvUpload = { bodyLimit: IMPORT_LIMITS.maxBytes, onRequest: refuseOtherThanCsv }

    serve(app, productImportEndpoints, 'GET /api/vendor/products/import/template.csv', async (request, reply) =>
      sendCsv(reply, 'soko-products-template.csv', await imports.template(ctxOf(request))),
    )

    serve(
      app,
      productImportEndpoints,
      'POST /api/vendor/products/import/preview/',
      async (request) => imports.preview(ctxOf(request), request.body),
      csvUpload,
    )

    serve(
      app,
      productImportEndpoints,
      'POST /api/vendor/products/import/',
      async (request) => imports.start(ctxOf(request), request.body),
      csvUpload,
    )

    serve(app, productImportEndpoints, 'GET /api/vendor/products/import/:id/', async (request) =>
      imports.get(ctxOf(request), request.params.id),
    )

    serve(app, productImportEndpoints, 'GET /api/vendor/products/export.csv', async (request, reply) =>
      sendCsv(reply, 'soko-products.csv', await imports.exportCsv(ctxOf(request))),
    )
  }
}

/** A CSV upload must say it is one, and fit: refused before its body is read, in words a vendor can act on. */
async function refuseOtherThanCsv(request: FastifyRequest): Promise<void> {
  if (!request.headers['content-type']?.toLowerCase().startsWith('text/csv')) {
    throw new AppError('unsupported_media_type', 'Send the file as text/csv (a spreadsheet saved as CSV).')
  }
  if (Number(request.headers['content-length'] ?? 0) > IMPORT_LIMITS.maxBytes) {
    throw new AppError('payload_too_large', IMPORT_MESSAGES.tooLarge)
  }
}

/** A CSV file to download, UTF-8 with a byte-order mark so spreadsheets read its accents and shillings right. */
function sendCsv(reply: FastifyReply, filename: string, text: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(`\ufeff${text}`)
}
