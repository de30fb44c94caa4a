import { ReviewSchema, SlugParamsSchema } from '@soko/contract/catalog'
import { ReviewBodySchema } from '@soko/contract/checkout'
import { ErrorSchema } from '@soko/contract/health'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf, requireUser } from '../../plugins/auth.ts'
import { sentenceErrorHandler } from '../../plugins/errors.ts'
import type { ReviewService } from './service.ts'

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema }

export function reviewRoutes(reviews: ReviewService): FastifyPluginAsyncZod {
  return async (app) => {
    app.setErrorHandler(sentenceErrorHandler)
    // Beside the reviews it adds to (the contract's `/api/marketplace/api/products/{slug}/reviews/`), and at the
    // shorter path of the other marketplace calls.
    for (const path of ['/api/marketplace/api/products/:slug/reviews/', '/api/marketplace/products/:slug/reviews/']) {
      app.post(
        path,
        {
          onRequest: async (request, reply) => {
            reply.header('cache-control', 'no-store')
            requireUser(request)
          },
          schema: {
            summary: 'Review a product delivered to you (once per product)',
            tags: ['catalog'],
            params: SlugParamsSchema,
            body: ReviewBodySchema,
            response: { 201: ReviewSchema, ...errors },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await reviews.add(ctxOf(request), request.params.slug, request.body)),
      )
    }
  }
}
