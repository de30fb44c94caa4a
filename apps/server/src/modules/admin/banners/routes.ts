import { adminEndpoints } from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { serve } from '../../../plugins/endpoints.ts'
import type { AdminBannersService } from './service.ts'

export function adminBannerRoutes(banners: AdminBannersService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, adminEndpoints, 'GET /api/admin/banners/', async (request) => banners.list(ctxOf(request)))
    serve(app, adminEndpoints, 'POST /api/admin/banners/', async (request, reply) =>
      reply.status(201).send(await banners.create(ctxOf(request), request.body)),
    )
    serve(app, adminEndpoints, 'PUT /api/admin/banners/:id/', async (request) =>
      banners.update(ctxOf(request), request.params.id, request.body),
    )
    serve(app, adminEndpoints, 'DELETE /api/admin/banners/:id/', async (request, reply) => {
      await banners.remove(ctxOf(request), request.params.id)
      return reply.status(204).send(null)
    })
  }
}
