import { ShipBodySchema, VendorOrderSummarySchema } from '@soko/contract/checkout'
import { IdParamsSchema } from '@soko/contract/user'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type Ctx, ctxOf } from '../../plugins/auth.ts'
import { documented, guardArea, NoContent, PRIVATE_ERRORS } from '../../plugins/route-options.ts'
import type { FulfilmentService } from './fulfilment.ts'

const doc = documented({ tags: ['vendor'], errors: PRIVATE_ERRORS })

/** /api/vendor/orders/: a shop's own parts of orders, shipped and delivered by its owner (DESIGN D7). */
export function vendorRoutes(deps: {
  fulfilment: FulfilmentService
  /** Shipping and delivering a part (the fulfil-vendor-order flow, which emails the shopper). */
  parts: {
    ship(ctx: Ctx, partId: number, trackingNote: string): Promise<void>
    deliver(ctx: Ctx, partId: number): Promise<void>
  }
}): FastifyPluginAsyncZod {
  const { fulfilment, parts } = deps
  return async (app) => {
    guardArea(app)

    app.get(
      '/api/vendor/orders/',
      doc("Your shop's paid orders to fulfil, newest first", { response: { 200: z.array(VendorOrderSummarySchema) } }),
      async (request) => fulfilment.list(ctxOf(request)),
    )

    app.post(
      '/api/vendor/orders/:id/ship/',
      doc('Mark your part of an order shipped, with a tracking note (the shopper is emailed)', {
        params: IdParamsSchema,
        body: ShipBodySchema,
        response: { 204: NoContent },
      }),
      async (request, reply) => {
        await parts.ship(ctxOf(request), request.params.id, request.body.trackingNote)
        return reply.status(204).send(null)
      },
    )

    app.post(
      '/api/vendor/orders/:id/deliver/',
      doc('Mark your part of an order delivered (the shopper is emailed and may then review)', {
        params: IdParamsSchema,
        response: { 204: NoContent },
      }),
      async (request, reply) => {
        await parts.deliver(ctxOf(request), request.params.id)
        return reply.status(204).send(null)
      },
    )
  }
}
