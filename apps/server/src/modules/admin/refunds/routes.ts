import { adminEndpoints } from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { serve } from '../../../plugins/endpoints.ts'
import type { AdminRefundsService } from './service.ts'

export function adminRefundRoutes(refunds: AdminRefundsService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, adminEndpoints, 'GET /api/admin/refunds/', async (request) =>
      refunds.list(ctxOf(request), request.query),
    )
    serve(app, adminEndpoints, 'POST /api/admin/refunds/:id/retry/', async (request) =>
      refunds.retry(ctxOf(request), request.params.id),
    )
  }
}
