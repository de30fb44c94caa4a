import {
  AdminIdParamsSchema,
  AdminProductSchema,
  AdminProductsPageSchema,
  AdminProductsQuerySchema,
  ReasonBodySchema,
} from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { doc } from '../guard.ts'
import type { AdminProductsService } from './service.ts'

export function adminProductRoutes(products: AdminProductsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/products/',
      doc('Every product of every shop, inactive ones too (q: name, slug or shop)', {
        querystring: AdminProductsQuerySchema,
        response: { 200: AdminProductsPageSchema },
      }),
      async (request) => products.list(ctxOf(request), request.query),
    )

    app.post(
      '/api/admin/products/:id/deactivate/',
      doc('Take a product down: it leaves the storefront and search at once; its shop sees the reason', {
        params: AdminIdParamsSchema,
        body: ReasonBodySchema,
        response: { 200: AdminProductSchema },
      }),
      async (request) => products.deactivate(ctxOf(request), request.params.id, request.body.reason),
    )

    app.post(
      '/api/admin/products/:id/reactivate/',
      doc('Put back a product an admin took down', {
        params: AdminIdParamsSchema,
        response: { 200: AdminProductSchema },
      }),
      async (request) => products.reactivate(ctxOf(request), request.params.id),
    )
  }
}
