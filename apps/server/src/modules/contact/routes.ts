import { contactEndpoints } from '@soko/contract/contact'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireRole } from '../../plugins/auth.ts'
import { serve } from '../../plugins/endpoints.ts'
import type { ContactService } from './service.ts'

/** A message is at most about 5,000 characters; 64 KiB leaves room for JSON escapes and multi-byte text. */
const CONTACT_BODY_LIMIT = 64 * 1024

export function contactRoutes(contact: ContactService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(
      app,
      contactEndpoints,
      'POST /api/contact/',
      async (request, reply) => {
        reply.header('cache-control', 'no-store')
        const sent = await contact.createMessage({ ip: request.ip }, request.body)
        return reply.status(201).send(sent)
      },
      { bodyLimit: CONTACT_BODY_LIMIT },
    )

    serve(app, contactEndpoints, 'GET /api/admin/contact-messages/', async (request, reply) => {
      // Shoppers' personal data: superusers only, and never kept by a cache.
      requireRole(request, 'superuser')
      reply.header('cache-control', 'no-store')
      return contact.listMessages(request.query.page, request.query.per_page)
    })
  }
}
