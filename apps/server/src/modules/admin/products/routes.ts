import {
  AdminIdParamsSchema,
  AdminProductSchema,
  AdminProductsPageSchema,
  AdminProductsQuerySchema,
  ReasonBodySchema,
} from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { adminErrors, tags } from '../guard.ts'
import type { AdminProductsService } from './service.ts'

export function adminProductRoutes(products: AdminProductsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/products/',
      {
        schema: {
          summary: 'Every product of every shop, inactive ones too (q: name, slug or shop)',
          tags,
          querystring: AdminProductsQuerySchema,
          response: { 200: AdminProductsPageSchema, ...adminErrors },
        },
      },
      async (request) => products.list(ctxOf(request), request.query),
    )

    app.post(
      '/api/admin/products/:id/deactivate/',
      {
        schema: {
          summary: 'Take a product down: it leaves the storefront and search at once; its shop sees the reason',
          tags,
          params: AdminIdParamsSchema,
          body: ReasonBodySchema,
          response: { 200: AdminProductSchema, ...adminErrors },
        },
      },
      async (request) => products.deactivate(ctxOf(request), request.params.id, request.body.reason),
    )

    app.post(
      '/api/admin/products/:id/reactivate/',
      {
        schema: {
          summary: 'Put back a product an admin took down',
          tags,
          params: AdminIdParamsSchema,
          response: { 200: AdminProductSchema, ...adminErrors },
        },
      },
      async (request) => products.reactivate(ctxOf(request), request.params.id),
    )
  }
}
