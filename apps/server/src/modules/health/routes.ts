import { healthEndpoints } from '@soko/contract/health'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { serve } from '../../plugins/endpoints.ts'
import type { HealthService } from './service.ts'

/** Liveness and readiness, for load balancers and orchestrators. */
export function healthRoutes(health: HealthService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, healthEndpoints, 'GET /api/health', async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { status: 'ok' as const }
    })

    serve(app, healthEndpoints, 'GET /api/ready', async (request, reply) => {
      reply.header('cache-control', 'no-store')
      let readiness: Awaited<ReturnType<HealthService['readiness']>>
      try {
        readiness = await health.readiness()
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed')
        return reply.status(503).send({ detail: 'Database unreachable.', code: 'unavailable' })
      }
      if (!readiness.ready) {
        return reply
          .status(503)
          .send({ detail: `Database not migrated: ${readiness.pending} migration(s) pending.`, code: 'unavailable' })
      }
      return { status: 'ready' as const, database: readiness.database, migrations: readiness.migrations }
    })
  }
}
