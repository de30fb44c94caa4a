import { flashSaleEndpoints } from '@soko/contract/flash-sales'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { serve } from '../../plugins/endpoints.ts'
import type { FlashSaleCatalog } from './flash-sales.ts'

/** The running flash sales: read fresh on every request (units left change with every order), never stored. */
export function flashSaleRoutes(sales: FlashSaleCatalog): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, flashSaleEndpoints, 'GET /api/marketplace/flash-sales/', async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return sales.listRunning(request.query.product_id ?? null)
    })
  }
}
