import {
  AdminIdParamsSchema,
  type AdminVendor,
  AdminVendorSchema,
  AdminVendorsPageSchema,
  AdminVendorsQuerySchema,
  PayoutBodySchema,
  PayoutsSchema,
  ReasonBodySchema,
} from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type Ctx, ctxOf } from '../../../plugins/auth.ts'
import { doc } from '../guard.ts'
import type { AdminVendorsService } from './service.ts'

export function adminVendorRoutes(vendors: AdminVendorsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/vendors/',
      doc('Every shop with its owner, counts, status and balance owed (q: name, slug or owner email)', {
        querystring: AdminVendorsQuerySchema,
        response: { 200: AdminVendorsPageSchema },
      }),
      async (request) => vendors.list(ctxOf(request), request.query),
    )

    const action = (path: string, summary: string, run: (ctx: Ctx, id: number) => Promise<AdminVendor>) =>
      app.post(
        `/api/admin/vendors/:id/${path}/`,
        doc(summary, { params: AdminIdParamsSchema, response: { 200: AdminVendorSchema } }),
        async (request) => run(ctxOf(request), request.params.id),
      )
    action('verify', "Give the shop the 'Verified Seller' badge", (ctx, id) => vendors.verify(ctx, id))
    action('unverify', "Take the 'Verified Seller' badge away", (ctx, id) => vendors.unverify(ctx, id))
    action('unsuspend', 'Lift a suspension: the shop and its products are back', (ctx, id) =>
      vendors.unsuspend(ctx, id),
    )

    app.post(
      '/api/admin/vendors/:id/suspend/',
      doc('Suspend a shop: it and its products leave the storefront and search at once; its owner sees why', {
        params: AdminIdParamsSchema,
        body: ReasonBodySchema,
        response: { 200: AdminVendorSchema },
      }),
      async (request) => vendors.suspend(ctxOf(request), request.params.id, request.body.reason),
    )

    app.get(
      '/api/admin/vendors/:id/payouts/',
      doc('Payouts to a shop, newest first, with its balance owed', {
        params: AdminIdParamsSchema,
        response: { 200: PayoutsSchema },
      }),
      async (request) => vendors.payouts(ctxOf(request), request.params.id),
    )

    app.post(
      '/api/admin/vendors/:id/payouts/',
      doc('Record a payout to a shop (409 when it is more than the balance owed)', {
        params: AdminIdParamsSchema,
        body: PayoutBodySchema,
        response: { 201: PayoutsSchema },
      }),
      async (request, reply) =>
        reply.status(201).send(await vendors.recordPayout(ctxOf(request), request.params.id, request.body)),
    )
  }
}
