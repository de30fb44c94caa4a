import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sameSecret } from '../modules/accounts/tokens.ts'

/** An incoming X-Request-Id is kept when it is a sane token (a load balancer's), else a new one is made. */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id']
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{8,64}$/.test(given) ? given : randomUUID()
}

/**
 * Path segments that are secrets: the last segment of Daraja's callbacks (STK, C2B, the B2C results of refunds and
 * payouts) and of the SMS delivery reports, a password-reset link's token.
 */
const SECRET_PATHS: [RegExp, string][] = [
  [/^(\/api\/payments\/lnm\/cb\/)[^/?#]+/, '$1[redacted]'],
  [/^(\/api\/payments\/c2b\/(?:check|done)\/)[^/?#]+/, '$1[redacted]'],
  [/^(\/api\/payments\/b2c\/refund-(?:result|status|timeout)\/)[^/?#]+/, '$1[redacted]'],
  [/^(\/api\/payouts\/b2c\/(?:result|status|timeout)\/)[^/?#]+/, '$1[redacted]'],
  [/^(\/api\/sms\/delivery-reports\/)[^/?#]+/, '$1[redacted]'],
  [/^(\/reset-password\/[^/?#]+\/)[^/?#]+/, '$1[redacted]'],
]

/** Query parameters that carry a secret: OpenID's code and state, tokens, keys, signatures, passwords. */
const SECRET_PARAMS =
  /^(code|state|token|access_token|refresh_token|id_token|secret|key|api_key|signature|sig|password)$/i

/**
 * A request URL fit for logs: secrets in the path or the query become `[redacted]` (ASVS V7.1.1: no credentials
 * or session tokens in logs). The route's pattern, not the URL, labels metrics, so they hold no secret either.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?')
  let path = queryAt === -1 ? url : url.slice(0, queryAt)
  for (const [pattern, replacement] of SECRET_PATHS) path = path.replace(pattern, replacement)
  if (queryAt === -1) return path
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? ''
      let decoded = name
      try {
        decoded = decodeURIComponent(name)
      } catch {}
      return SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair
    })
    .join('&')
  return `${path}?${query}`
}

/** Fastify's request log fields, with the URL redacted (the rest as Fastify logs them). */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }
  },
}

/** Upper bounds of the latency histogram, in seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

interface Histogram {
  counts: number[]
  sum: number
  count: number
}

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
const labels = (pairs: Record<string, string>) =>
  `{${Object.entries(pairs)
    .map(([key, value]) => `${key}="${escapeLabel(value)}"`)
    .join(',')}}`

/**
 * Request counts and latency per route, kept in this process (Prometheus scrapes each process and sums); the
 * shared figures (job queue depth, payments by outcome) are read from the database at scrape time.
 */
export class Metrics {
  private readonly requests = new Map<string, number>()
  private readonly latency = new Map<string, Histogram>()
  private errors = 0
  private readonly startedAt = Date.now()

  observe(method: string, route: string, status: number, seconds: number): void {
    const requestKey = `${method} ${route} ${status}`
    this.requests.set(requestKey, (this.requests.get(requestKey) ?? 0) + 1)
    if (status >= 500) this.errors += 1
    const latencyKey = `${method} ${route}`
    let histogram = this.latency.get(latencyKey)
    if (!histogram) {
      histogram = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 }
      this.latency.set(latencyKey, histogram)
    }
    BUCKETS.forEach((bound, index) => {
      if (seconds <= bound && histogram) histogram.counts[index] = (histogram.counts[index] ?? 0) + 1
    })
    histogram.sum += seconds
    histogram.count += 1
  }

  /** The Prometheus text exposition of this process's figures plus `shared` lines. */
  render(shared: string[]): string {
    const lines: string[] = [
      '# HELP soko_http_requests_total HTTP requests answered, by method, route and status.',
      '# TYPE soko_http_requests_total counter',
    ]
    for (const [key, value] of this.requests) {
      const [method = '', route = '', status = ''] = key.split(' ')
      lines.push(`soko_http_requests_total${labels({ method, route, status })} ${value}`)
    }
    lines.push(
      '# HELP soko_http_request_duration_seconds Time to answer, by method and route.',
      '# TYPE soko_http_request_duration_seconds histogram',
    )
    for (const [key, histogram] of this.latency) {
      const [method = '', route = ''] = key.split(' ')
      BUCKETS.forEach((bound, index) => {
        lines.push(
          `soko_http_request_duration_seconds_bucket${labels({ method, route, le: String(bound) })} ${histogram.counts[index]}`,
        )
      })
      lines.push(
        `soko_http_request_duration_seconds_bucket${labels({ method, route, le: '+Inf' })} ${histogram.count}`,
        `soko_http_request_duration_seconds_sum${labels({ method, route })} ${histogram.sum}`,
        `soko_http_request_duration_seconds_count${labels({ method, route })} ${histogram.count}`,
      )
    }
    lines.push(
      '# HELP soko_http_server_errors_total Requests answered with a 5xx status.',
      '# TYPE soko_http_server_errors_total counter',
      `soko_http_server_errors_total ${this.errors}`,
      '# HELP soko_process_uptime_seconds Seconds since this process started.',
      '# TYPE soko_process_uptime_seconds gauge',
      `soko_process_uptime_seconds ${(Date.now() - this.startedAt) / 1000}`,
      '# HELP soko_process_resident_memory_bytes Resident memory of this process.',
      '# TYPE soko_process_resident_memory_bytes gauge',
      `soko_process_resident_memory_bytes ${process.memoryUsage.rss()}`,
      ...shared,
    )
    return `${lines.join('\n')}\n`
  }
}

function sameToken(header: string | undefined, token: string): boolean {
  return sameSecret(header?.replace(/^Bearer\s+/i, '') ?? '', token)
}

/**
 * Request ids on every response (X-Request-Id, also on every log line of the request) and GET /metrics in
 * Prometheus's text format: request rate and latency per route, server errors, database pool, job queue depth
 * and payments by outcome. In production /metrics needs `Authorization: Bearer <METRICS_TOKEN>` (and is not
 * served at all without a token).
 */
/** Figures every process shares through the database, read on each scrape. */
export interface SharedFigures {
  jobs: { due: number; scheduled: number; failed: number }
  payments: { method: string; status: string; n: number }[]
}

export function registerObservability(
  app: FastifyInstance,
  options: {
    token: string | undefined
    isProduction: boolean
    /** The database pool's connections, when it has a pool (PostgreSQL). */
    poolStats: () => { total: number; idle: number; waiting: number } | undefined
    sharedFigures: () => Promise<SharedFigures>
  },
): Metrics {
  const metrics = new Metrics()
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    // The route's pattern (/api/checkout/orders/:orderNumber/), never the raw URL: a bounded set of series.
    const route = request.routeOptions.url ?? 'unmatched'
    metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000)
  })

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (options.isProduction && !options.token)
      return reply.status(404).send({ detail: 'Not found.', code: 'not_found' })
    if (options.token && !sameToken(request.headers.authorization, options.token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ detail: 'A metrics token is required.', code: 'unauthorized' })
    }
    const shared: string[] = []
    const pool = options.poolStats()
    if (pool) {
      shared.push(
        '# HELP soko_db_pool_connections Database connections of this process, by state.',
        '# TYPE soko_db_pool_connections gauge',
        `soko_db_pool_connections{state="total"} ${pool.total}`,
        `soko_db_pool_connections{state="idle"} ${pool.idle}`,
        `soko_db_pool_connections{state="waiting"} ${pool.waiting}`,
      )
    }
    try {
      const { jobs, payments } = await options.sharedFigures()
      shared.push(
        '# HELP soko_jobs Background jobs (shared by every process), by state.',
        '# TYPE soko_jobs gauge',
        `soko_jobs{state="due"} ${jobs.due}`,
        `soko_jobs{state="scheduled"} ${jobs.scheduled}`,
        `soko_jobs{state="given_up_last_day"} ${jobs.failed}`,
        '# HELP soko_payments Payment attempts (shared by every process), by method and outcome.',
        '# TYPE soko_payments gauge',
        ...payments.map((row) => `soko_payments${labels({ method: row.method, status: row.status })} ${row.n}`),
        '# HELP soko_database_up Whether the database answered this scrape.',
        '# TYPE soko_database_up gauge',
        'soko_database_up 1',
      )
    } catch (error) {
      request.log.warn({ err: error }, 'metrics: database unreachable')
      shared.push('# TYPE soko_database_up gauge', 'soko_database_up 0')
    }
    return reply
      .header('cache-control', 'no-store')
      .type('text/plain; version=0.0.4; charset=utf-8')
      .send(metrics.render(shared))
  })
  return metrics
}
