import { type DecideDisputeBody, type DisputeView, returnsEndpoints } from '@soko/contract/returns'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Ctx } from '../../../plugins/auth.ts'
import { ctxOf } from '../../../plugins/auth.ts'
import { serve } from '../../../plugins/endpoints.ts'

/** The dispute desk (decision 0015): the return-items flow lists and decides; the orders module owns the returns. */
export interface DisputeDesk {
  disputes(ctx: Ctx): Promise<DisputeView[]>
  decide(ctx: Ctx, id: number, body: DecideDisputeBody): Promise<DisputeView>
}

export function adminDisputeRoutes(desk: DisputeDesk): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, returnsEndpoints, 'GET /api/admin/disputes/', async (request) => desk.disputes(ctxOf(request)))
    serve(app, returnsEndpoints, 'POST /api/admin/disputes/:id/decide/', async (request) =>
      desk.decide(ctxOf(request), request.params.id, request.body),
    )
  }
}
