import { adminEndpoints } from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { serve } from '../../../plugins/endpoints.ts'
import type { AdminOutboxService } from './service.ts'

/** Registered in demo mode only: elsewhere these paths are a plain 404. */
export function adminOutboxRoutes(outbox: AdminOutboxService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, adminEndpoints, 'GET /api/admin/outbox/', async (request) => outbox.list(ctxOf(request), request.query))
    serve(app, adminEndpoints, 'GET /api/admin/outbox/:id/', async (request) =>
      outbox.get(ctxOf(request), request.params.id),
    )
  }
}
