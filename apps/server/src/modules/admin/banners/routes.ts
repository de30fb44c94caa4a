import {
  AdminBannerListSchema,
  AdminBannerSchema,
  AdminIdParamsSchema,
  BannerBodySchema,
  BannerUpdateBodySchema,
} from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { adminErrors, tags } from '../guard.ts'
import type { AdminBannersService } from './service.ts'

export function adminBannerRoutes(banners: AdminBannersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/banners/',
      {
        schema: {
          summary: 'Every banner with its schedule and what the home page does with it now (state)',
          tags,
          response: { 200: AdminBannerListSchema, ...adminErrors },
        },
      },
      async (request) => banners.list(ctxOf(request)),
    )

    app.post(
      '/api/admin/banners/',
      {
        schema: {
          summary: 'Create a banner (image: a URL, or none for a generated picture; starts_at/ends_at schedule it)',
          tags,
          body: BannerBodySchema,
          response: { 201: AdminBannerSchema, ...adminErrors },
        },
      },
      async (request, reply) => reply.status(201).send(await banners.create(ctxOf(request), request.body)),
    )

    app.put(
      '/api/admin/banners/:id/',
      {
        schema: {
          summary: 'Edit a banner: the fields given change, the others stay',
          tags,
          params: AdminIdParamsSchema,
          body: BannerUpdateBodySchema,
          response: { 200: AdminBannerSchema, ...adminErrors },
        },
      },
      async (request) => banners.update(ctxOf(request), request.params.id, request.body),
    )

    app.delete(
      '/api/admin/banners/:id/',
      {
        schema: {
          summary: 'Delete a banner',
          tags,
          params: AdminIdParamsSchema,
          response: { 204: z.null().describe('Deleted'), ...adminErrors },
        },
      },
      async (request, reply) => {
        await banners.remove(ctxOf(request), request.params.id)
        return reply.status(204).send(null)
      },
    )
  }
}
