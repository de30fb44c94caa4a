import { ServerCartBodySchema, ServerCartSchema } from '@soko/contract/checkout'
import { ErrorSchema } from '@soko/contract/health'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../plugins/auth.ts'
import { documented, guardArea } from '../../plugins/route-options.ts'
import type { CartService } from './service.ts'

// No 404 or 409: a cart always exists, and replacing or merging one never conflicts.
const doc = documented({ tags: ['cart'], errors: { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema } })

/** /api/cart/: the signed-in shopper's cart on the server (guests keep theirs in the browser only). */
export function cartRoutes(carts: CartService): FastifyPluginAsyncZod {
  return async (app) => {
    guardArea(app)

    app.get('/api/cart/', doc('Your saved cart', { response: { 200: ServerCartSchema } }), async (request) =>
      carts.get(requireUser(request).id),
    )

    app.put(
      '/api/cart/',
      doc('Replace your saved cart', { body: ServerCartBodySchema, response: { 200: ServerCartSchema } }),
      async (request) => carts.replace(requireUser(request).id, request.body.items),
    )

    app.post(
      '/api/cart/merge/',
      doc("Merge this browser's cart into your saved cart (the larger quantity of each product wins)", {
        body: ServerCartBodySchema,
        response: { 200: ServerCartSchema },
      }),
      async (request) => carts.merge(requireUser(request).id, request.body.items),
    )
  }
}
