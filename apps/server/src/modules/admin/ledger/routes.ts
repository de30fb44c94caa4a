import { adminEndpoints } from '@soko/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ctxOf } from '../../../plugins/auth.ts'
import { serve } from '../../../plugins/endpoints.ts'
import type { AdminLedgerService } from './service.ts'

export function adminLedgerRoutes(ledger: AdminLedgerService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, adminEndpoints, 'GET /api/admin/ledger/trial-balance/', async (request) =>
      ledger.trialBalance(ctxOf(request)),
    )
    serve(app, adminEndpoints, 'POST /api/admin/ledger/adjustments/', async (request) =>
      ledger.adjust(ctxOf(request), request.headers['idempotency-key'], request.body),
    )
    serve(app, adminEndpoints, 'GET /api/admin/vendors/:id/ledger/', async (request) =>
      ledger.vendorStatement(ctxOf(request), request.params.id, request.query),
    )
  }
}
