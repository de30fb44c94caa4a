import { deliveryEndpoints } from '@soko/contract/delivery'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { serve } from '../../plugins/endpoints.ts'
import type { DeliveryService } from './service.ts'

/** The delivery options the checkout offers: public, the same for everyone. */
export function deliveryRoutes(delivery: DeliveryService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, deliveryEndpoints, 'GET /api/delivery/options/', async (request) =>
      delivery.options(request.query.county),
    )
  }
}
