import { searchEndpoints } from '@soko/contract/search'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { serve } from '../../plugins/endpoints.ts'
import type { SearchService } from './service.ts'

/** The same answer for every shopper: shared caches may keep it, and must revalidate. */
const PUBLIC = 'public, no-cache'

export function searchRoutes(search: SearchService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, searchEndpoints, 'GET /api/marketplace/search/', async (request, reply) => {
      reply.header('cache-control', PUBLIC)
      return search.search(request.query)
    })
    serve(app, searchEndpoints, 'GET /api/marketplace/search/suggestions/', async (request, reply) => {
      reply.header('cache-control', PUBLIC)
      return { suggestions: await search.suggest(request.query.q) }
    })
  }
}
