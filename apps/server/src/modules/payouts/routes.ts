import { checkoutEndpoints } from '@soko/contract/checkout'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { serve } from '../../plugins/endpoints.ts'
import { toErrorAnswer } from '../../plugins/errors.ts'
import { sameSecret } from '../accounts/tokens.ts'
import type { PayoutService } from './service.ts'

/** Results are small JSON documents; anything bigger is not one. */
const RESULT_BODY_LIMIT = 64 * 1024

function rawJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
}

function darajaErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toErrorAnswer(error)
  if (status !== 400) throw error
  return reply.status(400).send({ ResultCode: 1, ResultDesc: `Rejected: ${body.detail}` })
}

const rawText = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '')

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
    const refused = async (request: FastifyRequest<{ Params: { secret: string } }>, reply: FastifyReply) => {
      if (sameSecret(request.params.secret, await payouts.callbackSecret())) return false
      request.log.warn({ ip: request.ip }, 'M-Pesa payout result on a wrong path refused')
      await reply.status(404).send({ detail: 'Not found.', code: 'not_found' })
      return true
    }
    const options = { bodyLimit: RESULT_BODY_LIMIT, errorHandler: darajaErrorHandler }

    serve(
      app,
      checkoutEndpoints,
      'POST /api/payouts/b2c/result/:secret',
      async (request, reply) => {
        if (await refused(request, reply)) return reply
        const outcome = await payouts.applyResult(rawText(request), request.ip)
        if (outcome === 'rejected') request.log.warn({ ip: request.ip }, 'B2C result did not match a payout')
        return { ResultCode: 0, ResultDesc: 'Accepted' }
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
        return { ResultCode: 0, ResultDesc: 'Accepted' }
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
        return { ResultCode: 0, ResultDesc: 'Accepted' }
      },
      options,
    )
  }
}
