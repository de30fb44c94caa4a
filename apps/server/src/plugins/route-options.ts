import { ErrorSchema } from '@soko/contract/health'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireUser } from './auth.ts'
import { sentenceErrorHandler } from './errors.ts'

// What the route plugins of the signed-in areas (the customer's, the cart, checkout, the vendor portal, the admin
// area) declare alike: the error answers of their calls, a 204's body, and the guard in front of every call.

/** The errors a signed-in area's call may answer: bad input, signed out, not allowed, no such thing, conflict. */
export const PRIVATE_ERRORS = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
}

/** The empty body of a 204. */
export const NoContent = z.null().describe('Done')

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

/** A call's own schemas: its success answers in `response` (the area's errors are added). */
interface CallSchemas {
  description?: string
  params?: z.ZodType
  querystring?: z.ZodType
  headers?: z.ZodType
  body?: z.ZodType
  consumes?: string[]
  response: Record<number, z.ZodType>
}

/**
 * The route options of an area's calls: each call's summary and schemas with the area's OpenAPI tags and error
 * answers, e.g. `doc('Your addresses', { response: { 200: AddressListSchema } })`.
 */
export function documented<Errors extends Record<number, z.ZodType>>(area: { tags: string[]; errors: Errors }) {
  return <Schemas extends CallSchemas>(summary: string, schemas: Schemas) => ({
    schema: {
      summary,
      tags: area.tags,
      ...schemas,
      // The call's own answer for a code wins over the area's (a 409 with a body of its own, say).
      response: { ...area.errors, ...schemas.response } as Omit<Errors, keyof Schemas['response']> &
        Schemas['response'],
    },
  })
}
