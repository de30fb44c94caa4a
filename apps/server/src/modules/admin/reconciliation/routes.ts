import { adminEndpoints } from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { serve } from '../../../plugins/endpoints.ts'
import type { AdminReconciliationService } from './service.ts'

export function adminReconciliationRoutes(reconciliation: AdminReconciliationService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, adminEndpoints, 'GET /api/admin/payments/c2b-unmatched/', async (request) =>
      reconciliation.list(ctxOf(request), request.query),
    )
    serve(app, adminEndpoints, 'GET /api/admin/reconciliation/movements/', async (request) =>
      reconciliation.movements(ctxOf(request), request.query),
    )
    serve(app, adminEndpoints, 'POST /api/admin/payments/c2b-unmatched/:id/resolve/', async (request) =>
      reconciliation.resolve(ctxOf(request), request.params.id, request.body),
    )
  }
}
