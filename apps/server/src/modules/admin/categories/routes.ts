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
import { adminErrors, tags } from '../guard.ts'
import type { AdminCategoriesService } from './service.ts'

export function adminCategoryRoutes(categories: AdminCategoriesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/categories/',
      {
        schema: {
          summary: 'The category tree (top level, each with its subcategories), inactive ones too',
          tags,
          response: { 200: AdminCategoryTreeSchema, ...adminErrors },
        },
      },
      async (request) => categories.tree(ctxOf(request)),
    )

    app.post(
      '/api/admin/categories/',
      {
        schema: {
          summary: 'Create a category (slug made from the name when absent; 409 when the slug is taken)',
          tags,
          body: CategoryBodySchema,
          response: { 201: AdminCategorySchema, ...adminErrors },
        },
      },
      async (request, reply) => reply.status(201).send(await categories.create(ctxOf(request), request.body)),
    )

    app.put(
      '/api/admin/categories/order/',
      {
        schema: {
          summary: "Reorder one level: a parent's subcategories (or the top level), every id once, in order",
          tags,
          body: CategoryOrderBodySchema,
          response: { 200: AdminCategoryTreeSchema, ...adminErrors },
        },
      },
      async (request) => categories.reorder(ctxOf(request), request.body),
    )

    app.put(
      '/api/admin/categories/:id/',
      {
        schema: {
          summary: 'Edit a category: the fields given change, the others stay',
          tags,
          params: AdminIdParamsSchema,
          body: CategoryUpdateBodySchema,
          response: { 200: AdminCategorySchema, ...adminErrors },
        },
      },
      async (request) => categories.update(ctxOf(request), request.params.id, request.body),
    )

    app.delete(
      '/api/admin/categories/:id/',
      {
        schema: {
          summary: 'Delete an empty category (409 while it has products or subcategories)',
          tags,
          params: AdminIdParamsSchema,
          response: { 204: z.null().describe('Deleted'), ...adminErrors },
        },
      },
      async (request, reply) => {
        await categories.remove(ctxOf(request), request.params.id)
        return reply.status(204).send(null)
      },
    )
  }
}
