import {
  AdminCategorySchema,
  AdminCategoryTreeSchema,
  AdminIdParamsSchema,
  CategoryBodySchema,
  CategoryOrderBodySchema,
  CategoryUpdateBodySchema,
} from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { doc } from '../guard.ts'
import type { AdminCategoriesService } from './service.ts'

export function adminCategoryRoutes(categories: AdminCategoriesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/categories/',
      doc('The category tree (top level, each with its subcategories), inactive ones too', {
        response: { 200: AdminCategoryTreeSchema },
      }),
      async (request) => categories.tree(ctxOf(request)),
    )

    app.post(
      '/api/admin/categories/',
      doc('Create a category (slug made from the name when absent; 409 when the slug is taken)', {
        body: CategoryBodySchema,
        response: { 201: AdminCategorySchema },
      }),
      async (request, reply) => reply.status(201).send(await categories.create(ctxOf(request), request.body)),
    )

    app.put(
      '/api/admin/categories/order/',
      doc("Reorder one level: a parent's subcategories (or the top level), every id once, in order", {
        body: CategoryOrderBodySchema,
        response: { 200: AdminCategoryTreeSchema },
      }),
      async (request) => categories.reorder(ctxOf(request), request.body),
    )

    app.put(
      '/api/admin/categories/:id/',
      doc('Edit a category: the fields given change, the others stay', {
        params: AdminIdParamsSchema,
        body: CategoryUpdateBodySchema,
        response: { 200: AdminCategorySchema },
      }),
      async (request) => categories.update(ctxOf(request), request.params.id, request.body),
    )

    app.delete(
      '/api/admin/categories/:id/',
      doc('Delete an empty category (409 while it has products or subcategories)', {
        params: AdminIdParamsSchema,
        response: { 204: z.null().describe('Deleted') },
      }),
      async (request, reply) => {
        await categories.remove(ctxOf(request), request.params.id)
        return reply.status(204).send(null)
      },
    )
  }
}
