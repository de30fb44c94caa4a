import { deliveryEndpoints } from '@soko/contract/delivery'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { serve } from '../../../plugins/endpoints.ts'
import type { AdminDeliveryService } from './service.ts'

export function adminDeliveryRoutes(delivery: AdminDeliveryService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, deliveryEndpoints, 'GET /api/admin/delivery/', async (request) => delivery.overview(ctxOf(request)))
    serve(app, deliveryEndpoints, 'PUT /api/admin/delivery/fees/', async (request) =>
      delivery.setFees(ctxOf(request), request.body),
    )
    serve(app, deliveryEndpoints, 'POST /api/admin/delivery/stations/', async (request) =>
      delivery.createStation(ctxOf(request), request.body),
    )
    serve(app, deliveryEndpoints, 'POST /api/admin/orders/:id/parts/:partId/at-station/', async (request) => {
      await delivery.pickup(ctxOf(request), request.params.id, request.params.partId, null)
    })
    serve(app, deliveryEndpoints, 'POST /api/admin/orders/:id/parts/:partId/collect/', async (request) => {
      await delivery.pickup(ctxOf(request), request.params.id, request.params.partId, request.body.code)
    })
    serve(app, deliveryEndpoints, 'PUT /api/admin/delivery/stations/:id/', async (request) =>
      delivery.updateStation(ctxOf(request), request.params.id, request.body),
    )
  }
}
