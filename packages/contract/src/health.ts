import { z } from 'zod'

export const HealthSchema = z.object({ status: z.literal('ok') })
export type Health = z.infer<typeof HealthSchema>

export const ReadySchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.number().int(),
})
export type Ready = z.infer<typeof ReadySchema>

export const ErrorSchema = z.object({
  detail: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})
export type ErrorResponse = z.infer<typeof ErrorSchema>
