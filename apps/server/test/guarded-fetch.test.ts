import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FetchRefusedError, type GuardedFetchOptions, guardedGet } from '../src/plugins/guarded-fetch.ts'

// The outbound guard against a real local HTTP server: what it refuses without the explicit exception (loopback,
// private, link-local and IPv4-mapped addresses, names resolving to them, redirects into them), and with the
// exception the limits it still keeps (redirects, size, time) and that it connects to the address it checked.

const OPTIONS: GuardedFetchOptions = { allowHosts: new Set(), timeoutMs: 3_000, maxBytes: 1024, maxRedirects: 3 }
const LOCAL = { ...OPTIONS, allowHosts: new Set(['127.0.0.1']) }

async function refusal(url: string, options: GuardedFetchOptions): Promise<FetchRefusedError> {
  try {
    await guardedGet(url, options)
  } catch (error) {
    if (error instanceof FetchRefusedError) return error
    throw error
  }
  throw new Error(`${url} was fetched`)
}

describe('guarded outbound GET', () => {
  let server: Server
  let base: string
  const seen: IncomingMessage[] = []

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(request)
      const path = request.url ?? '/'
      const hop = /^\/hop\/(\d+)$/.exec(path)
      if (hop) {
        const n = Number(hop[1])
        response.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/ok' }).end()
      } else if (path === '/to-metadata') {
        response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end()
      } else if (path === '/to-mapped') {
        response.writeHead(307, { location: `http://[::ffff:127.0.0.2]:${(server.address() as AddressInfo).port}/ok` })
        response.end()
      } else if (path === '/big') {
        response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(4096))
      } else if (path === '/big-chunked') {
        response.writeHead(200, { 'content-type': 'image/png' })
        response.write(Buffer.alloc(800))
        response.end(Buffer.alloc(800))
      } else if (path === '/slow') {
        response.writeHead(200)
        response.write('x') // and never ends
      } else if (path === '/missing') {
        response.writeHead(404).end()
      } else {
        response.writeHead(200, { 'content-type': 'text/plain' }).end(`ok ${request.headers.host}`)
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('refuses local, private, link-local and IPv4-mapped addresses without the exception, before connecting', async () => {
    const port = (server.address() as AddressInfo).port
    const before = seen.length
    for (const url of [
      `${base}/ok`,
      `http://127.0.0.2:${port}/ok`,
      'http://10.0.0.1/a.jpg',
      'http://192.168.1.10/a.jpg',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${port}/ok`,
      `http://[::ffff:127.0.0.1]:${port}/ok`,
      'http://[::ffff:a00:1]/a.jpg',
      'http://0.0.0.0/a.jpg',
      'http://224.0.0.1/a.jpg',
    ]) {
      const error = await refusal(url, OPTIONS)
      expect(error.reason, url).toBe('not_public')
      expect(error.message).toMatch(/address, which is not allowed/)
    }
    // A name is resolved and each of its addresses checked.
    const resolvesLocal: GuardedFetchOptions = {
      ...OPTIONS,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.1.2.3', family: 4 },
      ],
    }
    expect((await refusal('http://images.example.test/a.jpg', resolvesLocal)).reason).toBe('not_public')
    expect((await refusal(`http://localhost:${port}/ok`, OPTIONS)).reason).toBe('not_public')
    expect(seen.length).toBe(before)
  })

  it('refuses what is not http(s)', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a.jpg', 'gopher://127.0.0.1/', 'not a url']) {
      expect((await refusal(url, LOCAL)).reason, url).toBe('bad_address')
    }
    expect((await refusal(`http://user:pw@127.0.0.1:1/`, LOCAL)).reason).toBe('bad_address')
  })

  it('with the exception: fetches, follows at most 3 redirects, checks each, keeps to the size and time', async () => {
    expect((await guardedGet(`${base}/ok`, LOCAL)).toString()).toMatch(/^ok 127\.0\.0\.1:/)
    expect((await guardedGet(`${base}/hop/2`, LOCAL)).toString()).toMatch(/^ok/) // 3 redirects
    expect((await refusal(`${base}/hop/3`, LOCAL)).reason).toBe('too_many_redirects')
    // A redirect to a refused address is refused (the exception names 127.0.0.1 only).
    expect((await refusal(`${base}/to-metadata`, LOCAL)).reason).toBe('not_public')
    expect((await refusal(`${base}/to-mapped`, LOCAL)).reason).toBe('not_public')
    expect((await refusal(`${base}/big`, LOCAL)).reason).toBe('too_large')
    expect((await refusal(`${base}/big-chunked`, LOCAL)).reason).toBe('too_large')
    expect((await refusal(`${base}/missing`, LOCAL)).message).toBe('answered HTTP 404')
    const slow = await refusal(`${base}/slow`, { ...LOCAL, timeoutMs: 300 })
    expect(slow.reason).toBe('timeout')
  })

  it('connects to the address it checked, not to a second DNS answer', async () => {
    let questions = 0
    const port = (server.address() as AddressInfo).port
    const answer = await guardedGet(`http://images.example.test:${port}/ok`, {
      ...LOCAL,
      resolve: async () => {
        questions++
        return [{ address: '127.0.0.1', family: 4 }]
      },
    })
    // The request reached this server (the checked address) with the name as its Host, after one question.
    expect(answer.toString()).toBe(`ok images.example.test:${port}`)
    expect(questions).toBe(1)
  })
})
