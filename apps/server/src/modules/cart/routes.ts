import { ServerCartBodySchema, ServerCartSchema } from '@soko/contract/checkout'
import { ErrorSchema } from '@soko/contract/health'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../plugins/auth.ts'
import { sentenceErrorHandler } from '../../plugins/errors.ts'
import type { CartService } from './service.ts'

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema }

/** /api/cart/: the signed-in shopper's cart on the server (guests keep theirs in the browser only). */
export function cartRoutes(carts: CartService): FastifyPluginAsyncZod {
  return async (app) => {
    app.setErrorHandler(sentenceErrorHandler)
    app.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store')
      requireUser(request)
    })

    app.get(
      '/api/cart/',
      { schema: { summary: 'Your saved cart', tags: ['cart'], response: { 200: ServerCartSchema, ...errors } } },
      async (request) => carts.get(requireUser(request).id),
    )

    app.put(
      '/api/cart/',
      {
        schema: {
          summary: 'Replace your saved cart',
          tags: ['cart'],
          body: ServerCartBodySchema,
          response: { 200: ServerCartSchema, ...errors },
        },
      },
      async (request) => carts.replace(requireUser(request).id, request.body.items),
    )

    app.post(
      '/api/cart/merge/',
      {
        schema: {
          summary: "Merge this browser's cart into your saved cart (the larger quantity of each product wins)",
          tags: ['cart'],
          body: ServerCartBodySchema,
          response: { 200: ServerCartSchema, ...errors },
        },
      },
      async (request) => carts.merge(requireUser(request).id, request.body.items),
    )
  }
}
