import { accountEndpoints } from '@soko/contract/account'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../plugins/auth.ts'
import { type EndpointHandler, serve } from '../../plugins/endpoints.ts'
import { guardArea } from '../../plugins/route-options.ts'
import type { ReviewService } from './service.ts'

export function reviewRoutes(reviews: ReviewService): FastifyPluginAsyncZod {
  return async (app) => {
    guardArea(app)
    const add: EndpointHandler<(typeof accountEndpoints)['POST /api/marketplace/products/:slug/reviews/']> = async (
      request,
      reply,
    ) => reply.status(201).send(await reviews.add(ctxOf(request), request.params.slug, request.body))
    // Beside the reviews it adds to (the catalogue's GET), and at the shorter path of the other marketplace calls.
    serve(app, accountEndpoints, 'POST /api/marketplace/api/products/:slug/reviews/', add)
    serve(app, accountEndpoints, 'POST /api/marketplace/products/:slug/reviews/', add)
  }
}
