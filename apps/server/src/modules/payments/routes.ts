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
import { toErrorAnswer } from '../../plugins/errors.ts'
import type { CardCharge, CardProvider, CardRefund } from './card/provider.ts'
import { type C2bValidationAnswer, parseStkCallback } from './mpesa/daraja.ts'
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

/**
 * Where Daraja asks whether a payment to our Paybill may go through (C2B validation) and tells that it did
 * (confirmation): no "mpesa", "validation" or "confirmation" in them (words Safaricom is reported to filter), each
 * ending in the callback secret.
 */
export const C2B_VALIDATION_PATH = '/api/payments/c2b/check/'
export const C2B_CONFIRMATION_PATH = '/api/payments/c2b/done/'

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
  /** Payments to our Paybill (the paybill-payment flow). */
  paybill: {
    validate(body: unknown, rawBody: string, remoteAddress: string): Promise<C2bValidationAnswer | null>
    confirm(body: unknown, rawBody: string, remoteAddress: string): Promise<ApplyOutcome | null>
  }
  card: CardProvider
  callbackSecret: () => Promise<string>
}): FastifyPluginAsyncZod {
  const { payments, card, refunds, paybill } = options

  /** The parsed JSON of a callback from Daraja on a secret path; null (answered) when the secret is wrong. */
  async function darajaBody(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ raw: string; body: unknown } | null> {
    if (await refusedPath(request, reply, await options.callbackSecret(), 'M-Pesa callback')) return null
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
        const received = await darajaBody(request, reply)
        if (received === null) return reply
        const { raw } = received
        const callback = parseStkCallback(received.body)
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
        return DARAJA_ACCEPTED
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
        return DARAJA_ACCEPTED
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
        return DARAJA_ACCEPTED
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
        return DARAJA_ACCEPTED
      },
      { bodyLimit: CALLBACK_BODY_LIMIT },
    )

    // C2B: Daraja asks whether a payment to our Paybill may go through, then tells that it did.
    serve(
      app,
      checkoutEndpoints,
      'POST /api/payments/c2b/check/:secret',
      async (request, reply) => {
        const received = await darajaBody(request, reply)
        if (received === null) return reply
        const answer = await paybill.validate(received.body, received.raw, request.ip)
        if (answer === null)
          return reply.status(400).send({ ResultCode: 'C2B00016', ResultDesc: 'Rejected: not a C2B payment' })
        return answer
      },
      {
        bodyLimit: CALLBACK_BODY_LIMIT,
        errorHandler: (error, _request, reply) => {
          const { status, body } = toErrorAnswer(error)
          if (status !== 400) throw error
          return reply.status(400).send({ ResultCode: 'C2B00016', ResultDesc: `Rejected: ${body.detail}` })
        },
      },
    )

    serve(
      app,
      checkoutEndpoints,
      'POST /api/payments/c2b/done/:secret',
      async (request, reply) => {
        const received = await darajaBody(request, reply)
        if (received === null) return reply
        const outcome = await paybill.confirm(received.body, received.raw, request.ip)
        if (outcome === null)
          return reply.status(400).send({ ResultCode: 1, ResultDesc: 'Rejected: not a C2B payment' })
        if (outcome === 'rejected') request.log.warn({ ip: request.ip }, 'Paybill payment kept for reconciliation')
        // Accepted whatever became of it: the money has moved, and it is kept either way.
        return DARAJA_ACCEPTED
      },
      { bodyLimit: CALLBACK_BODY_LIMIT, errorHandler: darajaErrorHandler },
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
