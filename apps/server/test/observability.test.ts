import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startTestServer, type TestServer, withTestServer } from './support/test-server.ts'

describe.each(engines)('observability on %s', (engine) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { METRICS_TOKEN: 'metrics-token-for-tests' } })
  })
  afterAll(() => server?.close())

  it('answers every request with its id, keeping a sane one from the load balancer', async () => {
    const fresh = await fetch(`${server.url}/api/health`)
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const kept = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'lb-1234-abcd' } })
    expect(kept.headers.get('x-request-id')).toBe('lb-1234-abcd')
    const junk = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'a b<script>' } })
    expect(junk.headers.get('x-request-id')).not.toBe('a b<script>')
  })

  it('serves Prometheus metrics behind the token: requests by route, latency, jobs and payments', async () => {
    await fetch(`${server.url}/api/marketplace/categories/`)
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401)
    const response = await fetch(`${server.url}/metrics`, {
      headers: { authorization: 'Bearer metrics-token-for-tests' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/plain')
    const text = await response.text()
    expect(text).toMatch(
      /soko_http_requests_total\{method="GET",route="\/api\/marketplace\/categories\/",status="200"\} \d+/,
    )
    expect(text).toContain(
      'soko_http_request_duration_seconds_bucket{method="GET",route="/api/marketplace/categories/",le="+Inf"}',
    )
    expect(text).toMatch(/soko_jobs\{state="due"\} \d+/)
    expect(text).toContain('soko_database_up 1')
    if (engine === 'postgres') expect(text).toMatch(/soko_db_pool_connections\{state="total"\} \d+/)
  })
})

describe('metrics in production', () => {
  it('are not served without a token', async () => {
    await withTestServer('pglite', { env: { NODE_ENV: 'production' } }, async (server) => {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404)
    })
  })
})
