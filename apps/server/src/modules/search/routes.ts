import { ErrorSchema } from '@soko/contract/health'
import {
  SearchQuerySchema,
  SearchResponseSchema,
  SuggestionsQuerySchema,
  SuggestionsSchema,
} from '@soko/contract/search'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { SearchService } from './service.ts'

/** The same answer for every shopper: shared caches may keep it, and must revalidate. */
const PUBLIC = 'public, no-cache'
const tags = ['search']

export function searchRoutes(search: SearchService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/marketplace/search/',
      {
        schema: {
          summary:
            'Search products, with facets; with q empty also the filter panel (categories, price ranges, ratings)',
          tags,
          querystring: SearchQuerySchema,
          response: { 200: SearchResponseSchema, 400: ErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', PUBLIC)
        return search.search(request.query)
      },
    )

    app.get(
      '/api/marketplace/search/suggestions/',
      {
        schema: {
          summary: 'Up to 8 product, category and shop names for a partly typed search',
          tags,
          querystring: SuggestionsQuerySchema,
          response: { 200: SuggestionsSchema, 400: ErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', PUBLIC)
        return { suggestions: await search.suggest(request.query.q) }
      },
    )
  }
}
