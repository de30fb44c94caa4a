import { adminEndpoints } from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { serve } from '../../../plugins/endpoints.ts'
import type { AdminContactService } from './service.ts'

export function adminContactRoutes(contact: AdminContactService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, adminEndpoints, 'POST /api/admin/contact-messages/:id/handled/', async (request) =>
      contact.markHandled(ctxOf(request), request.params.id),
    )
  }
}
