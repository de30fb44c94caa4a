import { voucherEndpoints } from '@soko/contract/vouchers'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../plugins/auth.ts'
import { serve } from '../../plugins/endpoints.ts'
import { guardArea } from '../../plugins/route-options.ts'
import type { VouchersService } from './service.ts'

/** /api/vendor/vouchers/: a shop's own vouchers, funded by the shop. */
export function vendorVoucherRoutes(vouchers: VouchersService): FastifyPluginAsyncZod {
  return async (app) => {
    guardArea(app)
    serve(app, voucherEndpoints, 'GET /api/vendor/vouchers/', async (request) => vouchers.listOwn(ctxOf(request)))
    serve(app, voucherEndpoints, 'POST /api/vendor/vouchers/', async (request) =>
      vouchers.createOwn(ctxOf(request), request.body),
    )
    serve(app, voucherEndpoints, 'POST /api/vendor/vouchers/:id/active/', async (request) =>
      vouchers.setOwnActive(ctxOf(request), request.params.id, request.body.active),
    )
  }
}

/** /api/admin/vouchers/: every voucher; the marketplace's own created here (behind the admin area's guard). */
export function adminVoucherRoutes(vouchers: VouchersService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, voucherEndpoints, 'GET /api/admin/vouchers/', async (request) => vouchers.list(ctxOf(request)))
    serve(app, voucherEndpoints, 'POST /api/admin/vouchers/', async (request) =>
      vouchers.create(ctxOf(request), request.body),
    )
    serve(app, voucherEndpoints, 'POST /api/admin/vouchers/:id/active/', async (request) =>
      vouchers.setActive(ctxOf(request), request.params.id, request.body.active),
    )
  }
}
