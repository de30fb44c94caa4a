import { ReviewSchema, SlugParamsSchema } from '@soko/contract/catalog'
import { ReviewBodySchema } from '@soko/contract/checkout'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../plugins/auth.ts'
import { documented, guardArea, PRIVATE_ERRORS } from '../../plugins/route-options.ts'
import type { ReviewService } from './service.ts'

const doc = documented({ tags: ['catalog'], errors: PRIVATE_ERRORS })

export function reviewRoutes(reviews: ReviewService): FastifyPluginAsyncZod {
  return async (app) => {
    guardArea(app)
    // Beside the reviews it adds to (the contract's `/api/marketplace/api/products/{slug}/reviews/`), and at the
    // shorter path of the other marketplace calls.
    for (const path of ['/api/marketplace/api/products/:slug/reviews/', '/api/marketplace/products/:slug/reviews/']) {
      app.post(
        path,
        doc('Review a product delivered to you (once per product)', {
          params: SlugParamsSchema,
          body: ReviewBodySchema,
          response: { 201: ReviewSchema },
        }),
        async (request, reply) =>
          reply.status(201).send(await reviews.add(ctxOf(request), request.params.slug, request.body)),
      )
    }
  }
}
