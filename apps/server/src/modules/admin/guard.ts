import { ErrorSchema } from '@soko/contract/health'
import type { FastifyInstance } from 'fastify'
import { requireRole } from '../../plugins/auth.ts'
import { sentenceErrorHandler } from '../../plugins/errors.ts'

export const tags = ['admin']

export const adminErrors = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
}

/**
 * Every admin call: superusers only (401 signed out, 403 any other role), checked before the body is even read,
 * and never kept by a cache.
 */
export function guardAdmin(app: FastifyInstance): void {
  app.setErrorHandler(sentenceErrorHandler)
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    requireRole(request, 'superuser')
  })
}
