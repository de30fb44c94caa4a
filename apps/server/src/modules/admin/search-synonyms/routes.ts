import { searchEndpoints } from '@soko/contract/search'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { serve } from '../../../plugins/endpoints.ts'
import type { AdminSearchSynonymsService } from './service.ts'

export function adminSearchSynonymRoutes(synonyms: AdminSearchSynonymsService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, searchEndpoints, 'GET /api/admin/search/synonyms/', async (request) => synonyms.list(ctxOf(request)))
    serve(app, searchEndpoints, 'POST /api/admin/search/synonyms/', async (request) =>
      synonyms.create(ctxOf(request), request.body),
    )
    serve(app, searchEndpoints, 'PUT /api/admin/search/synonyms/:id/', async (request) =>
      synonyms.update(ctxOf(request), request.params.id, request.body),
    )
    serve(app, searchEndpoints, 'DELETE /api/admin/search/synonyms/:id/', async (request) => {
      await synonyms.remove(ctxOf(request), request.params.id)
    })
  }
}
