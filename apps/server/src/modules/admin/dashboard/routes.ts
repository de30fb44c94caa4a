import { adminEndpoints } from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { serve } from '../../../plugins/endpoints.ts'
import type { AdminDashboardService } from './service.ts'

export function adminDashboardRoutes(dashboard: AdminDashboardService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, adminEndpoints, 'GET /api/admin/dashboard/', async (request) => dashboard.get(ctxOf(request)))
  }
}
