import type { ShipBody } from '@soko/contract/checkout'
import { deliveryEndpoints } from '@soko/contract/delivery'
import {
  type CollectionBodySchema,
  payOnDeliveryEndpoints,
  type RefusalBodySchema,
} from '@soko/contract/pay-on-delivery'
import { type AcceptReturnBody, type RefuseReturnBody, type ReturnView, returnsEndpoints } from '@soko/contract/returns'
import { vendorEndpoints } from '@soko/contract/vendor'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { type Ctx, ctxOf } from '../../plugins/auth.ts'
import { serve } from '../../plugins/endpoints.ts'
import { guardArea } from '../../plugins/route-options.ts'
import type { FulfilmentService } from './fulfilment.ts'

type CollectionBody = z.output<typeof CollectionBodySchema>
type RefusalBody = z.output<typeof RefusalBodySchema>

/** /api/vendor/orders/: a shop's own parts of orders, shipped and delivered by its owner (DESIGN D7). */
export function vendorRoutes(deps: {
  fulfilment: FulfilmentService
  /** Preparing, shipping and delivering a part (the fulfil-vendor-order flow, which emails the shopper). */
  parts: {
    process(ctx: Ctx, partId: number): Promise<void>
    ship(ctx: Ctx, partId: number, body: ShipBody): Promise<void>
    deliver(ctx: Ctx, partId: number): Promise<void>
    arrive(ctx: Ctx, partId: number): Promise<void>
    collect(ctx: Ctx, partId: number, code: string): Promise<void>
  }
  /** Pay-on-delivery parts: the money collected at the door, or the parcel refused (the pay-on-delivery flow). */
  payOnDelivery: {
    collectAsVendor(ctx: Ctx, partId: number, body: CollectionBody): Promise<void>
    refuseAsVendor(ctx: Ctx, partId: number, body: RefusalBody): Promise<void>
  }
  /** The shop's returns: accepting, refusing, and confirming the items came back (the return-items flow). */
  returns: {
    ofShop(ctx: Ctx): Promise<ReturnView[]>
    accept(ctx: Ctx, id: number, body: AcceptReturnBody): Promise<void>
    refuse(ctx: Ctx, id: number, body: RefuseReturnBody): Promise<void>
    received(ctx: Ctx, id: number): Promise<void>
  }
}): FastifyPluginAsyncZod {
  const { fulfilment, parts, returns, payOnDelivery } = deps
  return async (app) => {
    guardArea(app)

    serve(app, vendorEndpoints, 'GET /api/vendor/orders/', async (request) => fulfilment.list(ctxOf(request)))

    serve(app, vendorEndpoints, 'POST /api/vendor/orders/:id/process/', async (request) => {
      await parts.process(ctxOf(request), request.params.id)
    })

    serve(app, vendorEndpoints, 'POST /api/vendor/orders/:id/ship/', async (request) => {
      await parts.ship(ctxOf(request), request.params.id, request.body)
    })

    serve(app, vendorEndpoints, 'POST /api/vendor/orders/:id/deliver/', async (request) => {
      await parts.deliver(ctxOf(request), request.params.id)
    })

    serve(app, deliveryEndpoints, 'POST /api/vendor/orders/:id/at-station/', async (request) => {
      await parts.arrive(ctxOf(request), request.params.id)
    })

    serve(app, deliveryEndpoints, 'POST /api/vendor/orders/:id/collect/', async (request) => {
      await parts.collect(ctxOf(request), request.params.id, request.body.code)
    })

    serve(app, payOnDeliveryEndpoints, 'POST /api/vendor/orders/:id/payment-collected/', async (request) => {
      await payOnDelivery.collectAsVendor(ctxOf(request), request.params.id, request.body)
    })

    serve(app, payOnDeliveryEndpoints, 'POST /api/vendor/orders/:id/refused/', async (request) => {
      await payOnDelivery.refuseAsVendor(ctxOf(request), request.params.id, request.body)
    })

    serve(app, returnsEndpoints, 'GET /api/vendor/returns/', async (request) => returns.ofShop(ctxOf(request)))

    serve(app, returnsEndpoints, 'POST /api/vendor/returns/:id/accept/', async (request) => {
      await returns.accept(ctxOf(request), request.params.id, request.body)
    })

    serve(app, returnsEndpoints, 'POST /api/vendor/returns/:id/refuse/', async (request) => {
      await returns.refuse(ctxOf(request), request.params.id, request.body)
    })

    serve(app, returnsEndpoints, 'POST /api/vendor/returns/:id/received/', async (request) => {
      await returns.received(ctxOf(request), request.params.id)
    })
  }
}
