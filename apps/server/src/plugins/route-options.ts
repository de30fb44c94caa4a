import type { FastifyInstance, FastifyRequest } from 'fastify'
import { requireUser } from './auth.ts'
import { sentenceErrorHandler } from './errors.ts'

// What the route plugins of the signed-in areas (the customer's, the cart, checkout, the vendor portal, the admin
// area) share: the guard in front of every call. Each call's schemas and error codes are its endpoint table entry.

/**
 * In front of every call of a route plugin: error answers in whole sentences, nothing kept by a cache, and `check`
 * (signed in, unless told otherwise) before the body is even read.
 */
export function guardArea(app: FastifyInstance, check: (request: FastifyRequest) => unknown = requireUser): void {
  app.setErrorHandler(sentenceErrorHandler)
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    check(request)
  })
}
