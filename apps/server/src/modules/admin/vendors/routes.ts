import { adminEndpoints } from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { serve } from '../../../plugins/endpoints.ts'
import type { AdminVendorsService } from './service.ts'

export function adminVendorRoutes(vendors: AdminVendorsService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, adminEndpoints, 'GET /api/admin/vendors/', async (request) =>
      vendors.list(ctxOf(request), request.query),
    )
    serve(app, adminEndpoints, 'POST /api/admin/vendors/:id/verify/', async (request) =>
      vendors.verify(ctxOf(request), request.params.id),
    )
    serve(app, adminEndpoints, 'POST /api/admin/vendors/:id/unverify/', async (request) =>
      vendors.unverify(ctxOf(request), request.params.id),
    )
    serve(app, adminEndpoints, 'POST /api/admin/vendors/:id/unsuspend/', async (request) =>
      vendors.unsuspend(ctxOf(request), request.params.id),
    )
    serve(app, adminEndpoints, 'POST /api/admin/vendors/:id/suspend/', async (request) =>
      vendors.suspend(ctxOf(request), request.params.id, request.body.reason),
    )
    serve(app, adminEndpoints, 'GET /api/admin/vendors/:id/payouts/', async (request) =>
      vendors.payouts(ctxOf(request), request.params.id),
    )
    serve(app, adminEndpoints, 'POST /api/admin/vendors/:id/payouts/pay-now/', async (request) =>
      vendors.payNow(ctxOf(request), request.params.id),
    )
    serve(app, adminEndpoints, 'POST /api/admin/vendors/:id/payouts/', async (request) =>
      vendors.recordPayout(ctxOf(request), request.params.id, request.body),
    )
  }
}
