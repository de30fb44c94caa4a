import { ShipBodySchema, VendorOrderSummarySchema } from '@soko/contract/checkout'
import { ErrorSchema } from '@soko/contract/health'
import { IdParamsSchema } from '@soko/contract/user'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Ctx } from '../../plugins/auth.ts'
import { ctxOf, requireUser } from '../../plugins/auth.ts'
import { sentenceErrorHandler } from '../../plugins/errors.ts'
import type { FulfilmentService } from './fulfilment.ts'

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema }
const NoContent = z.null().describe('Done')

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
    app.setErrorHandler(sentenceErrorHandler)
    app.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store')
      requireUser(request)
    })

    app.get(
      '/api/vendor/orders/',
      {
        schema: {
          summary: "Your shop's paid orders to fulfil, newest first",
          tags: ['vendor'],
          response: { 200: z.array(VendorOrderSummarySchema), ...errors },
        },
      },
      async (request) => fulfilment.list(ctxOf(request)),
    )

    app.post(
      '/api/vendor/orders/:id/ship/',
      {
        schema: {
          summary: 'Mark your part of an order shipped, with a tracking note (the shopper is emailed)',
          tags: ['vendor'],
          params: IdParamsSchema,
          body: ShipBodySchema,
          response: { 204: NoContent, ...errors },
        },
      },
      async (request, reply) => {
        await parts.ship(ctxOf(request), request.params.id, request.body.trackingNote)
        return reply.status(204).send(null)
      },
    )

    app.post(
      '/api/vendor/orders/:id/deliver/',
      {
        schema: {
          summary: 'Mark your part of an order delivered (the shopper is emailed and may then review)',
          tags: ['vendor'],
          params: IdParamsSchema,
          response: { 204: NoContent, ...errors },
        },
      },
      async (request, reply) => {
        await parts.deliver(ctxOf(request), request.params.id)
        return reply.status(204).send(null)
      },
    )
  }
}
