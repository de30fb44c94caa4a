import { AdminIdParamsSchema, HandledMessageSchema } from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { doc } from '../guard.ts'
import type { AdminContactService } from './service.ts'

export function adminContactRoutes(contact: AdminContactService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/admin/contact-messages/:id/handled/',
      doc('Mark a contact-form message handled (again: keeps the first time)', {
        params: AdminIdParamsSchema,
        response: { 200: HandledMessageSchema },
      }),
      async (request) => contact.markHandled(ctxOf(request), request.params.id),
    )
  }
}
