import { Agent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the balancer saw: answers by status, retries on another backend, and failures the client saw. */
export interface BalancerStats {
  /** Requests answered, per backend URL. */
  byBackend: Record<string, number>
  /** Answers by status code. */
  statuses: Record<number, number>
  /** Requests sent again to the next backend (connection refused or reset before any response byte). */
  retries: number
  /** Responses cut after they had started (the client got a partial answer). */
  resetsAfterStart: number
  /** Requests no backend could take (answered 502 by the balancer itself). */
  unavailable: number
  /** Connection errors to backends, by code. */
  errors: Record<string, number>
}

export interface LoadBalancer {
  url: string
  stats: BalancerStats
  close(): Promise<void>
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'])

/**
 * A round-robin HTTP load balancer for tests, behaving as nginx's upstream with `proxy_next_upstream error`: a
 * request whose backend refuses the connection or resets it before any response byte goes to the next backend;
 * once a response has started it is passed through (and a cut counted). It adds X-Forwarded-For and
 * X-Forwarded-Proto, and keeps connections to the backends alive, as a production proxy would.
 */
export async function startLoadBalancer(backends: string[]): Promise<LoadBalancer> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 })
  const stats: BalancerStats = {
    byBackend: {},
    statuses: {},
    retries: 0,
    resetsAfterStart: 0,
    unavailable: 0,
    errors: {},
  }
  let next = 0
  // As nginx's `max_fails=1 fail_timeout=10s`: a backend that refused a connection is skipped for a while.
  const downUntil = new Map<string, number>()
  const order = () => {
    const start = next++
    const all = backends.map((_, index) => backends[(start + index) % backends.length] as string)
    const now = Date.now()
    const up = all.filter((backend) => (downUntil.get(backend) ?? 0) <= now)
    return up.length > 0 ? [...up, ...all.filter((backend) => !up.includes(backend))] : all
  }

  /** Sends the request to `candidates[tried]`, and on to the next one when that one fails before answering. */
  const forward = (client: IncomingMessage, reply: ServerResponse, body: Buffer, candidates: string[], tried = 0) => {
    const backend = candidates[tried]
    if (backend === undefined) {
      stats.unavailable += 1
      stats.statuses[502] = (stats.statuses[502] ?? 0) + 1
      reply.writeHead(502, { 'content-type': 'text/plain' }).end('No backend answered')
      return
    }
    const target = new URL(client.url ?? '/', backend)
    const headers: Record<string, string | string[]> = {}
    for (const [name, value] of Object.entries(client.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value
    }
    const forwardedFor = client.headers['x-forwarded-for']
    const peer = client.socket.remoteAddress ?? ''
    headers['x-forwarded-for'] = forwardedFor ? `${forwardedFor}, ${peer}` : peer
    headers['x-forwarded-proto'] = 'http'
    headers['content-length'] = String(body.length)
    let started = false
    const upstream = httpRequest(target, { method: client.method, headers, agent }, (response) => {
      started = true
      stats.byBackend[backend] = (stats.byBackend[backend] ?? 0) + 1
      const status = response.statusCode ?? 502
      stats.statuses[status] = (stats.statuses[status] ?? 0) + 1
      const outHeaders: Record<string, string | string[]> = {}
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) outHeaders[name] = value
      }
      reply.writeHead(status, outHeaders)
      response.pipe(reply)
      response.once('aborted', () => {
        stats.resetsAfterStart += 1
        reply.destroy()
      })
      response.once('error', () => {
        if (!response.complete) {
          stats.resetsAfterStart += 1
          reply.destroy()
        }
      })
    })
    upstream.once('error', (error: NodeJS.ErrnoException) => {
      if (started) return
      const code = error.code ?? error.message
      stats.errors[code] = (stats.errors[code] ?? 0) + 1
      const retryable = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ECONNABORTED'].includes(error.code ?? '')
      if (!retryable) {
        stats.unavailable += 1
        reply.writeHead(502, { 'content-type': 'text/plain' }).end(error.message)
        return
      }
      if (error.code === 'ECONNREFUSED') downUntil.set(backend, Date.now() + 10_000)
      stats.retries += 1
      forward(client, reply, body, candidates, tried + 1)
    })
    upstream.end(body)
  }

  const server = createServer((client, reply) => {
    const chunks: Buffer[] = []
    client.on('data', (chunk: Buffer) => chunks.push(chunk))
    client.on('end', () => forward(client, reply, Buffer.concat(chunks), order()))
  })
  server.keepAliveTimeout = 5000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      agent.destroy()
    },
  }
}
