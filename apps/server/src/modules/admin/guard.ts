import type { FastifyInstance } from 'fastify'
import { requireRole } from '../../plugins/auth.ts'
import { guardArea } from '../../plugins/route-options.ts'

/**
 * Every admin call: superusers only (401 signed out, 403 any other role), checked before the body is even read,
 * and never kept by a cache.
 */
export function guardAdmin(app: FastifyInstance): void {
  guardArea(app, (request) => requireRole(request, 'superuser'))
}
