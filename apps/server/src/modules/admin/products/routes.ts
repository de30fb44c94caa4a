import { adminEndpoints } from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { serve } from '../../../plugins/endpoints.ts'
import type { AdminProductsService } from './service.ts'

export function adminProductRoutes(products: AdminProductsService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, adminEndpoints, 'GET /api/admin/products/', async (request) =>
      products.list(ctxOf(request), request.query),
    )
    serve(app, adminEndpoints, 'POST /api/admin/products/:id/deactivate/', async (request) =>
      products.deactivate(ctxOf(request), request.params.id, request.body.reason),
    )
    serve(app, adminEndpoints, 'POST /api/admin/products/:id/reactivate/', async (request) =>
      products.reactivate(ctxOf(request), request.params.id),
    )
  }
}
