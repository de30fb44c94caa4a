import { PageQuerySchema } from '@soko/contract/common'
import { ContactBodySchema, ContactMessagesPageSchema, ContactSentSchema } from '@soko/contract/contact'
import { ErrorSchema } from '@soko/contract/health'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireRole } from '../../plugins/auth.ts'
import type { ContactService } from './service.ts'

/** A message is at most about 5,000 characters; 64 KiB leaves room for JSON escapes and multi-byte text. */
const CONTACT_BODY_LIMIT = 64 * 1024

export function contactRoutes(contact: ContactService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/contact/',
      {
        bodyLimit: CONTACT_BODY_LIMIT,
        schema: {
          summary: 'Send a message to the support team (limited per address: CONTACT_RATE_LIMIT per 10 minutes)',
          tags: ['contact'],
          body: ContactBodySchema,
          response: { 201: ContactSentSchema, 400: ErrorSchema, 413: ErrorSchema, 415: ErrorSchema, 429: ErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store')
        const sent = await contact.createMessage({ ip: request.ip }, request.body)
        return reply.status(201).send(sent)
      },
    )

    app.get(
      '/api/admin/contact-messages/',
      {
        schema: {
          summary: 'Contact-form messages for the support team, newest first (superusers only)',
          tags: ['contact'],
          querystring: PageQuerySchema,
          response: { 200: ContactMessagesPageSchema, 401: ErrorSchema, 403: ErrorSchema },
        },
      },
      async (request, reply) => {
        // Shoppers' personal data: superusers only, and never kept by a cache.
        requireRole(request, 'superuser')
        reply.header('cache-control', 'no-store')
        return contact.listMessages(request.query.page, request.query.per_page)
      },
    )
  }
}
