import { checkoutEndpoints } from '@soko/contract/checkout'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CALLBACK_BODY_LIMIT,
  DARAJA_ACCEPTED,
  darajaErrorHandler,
  rawJson,
  rawText,
  refusedPath,
} from '../../plugins/daraja-callbacks.ts'
import { serve } from '../../plugins/endpoints.ts'
import type { PayoutService } from './service.ts'

/**
 * Where Daraja posts the Results of vendor payouts (B2C) and of their status queries: unsigned, so the path ends in
 * a secret and each Result must match a payout (its OriginatorConversationID and amount). Stored raw, applied once.
 */
export function payoutResultRoutes(payouts: PayoutService): FastifyPluginAsyncZod {
  return async (app) => {
    rawJson(app)
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'no-store')
    })
    const refused = async (request: FastifyRequest, reply: FastifyReply) =>
      refusedPath(request, reply, await payouts.callbackSecret(), 'M-Pesa payout result')
    const options = { bodyLimit: CALLBACK_BODY_LIMIT, errorHandler: darajaErrorHandler }

    serve(
      app,
      checkoutEndpoints,
      'POST /api/payouts/b2c/result/:secret',
      async (request, reply) => {
        if (await refused(request, reply)) return reply
        const outcome = await payouts.applyResult(rawText(request), request.ip)
        if (outcome === 'rejected') request.log.warn({ ip: request.ip }, 'B2C result did not match a payout')
        return DARAJA_ACCEPTED
      },
      options,
    )
    serve(
      app,
      checkoutEndpoints,
      'POST /api/payouts/b2c/status/:secret',
      async (request, reply) => {
        if (await refused(request, reply)) return reply
        await payouts.applyStatus(rawText(request), request.ip)
        return DARAJA_ACCEPTED
      },
      options,
    )
    serve(
      app,
      checkoutEndpoints,
      'POST /api/payouts/b2c/timeout/:secret',
      async (request, reply) => {
        if (await refused(request, reply)) return reply
        await payouts.recordTimeout(rawText(request), request.ip)
        return DARAJA_ACCEPTED
      },
      options,
    )
  }
}
