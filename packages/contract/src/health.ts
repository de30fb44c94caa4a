import { z } from 'zod'
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
