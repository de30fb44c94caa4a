import { checkoutEndpoints } from '@soko/contract/checkout'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { serve } from '../../plugins/endpoints.ts'
import { toErrorAnswer } from '../../plugins/errors.ts'
import { sameSecret } from '../accounts/tokens.ts'
import type { CardCharge, CardProvider, CardRefund } from './card/provider.ts'
import { parseStkCallback } from './mpesa/daraja.ts'
import type { ApplyOutcome, MpesaResult } from './service.ts'

/**
 * Where Daraja posts STK results: no "mpesa" in it (Safaricom refuses such URLs), and a secret last segment (the
 * paths of the table's 'POST /api/payments/lnm/cb/:secret' and 'POST /api/payments/card/webhook/').
 */
export const MPESA_CALLBACK_PATH = '/api/payments/lnm/cb/'
export const CARD_WEBHOOK_PATH = '/api/payments/card/webhook/'
/**
 * Where Daraja posts the B2C Results of refunds, their Transaction Status Results and queue timeouts: apart from the
 * payouts' own paths, no "mpesa" in them either, each ending in the callback secret.
 */
export const B2C_REFUND_RESULT_PATH = '/api/payments/b2c/refund-result/'
export const B2C_REFUND_STATUS_PATH = '/api/payments/b2c/refund-status/'
export const B2C_REFUND_TIMEOUT_PATH = '/api/payments/b2c/refund-timeout/'

/** Callbacks are small JSON documents; anything bigger is not one. */
const CALLBACK_BODY_LIMIT = 64 * 1024

/** Takes JSON bodies as raw bytes in this scope: the card webhook's signature is over the exact bytes received. */
function rawJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
}

/** A refused callback answers in Daraja's own shape, which its 400 schema names; other failures as the app does. */
function darajaErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toErrorAnswer(error)
  if (status !== 400) throw error
  return reply.status(400).send({ ResultCode: 1, ResultDesc: `Rejected: ${body.detail}` })
}

function rawText(request: FastifyRequest): string {
  return Buffer.isBuffer(request.body) ? request.body.toString('utf8') : ''
}

/**
 * Where payment providers tell Soko what happened (DESIGN D5). Daraja's callbacks are unsigned, so the path carries
 * a secret and each result must match the stored payment (CheckoutRequestID, amount, phone); the card webhook is
 * signed (HMAC of its raw body). Everything received is stored raw. Both answer quickly and never with a stack.
 */
