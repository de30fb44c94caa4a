import { DashboardSchema } from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { adminErrors, tags } from '../guard.ts'
import type { AdminDashboardService } from './service.ts'

export function adminDashboardRoutes(dashboard: AdminDashboardService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/dashboard/',
      {
        schema: {
          summary: "The marketplace's figures (KES), the last 30 days' sales, recent activity, quick-action counts",
          tags,
          response: { 200: DashboardSchema, ...adminErrors },
        },
      },
      async (request) => dashboard.get(ctxOf(request)),
    )
  }
}
