import {
  AdminIdParamsSchema,
  AdminOutboxMessageSchema,
  AdminOutboxPageSchema,
  AdminOutboxQuerySchema,
} from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { doc } from '../guard.ts'
import type { AdminOutboxService } from './service.ts'

/** Registered in demo mode only: elsewhere these paths are a plain 404. */
export function adminOutboxRoutes(outbox: AdminOutboxService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/outbox/',
      doc('Mail in the outbox, newest first (demo mode only; q: part of the recipient address)', {
        querystring: AdminOutboxQuerySchema,
        response: { 200: AdminOutboxPageSchema },
      }),
      async (request) => outbox.list(ctxOf(request), request.query),
    )

    app.get(
      '/api/admin/outbox/:id/',
      doc('One message in the outbox, with its text and HTML (demo mode only; the opening is audited)', {
        params: AdminIdParamsSchema,
        response: { 200: AdminOutboxMessageSchema },
      }),
      async (request) => outbox.get(ctxOf(request), request.params.id),
    )
  }
}
