import { z } from 'zod'
import { endpoints } from './endpoint.ts'

/** A message in the mail outbox (development and tests only: GET /api/dev/outbox/ is 404 in production). */
export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created: z.string().describe('ISO 8601'),
  sentAt: z.string().nullable().describe('When SMTP accepted it; null while it only sits in the outbox'),
  error: z.string().nullable().describe('The last SMTP failure, if any'),
})
export const OutboxListSchema = z.array(OutboxMessageSchema).describe('Newest first')
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>

export const OutboxQuerySchema = z.object({
  to: z.string().max(254).optional().describe('Only messages to this address (any case)'),
  limit: z.coerce.number().int().min(1).max(200).default(20),
})

export const devEndpoints = endpoints({
  'GET /api/dev/outbox/': {
    summary: 'Latest messages in the mail outbox (not in production)',
    tags: ['dev'],
    query: OutboxQuerySchema,
    response: OutboxListSchema,
    errors: [],
  },
})
