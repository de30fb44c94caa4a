// Small node:http helpers shared by the two stand-ins, so neither needs a framework.
import type { IncomingMessage, Server, ServerResponse } from 'node:http'

/** The most either stand-in reads of a request body; real gateways refuse far smaller bodies than this. */
export const MAX_BODY_BYTES = 64 * 1024

export class BodyTooLargeError extends Error {}

/** Reads the whole body as text, refusing (and draining) anything over MAX_BODY_BYTES. */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) tooLarge = true
      else chunks.push(chunk)
    })
    request.on('end', () => {
      if (tooLarge) reject(new BodyTooLargeError(`Request body over ${MAX_BODY_BYTES} bytes`))
      else resolve(Buffer.concat(chunks).toString('utf8'))
    })
    request.on('error', reject)
  })
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  response.end(text)
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    // The page carries its own styles and no scripts; nothing else may load into it. No form-action: the form
    // posts to this server, which then redirects to the shop, and browsers apply form-action to that redirect.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    'cache-control': 'no-store',
  })
  response.end(html)
}

/** Starts listening and answers the base URL (with the port the system picked when port is 0). */
export function listen(server: Server, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      const address = server.address()
      if (address === null || typeof address === 'string') return reject(new Error('Server has no TCP address'))
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
      resolve(`http://${shownHost}:${address.port}`)
    })
  })
}

/** Stops the server, cutting idle keep-alive connections so close() does not wait for them to time out. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()))
    server.closeAllConnections()
  })
}

/** Sleeps, but wakes early (without throwing) when the signal aborts, so shutdown is never held up. */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })
}

/**
 * POSTs a JSON body, retrying on a non-2xx answer or a connection error: `retries` more tries, `retryDelayMs`
 * apart. Answers how many tries were made and whether one was accepted. Never throws.
 */
export async function postWithRetries(input: {
  url: string
  body: string
  headers?: Record<string, string>
  retries: number
  retryDelayMs: number
  signal: AbortSignal
  onAttempt?: (accepted: boolean) => void
}): Promise<boolean> {
  for (let attempt = 0; attempt <= input.retries; attempt++) {
    if (input.signal.aborted) return false
    if (attempt > 0) await delay(input.retryDelayMs, input.signal)
    if (input.signal.aborted) return false
    let accepted = false
    try {
      const answer = await fetch(input.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...input.headers },
        body: input.body,
        signal: AbortSignal.any([input.signal, AbortSignal.timeout(10_000)]),
      })
      // The body is read so the connection can be reused; its content does not matter.
      await answer.arrayBuffer()
      accepted = answer.ok
    } catch {
      accepted = false
    }
    input.onAttempt?.(accepted)
    if (accepted) return true
  }
  return false
}
