import { z } from 'zod'
import { endpoints } from './endpoint.ts'
import { ERROR_CODES, type ErrorCode } from './errors.ts'

export const HealthSchema = z.object({ status: z.literal('ok') })
export type Health = z.infer<typeof HealthSchema>

export const ReadySchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.number().int(),
})
export type Ready = z.infer<typeof ReadySchema>

/** Every error answer: `{ detail, code, errors? }`, its code one of the closed set (errors.ts). */
export const ErrorSchema = z.object({
  detail: z.string(),
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})
export type ErrorResponse = z.infer<typeof ErrorSchema>

const tags = ['health']

/** Liveness and readiness, for load balancers and orchestrators. */
export const healthEndpoints = endpoints({
  'GET /api/health': { summary: 'Liveness: the process answers', tags, response: HealthSchema, errors: [] },
  'GET /api/ready': {
    summary: 'Readiness: the database answers and is migrated',
    tags,
    response: ReadySchema,
    errors: ['unavailable'],
  },
})
