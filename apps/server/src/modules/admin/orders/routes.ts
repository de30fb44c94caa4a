import {
  AdminIdParamsSchema,
  AdminOrderDetailSchema,
  AdminOrdersPageSchema,
  AdminOrdersQuerySchema,
  RefundBodySchema,
} from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { doc } from '../guard.ts'
import type { AdminOrdersService } from './service.ts'

export function adminOrderRoutes(orders: AdminOrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/orders/',
      doc('Every order, newest first (status filter; q: order number, email, name or phone)', {
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrdersPageSchema },
      }),
      async (request) => orders.list(ctxOf(request), request.query),
    )

    app.get(
      '/api/admin/orders/:id/',
      doc('One order with its vendor parts, payments and payment events', {
        params: AdminIdParamsSchema,
        response: { 200: AdminOrderDetailSchema },
      }),
      async (request) => orders.detail(ctxOf(request), request.params.id),
    )

    app.post(
      '/api/admin/orders/:id/refund/',
      doc('Refund a paid or cancelled order (the money goes back by hand; its reference is recorded)', {
        description:
          'Payments, the order and its vendor parts become refunded; stock not yet shipped goes back on sale; ' +
          'the shopper is emailed. 409 when the order has no payment received or was refunded already.',
        params: AdminIdParamsSchema,
        body: RefundBodySchema,
        response: { 200: AdminOrderDetailSchema },
      }),
      async (request) => orders.refund(ctxOf(request), request.params.id, request.body),
    )
  }
}
