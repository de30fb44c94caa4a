import { ErrorSchema, HealthSchema, ReadySchema } from '@soko/contract/health'
import { pendingMigrations } from '@soko/db/migrate'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { summary: 'Liveness: the process answers', tags: ['health'], response: { 200: HealthSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { status: 'ok' as const }
    },
  )

  app.get(
    '/api/ready',
    {
      schema: {
        summary: 'Readiness: the database answers and is migrated',
        tags: ['health'],
        response: { 200: ReadySchema, 503: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { database, migrations } = app.soko
      try {
        await database.db.execute(sql`select 1`)
        const pending = await pendingMigrations(database.db, migrations)
        if (pending.length > 0) {
          return reply
            .status(503)
            .send({ detail: `Database not migrated: ${pending.length} migration(s) pending.`, code: 'unavailable' })
        }
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed')
        return reply.status(503).send({ detail: 'Database unreachable.', code: 'unavailable' })
      }
      return { status: 'ready' as const, database: database.kind, migrations: migrations.length }
    },
  )
}
