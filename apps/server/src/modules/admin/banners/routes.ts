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
import { doc } from '../guard.ts'
import type { AdminBannersService } from './service.ts'

export function adminBannerRoutes(banners: AdminBannersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/banners/',
      doc('Every banner with its schedule and what the home page does with it now (state)', {
        response: { 200: AdminBannerListSchema },
      }),
      async (request) => banners.list(ctxOf(request)),
    )

    app.post(
      '/api/admin/banners/',
      doc('Create a banner (image: a URL, or none for a generated picture; starts_at/ends_at schedule it)', {
        body: BannerBodySchema,
        response: { 201: AdminBannerSchema },
      }),
      async (request, reply) => reply.status(201).send(await banners.create(ctxOf(request), request.body)),
    )

    app.put(
      '/api/admin/banners/:id/',
      doc('Edit a banner: the fields given change, the others stay', {
        params: AdminIdParamsSchema,
        body: BannerUpdateBodySchema,
        response: { 200: AdminBannerSchema },
      }),
      async (request) => banners.update(ctxOf(request), request.params.id, request.body),
    )

    app.delete(
      '/api/admin/banners/:id/',
      doc('Delete a banner', { params: AdminIdParamsSchema, response: { 204: z.null().describe('Deleted') } }),
      async (request, reply) => {
        await banners.remove(ctxOf(request), request.params.id)
        return reply.status(204).send(null)
      },
    )
  }
}
