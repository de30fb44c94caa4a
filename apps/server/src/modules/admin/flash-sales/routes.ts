import { flashSaleEndpoints } from '@soko/contract/flash-sales'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { serve } from '../../../plugins/endpoints.ts'
import type { AdminFlashSalesService } from './service.ts'

export function adminFlashSaleRoutes(sales: AdminFlashSalesService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, flashSaleEndpoints, 'GET /api/admin/flash-sales/', async (request) => sales.list(ctxOf(request)))
    serve(app, flashSaleEndpoints, 'POST /api/admin/flash-sales/', async (request) =>
      sales.schedule(ctxOf(request), request.body),
    )
    serve(app, flashSaleEndpoints, 'POST /api/admin/flash-sales/:id/cancel/', async (request) =>
      sales.cancel(ctxOf(request), request.params.id),
    )
  }
}
