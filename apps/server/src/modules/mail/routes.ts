import { devEndpoints } from '@soko/contract/dev'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { serve } from '../../plugins/endpoints.ts'
import { iso } from '../catalog/mappers.ts'
import type { Mailer } from './mailer.ts'

/**
 * GET /api/dev/outbox/: the latest outbox messages, so developers and tests can read the mail Soko sent (a reset
 * link ...) without a mail server. Registered only outside production, where the path is a plain 404.
 */
export function devOutboxRoutes(mailer: Mailer): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, devEndpoints, 'GET /api/dev/outbox/', async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const rows = await mailer.latestOutbox(request.query.to, request.query.limit)
      return rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        created: iso(row.created_at),
        sentAt: row.sent_at === null ? null : iso(row.sent_at),
        error: row.error,
      }))
    })
  }
}
