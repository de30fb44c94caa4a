import type { FastifyInstance } from 'fastify'
import { requireRole } from '../../plugins/auth.ts'
import { documented, guardArea, PRIVATE_ERRORS } from '../../plugins/route-options.ts'

/** An admin call's route options: tagged 'admin', with the errors of a signed-in area. */
export const doc = documented({ tags: ['admin'], errors: PRIVATE_ERRORS })

/**
 * Every admin call: superusers only (401 signed out, 403 any other role), checked before the body is even read,
 * and never kept by a cache.
 */
export function guardAdmin(app: FastifyInstance): void {
  guardArea(app, (request) => requireRole(request, 'superuser'))
}
