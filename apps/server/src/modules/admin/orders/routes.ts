import { adminEndpoints } from '@soko/contract/admin'
import { payOnDeliveryEndpoints } from '@soko/contract/pay-on-delivery'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { serve } from '../../../plugins/endpoints.ts'
import type { AdminOrdersService } from './service.ts'

export function adminOrderRoutes(orders: AdminOrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, adminEndpoints, 'GET /api/admin/orders/', async (request) => orders.list(ctxOf(request), request.query))
    serve(app, adminEndpoints, 'GET /api/admin/orders/:id/', async (request) =>
      orders.detail(ctxOf(request), request.params.id),
    )
    serve(app, adminEndpoints, 'POST /api/admin/orders/:id/refund/', async (request) =>
      orders.refund(ctxOf(request), request.params.id, request.body),
    )
    serve(
      app,
      payOnDeliveryEndpoints,
      'POST /api/admin/orders/:id/parts/:partId/payment-collected/',
      async (request) => {
        await orders.collectPayment(ctxOf(request), request.params.id, request.params.partId, request.body)
      },
    )
    serve(app, adminEndpoints, 'POST /api/admin/orders/:id/parts/:partId/confirm/', async (request) =>
      orders.confirmDelivery(ctxOf(request), request.params.id, request.params.partId),
    )
  }
}
