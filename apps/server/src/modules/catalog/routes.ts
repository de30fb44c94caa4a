import {
  CategoryDetailSchema,
  CategoryListSchema,
  HomeSchema,
  ProductDetailSchema,
  ReviewsPageSchema,
  ReviewsQuerySchema,
  SlugParamsSchema,
  VendorDetailSchema,
} from '@soko/contract/catalog'
import { ErrorSchema } from '@soko/contract/health'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendPrepared } from '../../plugins/cache.ts'
import type { CatalogService } from './service.ts'

/** Catalogue bodies are the same for every shopper: shared caches may keep them, and must revalidate. */
const PUBLIC = 'public, no-cache'
const tags = ['catalogue']
const errors = { 400: ErrorSchema, 404: ErrorSchema }

export function catalogRoutes(catalog: CatalogService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/marketplace/home/',
      {
        schema: {
          summary: 'Home page: banners, featured and trending products, top vendors',
          tags,
          response: { 200: HomeSchema },
        },
      },
      async (request, reply) => sendPrepared(request, reply, PUBLIC, await catalog.getHome()),
    )

    app.get(
      '/api/marketplace/categories/',
      { schema: { summary: 'Every active category, parents first', tags, response: { 200: CategoryListSchema } } },
      async (request, reply) => sendPrepared(request, reply, PUBLIC, await catalog.listCategories()),
    )

    app.get(
      '/api/marketplace/categories/:slug/',
      {
        schema: {
          summary: 'One category with its parent, subcategories and breadcrumb (its products: the search call)',
          tags,
          params: SlugParamsSchema,
          response: { 200: CategoryDetailSchema, ...errors },
        },
      },
      async (request, reply) =>
        sendPrepared(request, reply, PUBLIC, await catalog.requireCategory(request.params.slug)),
    )

    app.get(
      '/api/marketplace/api/products/:slug/',
      {
        schema: {
          summary: 'Product detail; counts a view',
          tags,
          params: SlugParamsSchema,
          response: { 200: ProductDetailSchema, ...errors },
        },
      },
      async (request, reply) => sendPrepared(request, reply, PUBLIC, await catalog.requireProduct(request.params.slug)),
    )

    app.get(
      '/api/marketplace/api/products/:slug/reviews/',
      {
        schema: {
          summary: "A product's reviews, newest first, paginated",
          tags,
          params: SlugParamsSchema,
          querystring: ReviewsQuerySchema,
          response: { 200: ReviewsPageSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', PUBLIC)
        return catalog.listProductReviews(request.params.slug, request.query.page, request.query.per_page)
      },
    )

    app.get(
      '/api/marketplace/vendors/:slug/',
      {
        schema: {
          summary: "A vendor's store page (its products: the search call with vendor={id})",
          tags,
          params: SlugParamsSchema,
          response: { 200: VendorDetailSchema, ...errors },
        },
      },
      async (request, reply) => sendPrepared(request, reply, PUBLIC, await catalog.requireVendor(request.params.slug)),
    )
  }
}
