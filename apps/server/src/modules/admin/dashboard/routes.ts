import { DashboardSchema } from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { doc } from '../guard.ts'
import type { AdminDashboardService } from './service.ts'

export function adminDashboardRoutes(dashboard: AdminDashboardService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/dashboard/',
      doc("The marketplace's figures (KES), the last 30 days' sales, recent activity, quick-action counts", {
        response: { 200: DashboardSchema },
      }),
      async (request) => dashboard.get(ctxOf(request)),
    )
  }
}
