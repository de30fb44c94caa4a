import { lookup as dnsLookup } from 'node:dns/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { isIP } from 'node:net'
import { classifyAddress } from './public-address.ts'

// Outbound GETs to addresses someone else chose (a vendor's image URLs), guarded against server-side request
// forgery: http and https only; the host resolved and every address it has checked (public unicast only: no
// loopback, private, link-local, multicast or reserved, IPv4 or IPv6, nor IPv4 inside IPv6); the connection made to
// the very address checked (a second DNS answer cannot point it elsewhere: no DNS rebinding); each redirect checked
// the same way, at most `maxRedirects`; one time limit for the whole; the body refused past `maxBytes`.

export interface GuardedFetchOptions {
  /** Hosts (names or IP literals) exempt from the address check: tests and the demo's own local server only. */
  allowHosts: ReadonlySet<string>
  timeoutMs: number
  maxBytes: number
  maxRedirects: number
  /** How a host name is resolved (every address of it); DNS unless given. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>
}

export type FetchRefusal =
  | 'bad_address'
  | 'not_public'
  | 'unresolved'
  | 'too_many_redirects'
  | 'http_status'
  | 'too_large'
  | 'timeout'
  | 'failed'

/** Why an address was not fetched, in words to show the person who gave it. */
export class FetchRefusedError extends Error {
  constructor(
    readonly reason: FetchRefusal,
    message: string,
  ) {
    super(message)
    this.name = 'FetchRefusedError'
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

interface Target {
  url: URL
  /** The URL's host without IPv6 brackets. */
  host: string
  address: string
  family: 4 | 6
}

async function resolveAll(host: string): Promise<{ address: string; family: number }[]> {
  return dnsLookup(host, { all: true, verbatim: true })
}

/** The URL parsed and its host resolved to addresses all allowed; the one to connect to. */
async function checkTarget(text: string, options: GuardedFetchOptions): Promise<Target> {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new FetchRefusedError('bad_address', 'is not a web address')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefusedError('bad_address', 'is not an http:// or https:// address')
  }
  if (url.username || url.password) throw new FetchRefusedError('bad_address', 'may not carry a user name or password')
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  const exempt = options.allowHosts.has(host) || options.allowHosts.has(url.hostname.toLowerCase())
  let addresses: { address: string; family: number }[]
  if (isIP(host) !== 0) {
    addresses = [{ address: host, family: isIP(host) }]
  } else {
    try {
      addresses = await (options.resolve ?? resolveAll)(host)
    } catch {
      throw new FetchRefusedError('unresolved', `names a host that could not be found (${host})`)
    }
    if (addresses.length === 0)
      throw new FetchRefusedError('unresolved', `names a host that could not be found (${host})`)
  }
  for (const { address } of addresses) {
    const kind = classifyAddress(address)
    if (kind !== 'public' && !exempt && !options.allowHosts.has(address)) {
      throw new FetchRefusedError('not_public', `points to a ${kind.replace('_', '-')} address, which is not allowed`)
    }
  }
  const [first] = addresses
  if (!first) throw new FetchRefusedError('unresolved', `names a host that could not be found (${host})`)
  return { url, host, address: first.address, family: first.family === 6 ? 6 : 4 }
}

/** Always answers the address already checked, whatever the name (no second DNS question). */
function pinned(target: Target): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }])
    else callback(null, target.address, target.family)
  }
}

type Answer = { redirect: string } | { body: Buffer }

function requestOnce(target: Target, signal: AbortSignal, maxBytes: number): Promise<Answer> {
  const client = target.url.protocol === 'https:' ? https : http
  return new Promise<Answer>((resolve, reject) => {
    const request = client.get(
      {
        protocol: target.url.protocol,
        host: target.host,
        port: target.url.port || undefined,
        path: `${target.url.pathname}${target.url.search}`,
        headers: { accept: 'image/*', 'user-agent': 'Soko image import' },
        lookup: pinned(target),
        agent: false,
        signal,
        ...(target.url.protocol === 'https:' && isIP(target.host) === 0 ? { servername: target.host } : {}),
      },
      (response: IncomingMessage) => {
        const status = response.statusCode ?? 0
        const location = response.headers.location
        if (REDIRECTS.has(status) && location) {
          response.resume()
          resolve({ redirect: new URL(location, target.url).href })
          return
        }
        if (status !== 200) {
          response.resume()
          reject(new FetchRefusedError('http_status', `answered HTTP ${status}`))
          return
        }
        const declared = Number(response.headers['content-length'])
        if (Number.isFinite(declared) && declared > maxBytes) {
          response.destroy()
          reject(tooLarge(maxBytes))
          return
        }
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > maxBytes) {
            response.destroy()
            reject(tooLarge(maxBytes))
            return
          }
          chunks.push(chunk)
        })
        response.on('end', () => resolve({ body: Buffer.concat(chunks) }))
        response.on('error', reject)
        response.on('close', () => {
          if (!response.complete) reject(new FetchRefusedError('failed', 'stopped answering part way'))
        })
      },
    )
    request.on('error', reject)
  })
}

function tooLarge(maxBytes: number): FetchRefusedError {
  return new FetchRefusedError('too_large', `is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`)
}

/** `work`, or the signal's reason as soon as it aborts (a DNS question has no signal of its own). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason)
    if (signal.aborted) abort()
    signal.addEventListener('abort', abort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

/** The body of a GET to `url` (200 only), or a FetchRefusedError saying why not. */
export async function guardedGet(url: string, options: GuardedFetchOptions): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs)
  let current = url
  try {
    for (let redirects = 0; ; redirects++) {
      const target = await untilAborted(checkTarget(current, options), signal)
      const answer = await requestOnce(target, signal, options.maxBytes)
      if ('body' in answer) return answer.body
      if (redirects >= options.maxRedirects) {
        throw new FetchRefusedError('too_many_redirects', `redirects more than ${options.maxRedirects} times`)
      }
      current = answer.redirect
    }
  } catch (error) {
    if (error instanceof FetchRefusedError) throw error
    if (signal.aborted) {
      throw new FetchRefusedError('timeout', `did not answer within ${Math.round(options.timeoutMs / 1000)} seconds`)
    }
    const code = (error as { code?: unknown }).code
    throw new FetchRefusedError('failed', `could not be reached${typeof code === 'string' ? ` (${code})` : ''}`)
  }
}
