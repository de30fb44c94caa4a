import {
  AdminIdParamsSchema,
  AdminUserSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  ReasonBodySchema,
  RoleBodySchema,
} from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { doc } from '../guard.ts'
import type { AdminUsersService } from './service.ts'

export function adminUserRoutes(users: AdminUsersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/users/',
      doc('Every account, newest first (role filter; q: email or name)', {
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUsersPageSchema },
      }),
      async (request) => users.list(ctxOf(request), request.query),
    )

    app.put(
      '/api/admin/users/:id/role/',
      doc("Change a user's role (409: your own admin role cannot be removed)", {
        params: AdminIdParamsSchema,
        body: RoleBodySchema,
        response: { 200: AdminUserSchema },
      }),
      async (request) => users.setRole(ctxOf(request), request.params.id, request.body.role),
    )

    app.post(
      '/api/admin/users/:id/disable/',
      doc('Disable an account: it cannot sign in and its sessions end at once (409 for your own)', {
        params: AdminIdParamsSchema,
        body: ReasonBodySchema,
        response: { 200: AdminUserSchema },
      }),
      async (request) => users.disable(ctxOf(request), request.params.id, request.body.reason),
    )

    app.post(
      '/api/admin/users/:id/enable/',
      doc('Enable a disabled account again', { params: AdminIdParamsSchema, response: { 200: AdminUserSchema } }),
      async (request) => users.enable(ctxOf(request), request.params.id),
    )
  }
}
