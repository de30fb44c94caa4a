import { adminEndpoints } from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { serve } from '../../../plugins/endpoints.ts'
import type { AdminUsersService } from './service.ts'

export function adminUserRoutes(users: AdminUsersService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, adminEndpoints, 'GET /api/admin/users/', async (request) => users.list(ctxOf(request), request.query))
    serve(app, adminEndpoints, 'PUT /api/admin/users/:id/role/', async (request) =>
      users.setRole(ctxOf(request), request.params.id, request.body.role),
    )
    serve(app, adminEndpoints, 'POST /api/admin/users/:id/disable/', async (request) =>
      users.disable(ctxOf(request), request.params.id, request.body.reason),
    )
    serve(app, adminEndpoints, 'POST /api/admin/users/:id/enable/', async (request) =>
      users.enable(ctxOf(request), request.params.id),
    )
  }
}
