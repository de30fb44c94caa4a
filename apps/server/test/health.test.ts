import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../src/plugins/errors.ts'
import { engines, startTestServer, type TestServer, withTestServer } from './support/test-server.ts'

describe.each(engines)('health and error handling (%s)', (engine) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(engine, {
      beforeListen(app) {
        app.post('/api/test/echo', async (request) => ({ received: request.body }))
        app.get('/api/test/crash', async () => {
          throw new Error('secret internal detail at /work/main/apps/server/src/x.ts:12')
        })
        app.get('/api/test/conflict', async () => {
          throw new AppError('conflict', 'That slug is taken.', { slug: ['That slug is taken.'] })
        })
      },
    })
  })
  afterAll(() => server.close())

  it('answers liveness without touching the database', async () => {
    const response = await fetch(`${server.url}/api/health`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/application\/json/)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('answers readiness with the engine and the migrations applied', async () => {
    const response = await fetch(`${server.url}/api/ready`)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { status: string; database: string; migrations: number }
    expect(body.status).toBe('ready')
    expect(body.database).toBe(engine)
    expect(body.migrations).toBe(server.app.soko.migrations.length)
    expect(body.migrations).toBeGreaterThan(0)
  })

  it('accepts the trailing-slash form of a path', async () => {
    const response = await fetch(`${server.url}/api/health/`)
    expect(response.status).toBe(200)
  })

  it('answers an unknown API path with a JSON 404 that has a detail', async () => {
    const response = await fetch(`${server.url}/api/no/such/thing?x=1`)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/application\/json/)
    expect(await response.json()).toEqual({ detail: 'No API endpoint GET /api/no/such/thing.', code: 'not_found' })
  })

  /** POSTs `body` as `contentType` to the test route that answers what it received. */
  const echo = (contentType: string, body: string) =>
    fetch(`${server.url}/api/test/echo`, { method: 'POST', headers: { 'content-type': contentType }, body })

  it('answers a malformed JSON body with 400 and a reason', async () => {
    const response = await echo('application/json', '{"email": "wanjiku@example.com",')
    expect(response.status).toBe(400)
    const body = (await response.json()) as { detail: string; code: string }
    expect(body.code).toBe('invalid_data')
    expect(body.detail).toMatch(/^Malformed JSON body/)
  })

  it('still parses a well-formed JSON body', async () => {
    const response = await echo('application/json', JSON.stringify({ county: 'Kisumu' }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: { county: 'Kisumu' } })
  })

  it('answers an unsupported body type with 415', async () => {
    const response = await echo('application/x-unknown', 'hello')
    expect(response.status).toBe(415)
    expect(((await response.json()) as { code: string }).code).toBe('unsupported_media_type')
  })

  it('answers an expected failure with its status, detail and field errors', async () => {
    const response = await fetch(`${server.url}/api/test/conflict`)
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({
      detail: 'That slug is taken.',
      code: 'conflict',
      errors: { slug: ['That slug is taken.'] },
    })
  })

  it('never leaks a stack trace or internal message on a crash', async () => {
    const response = await fetch(`${server.url}/api/test/crash`)
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ detail: 'Internal server error.', code: 'internal' })
    expect(text).not.toMatch(/secret|\/work\/|\.ts:|at /)
  })
})

describe.each(engines)('readiness when the database is gone (%s)', (engine) => {
  it('answers 503 once the database stops answering', async () => {
    const server = await startTestServer(engine)
    try {
      await server.database.close()
      const response = await fetch(`${server.url}/api/ready`)
      expect(response.status).toBe(503)
      const body = (await response.json()) as { detail: string; code: string }
      expect(body).toEqual({ detail: 'Database unreachable.', code: 'unavailable' })
      // Liveness does not depend on the database.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
    } finally {
      await server.app.close()
    }
  })
})

describe('security headers', () => {
  it('are on every API response', async () => {
    await withTestServer('pglite', {}, async (server) => {
      for (const path of ['/api/health', '/api/no-such-thing']) {
        const response = await fetch(`${server.url}${path}`)
        expect(response.headers.get('x-content-type-options')).toBe('nosniff')
        expect(response.headers.get('x-frame-options')).toBe('DENY')
        expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
        // Not in production: no HSTS over plain HTTP in tests and development.
        expect(response.headers.get('strict-transport-security')).toBeNull()
      }
    })
  })
})
