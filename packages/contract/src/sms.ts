import { z } from 'zod'
import { CallbackSecretParamsSchema } from './checkout.ts'
import { endpoints } from './endpoint.ts'

// Text messages: the gateway's delivery reports (decision 0029), and the shopper's own setting for order texts.

/** The delivery report is acknowledged, whatever became of it: the gateway retrying helps nobody. */
export const DeliveryReportAnswerSchema = z.object({ received: z.boolean() })

export const smsEndpoints = endpoints({
  'POST /api/sms/delivery-reports/:secret': {
    summary: "Africa's Talking's delivery report for a text (form-encoded; the path's last segment is a secret)",
    description:
      'Fields id, status, phoneNumber, networkCode, failureReason, retryCount. Stored, and applied to its text once; ' +
      'the same report again is recorded as a duplicate. A wrong secret answers 404.',
    tags: ['sms'],
    params: CallbackSecretParamsSchema,
    consumes: ['application/x-www-form-urlencoded'],
    response: DeliveryReportAnswerSchema,
    errors: ['not_found'],
  },
})
