import { catalogEndpoints } from '@soko/contract/catalog'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendPrepared } from '../../plugins/cache.ts'
import { serve } from '../../plugins/endpoints.ts'
import type { CatalogService } from './service.ts'

/** Catalogue bodies are the same for every shopper: shared caches may keep them, and must revalidate. */
const PUBLIC = 'public, no-cache'

export function catalogRoutes(catalog: CatalogService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, catalogEndpoints, 'GET /api/marketplace/home/', async (request, reply) =>
      sendPrepared(request, reply, PUBLIC, await catalog.getHome()),
    )
    serve(app, catalogEndpoints, 'GET /api/marketplace/categories/', async (request, reply) =>
      sendPrepared(request, reply, PUBLIC, await catalog.listCategories()),
    )
    serve(app, catalogEndpoints, 'GET /api/marketplace/categories/:slug/', async (request, reply) =>
      sendPrepared(request, reply, PUBLIC, await catalog.requireCategory(request.params.slug)),
    )
    serve(app, catalogEndpoints, 'GET /api/marketplace/api/products/:slug/', async (request, reply) =>
      sendPrepared(request, reply, PUBLIC, await catalog.requireProduct(request.params.slug)),
    )
    serve(app, catalogEndpoints, 'GET /api/marketplace/api/products/:slug/reviews/', async (request, reply) => {
      reply.header('cache-control', PUBLIC)
      return catalog.listProductReviews(request.params.slug, request.query.page, request.query.per_page)
    })
    serve(app, catalogEndpoints, 'GET /api/marketplace/vendors/:slug/', async (request, reply) =>
      sendPrepared(request, reply, PUBLIC, await catalog.requireVendor(request.params.slug)),
    )
  }
}
