import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AppError } from './errors.ts'

/**
 * Test-only fault injection (FAULT_INJECTION=true, refused in production): browser tests make the real API slow
 * or failing for one browser context, to see the storefront's loading and error states, without mocking fetch.
 * A rule applies to requests carrying the cookie `soko_fault_scope=<scope>` (the server's own calls during
 * server rendering forward the shopper's cookies, so they are covered too).
 */
const FaultRuleSchema = z.object({
  scope: z.string().min(1).max(100),
  /** Applies to API paths matching this regular expression. */
  path: z.string().min(1).max(500),
  delayMs: z.number().int().min(0).max(30_000).default(0),
  status: z.number().int().min(400).max(599).optional(),
})
type FaultRule = z.infer<typeof FaultRuleSchema>

const SCOPE_COOKIE = /(?:^|;\s*)soko_fault_scope=([^;]+)/

export function registerFaultInjection(app: FastifyInstance): void {
  const rules = new Map<string, (FaultRule & { pattern: RegExp })[]>()

  app.put('/api/test/faults', async (request, reply) => {
    const rule = FaultRuleSchema.parse(request.body)
    rules.set(rule.scope, [...(rules.get(rule.scope) ?? []), { ...rule, pattern: new RegExp(rule.path) }])
    return reply.status(204).send()
  })
  app.delete('/api/test/faults/:scope', async (request, reply) => {
    rules.delete((request.params as { scope: string }).scope)
    return reply.status(204).send()
  })

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/test/')) return
    const scope = request.headers.cookie?.match(SCOPE_COOKIE)?.[1]
    const rule = scope ? rules.get(decodeURIComponent(scope))?.find((r) => r.pattern.test(request.url)) : undefined
    if (!rule) return
    if (rule.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, rule.delayMs))
    if (rule.status !== undefined) {
      throw new AppError(rule.status === 503 ? 'unavailable' : 'internal', 'Injected fault (test only).')
    }
  })
}
