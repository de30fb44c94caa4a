import { checkoutEndpoints } from '@soko/contract/checkout'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../plugins/auth.ts'
import { serve } from '../../plugins/endpoints.ts'
import { guardArea } from '../../plugins/route-options.ts'
import type { CartService } from './service.ts'

/** /api/cart/: the signed-in shopper's cart on the server (guests keep theirs in the browser only). */
export function cartRoutes(carts: CartService): FastifyPluginAsyncZod {
  return async (app) => {
    guardArea(app)

    serve(app, checkoutEndpoints, 'GET /api/cart/', async (request) => carts.get(requireUser(request).id))
    serve(app, checkoutEndpoints, 'PUT /api/cart/', async (request) =>
      carts.replace(requireUser(request).id, request.body.items),
    )
    serve(app, checkoutEndpoints, 'POST /api/cart/merge/', async (request) =>
      carts.merge(requireUser(request).id, request.body.items),
    )
  }
}
