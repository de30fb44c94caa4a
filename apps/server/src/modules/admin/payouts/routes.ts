import { adminEndpoints } from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { serve } from '../../../plugins/endpoints.ts'
import type { AdminPayoutsService } from './service.ts'

export function adminPayoutRoutes(payouts: AdminPayoutsService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, adminEndpoints, 'GET /api/admin/payouts/', async (request) =>
      payouts.list(ctxOf(request), request.query),
    )
    serve(app, adminEndpoints, 'POST /api/admin/payouts/:id/ask-again/', async (request) =>
      payouts.askAgain(ctxOf(request), request.params.id),
    )
    serve(app, adminEndpoints, 'POST /api/admin/payouts/run/', async (request) => payouts.run(ctxOf(request)))
  }
}
