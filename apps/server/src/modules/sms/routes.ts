import { smsEndpoints } from '@soko/contract/sms'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { CALLBACK_BODY_LIMIT, refusedPath } from '../../plugins/daraja-callbacks.ts'
import { serve } from '../../plugins/endpoints.ts'
import type { TextMessages } from './service.ts'

/** Where the gateway posts delivery reports; the last segment is the callback secret (SMS_CALLBACK_SECRET). */
export const SMS_DELIVERY_REPORT_PATH = '/api/sms/delivery-reports/'

/**
 * POST /api/sms/delivery-reports/:secret: Africa's Talking (or its stand-in) reporting a text's delivery. Its
 * callbacks are unsigned, so the path carries a secret (a wrong one is a 404) and a report only ever names one of
 * our own message ids; it is stored as received and applied once.
 */
export function smsCallbackRoutes(options: {
  texts: TextMessages
  callbackSecret: () => Promise<string>
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    )
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'no-store')
    })
    serve(app, smsEndpoints, 'POST /api/sms/delivery-reports/:secret', async (request, reply) => {
      if (await refusedPath(request, reply, await options.callbackSecret(), 'SMS delivery report')) return reply
      const raw = typeof request.body === 'string' ? request.body : ''
      const outcome = await options.texts.applyDeliveryReport(new URLSearchParams(raw), raw)
      if (outcome === 'rejected' || outcome === 'unknown') {
        request.log.warn({ ip: request.ip, outcome }, 'SMS delivery report not applied')
      }
      return { received: true }
    })
  }
}
