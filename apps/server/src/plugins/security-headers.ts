import type { FastifyInstance } from 'fastify'
import type { Config } from './config.ts'

/**
 * Headers every response carries (security baseline: no MIME sniffing, no framing, a conservative referrer and
 * no powerful features). Pages add their Content-Security-Policy in plugins/web.ts; HSTS only in production,
 * where TLS is terminated in front of Soko.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff')
    reply.header('x-frame-options', 'DENY')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    reply.header('cross-origin-opener-policy', 'same-origin')
    if (config.isProduction) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
    return payload
  })
}