export function paymentCallbackRoutes(options: {
  /** Applies a provider's result to its payment and order (the settle-payment flow). */
  payments: {
    applyMpesa(
      checkoutRequestId: string,
      result: MpesaResult,
      source: 'callback',
      rawBody: string,
      remoteAddress: string,
    ): Promise<ApplyOutcome>
    applyCard(charge: CardCharge, source: 'webhook', rawBody: string, remoteAddress: string): Promise<ApplyOutcome>
  }
  /** Applies a provider's result to its refund (the send-refund flow). */
  refunds: {
    applyB2cResult(body: unknown, rawBody: string, remoteAddress: string): Promise<ApplyOutcome>
    applyB2cStatus(body: unknown, rawBody: string, remoteAddress: string): Promise<ApplyOutcome>
    recordB2cTimeout(rawBody: string, remoteAddress: string): Promise<void>
    applyCardRefund(refund: CardRefund, rawBody: string, remoteAddress: string): Promise<ApplyOutcome>
  }
  card: CardProvider
  callbackSecret: () => Promise<string>
}): FastifyPluginAsyncZod {
  const { payments, card, refunds } = options

  /** The parsed JSON of a callback from Daraja on a secret path; null (answered) when the secret is wrong. */
  async function darajaBody(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ raw: string; body: unknown } | null> {
    const { secret } = request.params as { secret: string }
    if (!sameSecret(secret, await options.callbackSecret())) {
      request.log.warn({ ip: request.ip }, 'M-Pesa callback on a wrong path refused')
      await reply.status(404).send({ detail: 'Not found.', code: 'not_found' })
      return null
    }
    const raw = rawText(request)
    try {
      return { raw, body: JSON.parse(raw) as unknown }
    } catch {
      return { raw, body: null }
    }
  }
  return async (app) => {
    rawJson(app)
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'no-store')
    })

    serve(
      app,
      checkoutEndpoints,
      'POST /api/payments/lnm/cb/:secret',
      async (request, reply) => {
        if (!sameSecret(request.params.secret, await options.callbackSecret())) {
          request.log.warn({ ip: request.ip }, 'M-Pesa callback on a wrong path refused')
          return reply.status(404).send({ detail: 'Not found.', code: 'not_found' })
        }
        const raw = rawText(request)
        let parsed: unknown = null
        try {
          parsed = JSON.parse(raw)
        } catch {
          parsed = null
        }
        const callback = parseStkCallback(parsed)
        if (!callback) {
          return reply.status(400).send({ ResultCode: 1, ResultDesc: 'Rejected: not an STK callback' })
        }
        const outcome = await payments.applyMpesa(
          callback.checkoutRequestId,
          {
            resultCode: callback.resultCode,
            resultDesc: callback.resultDesc,
            amountKes: callback.amountKes,
            receipt: callback.receipt,
            phone: callback.phone,
          },
          'callback',
          raw,
          request.ip,
        )
        if (outcome === 'rejected') request.log.warn({ ip: request.ip }, 'M-Pesa callback did not match a payment')
        // Accepted either way: Daraja retrying a callback we deliberately ignore helps nobody.
        return { ResultCode: 0, ResultDesc: 'Accepted' }
      },
      { bodyLimit: CALLBACK_BODY_LIMIT, errorHandler: darajaErrorHandler },
    )

    // B2C refunds: accepted whatever became of them (recorded either way), as the STK callback is.
    serve(
      app,
      checkoutEndpoints,
      'POST /api/payments/b2c/refund-result/:secret',
      async (request, reply) => {
        const received = await darajaBody(request, reply)
        if (received === null) return reply
        const outcome = await refunds.applyB2cResult(received.body, received.raw, request.ip)
        if (outcome === 'rejected') request.log.warn({ ip: request.ip }, 'B2C refund Result did not match a refund')
        return { ResultCode: 0, ResultDesc: 'Accepted' }
      },
      { bodyLimit: CALLBACK_BODY_LIMIT, errorHandler: darajaErrorHandler },
    )

    serve(
      app,
      checkoutEndpoints,
      'POST /api/payments/b2c/refund-status/:secret',
      async (request, reply) => {
        const received = await darajaBody(request, reply)
        if (received === null) return reply
        const outcome = await refunds.applyB2cStatus(received.body, received.raw, request.ip)
        if (outcome === 'rejected') request.log.warn({ ip: request.ip }, 'refund status Result did not match a refund')
        return { ResultCode: 0, ResultDesc: 'Accepted' }
      },
      { bodyLimit: CALLBACK_BODY_LIMIT, errorHandler: darajaErrorHandler },
    )

    serve(
      app,
      checkoutEndpoints,
      'POST /api/payments/b2c/refund-timeout/:secret',
      async (request, reply) => {
        const received = await darajaBody(request, reply)
        if (received === null) return reply
        await refunds.recordB2cTimeout(received.raw, request.ip)
        return { ResultCode: 0, ResultDesc: 'Accepted' }
      },
      { bodyLimit: CALLBACK_BODY_LIMIT },
    )

    serve(
      app,
      checkoutEndpoints,
      'POST /api/payments/card/webhook/',
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const event = card.parseWebhook(body, request.headers)
        if (!event) {
          request.log.warn({ ip: request.ip }, 'card webhook with a bad signature refused')
          return reply.status(401).send({ detail: 'The signature does not match.', code: 'unauthorized' })
        }
        if ('refund' in event) await refunds.applyCardRefund(event.refund, body.toString('utf8'), request.ip)
        else await payments.applyCard(event.charge, 'webhook', body.toString('utf8'), request.ip)
        return { received: true }
      },
      { bodyLimit: CALLBACK_BODY_LIMIT },
    )
  }
}
