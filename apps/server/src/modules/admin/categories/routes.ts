import { adminEndpoints } from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { serve } from '../../../plugins/endpoints.ts'
import type { AdminCategoriesService } from './service.ts'

export function adminCategoryRoutes(categories: AdminCategoriesService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, adminEndpoints, 'GET /api/admin/categories/', async (request) => categories.tree(ctxOf(request)))
    serve(app, adminEndpoints, 'POST /api/admin/categories/', async (request, reply) =>
      reply.status(201).send(await categories.create(ctxOf(request), request.body)),
    )
    serve(app, adminEndpoints, 'PUT /api/admin/categories/order/', async (request) =>
      categories.reorder(ctxOf(request), request.body),
    )
    serve(app, adminEndpoints, 'PUT /api/admin/categories/:id/', async (request) =>
      categories.update(ctxOf(request), request.params.id, request.body),
    )
    serve(app, adminEndpoints, 'DELETE /api/admin/categories/:id/', async (request, reply) => {
      await categories.remove(ctxOf(request), request.params.id)
      return reply.status(204).send(null)
    })
  }
}
