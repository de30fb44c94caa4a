import { createHash } from 'node:crypto'
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'

/**
 * A small in-process cache with a lifetime per entry and a size bound (oldest entries go first). What is cached
 * here is dropped as soon as the data behind it changes (catalogue change notifications), so lifetimes bound
 * staleness only for what no notification covers.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>()

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  set(key: string, value: V): void {
    this.entries.delete(key)
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs })
  }

  delete(key: string): void {
    this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }
}

/**
 * Caches the result of `load` under `key`, sharing one load between concurrent callers (a burst of requests
 * for a cold page makes one database round trip, not one each).
 */
export class LoadingCache<V> {
  private readonly inFlight = new Map<string, Promise<V>>()
  private generation = 0

  /**
   * `isShared`: whether a loaded value may serve other callers; one that may not (a page that set someone's cookie)
   * is neither kept nor handed to the rest of its burst, each of whom loads its own.
   */
  constructor(
    readonly cache: TtlCache<V>,
    private readonly isShared: (value: V) => boolean = () => true,
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.cache.get(key)
    if (hit !== undefined) return hit
    const pending = this.inFlight.get(key)
    if (pending) {
      const value = await pending
      return this.isShared(value) ? value : load()
    }
    const generation = this.generation
    const promise = load()
      .then((value) => {
        // A change announced while loading may not be in `value`: serve it to this burst but do not keep it.
        if (generation === this.generation && this.isShared(value)) this.cache.set(key, value)
        return value
      })
      .finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, promise)
    return promise
  }

  delete(key: string): void {
    this.generation++
    this.cache.delete(key)
  }

  clear(): void {
    this.generation++
    this.cache.clear()
  }
}

/**
 * Public GET responses carry a validator: a strong ETag of the body. A request whose If-None-Match matches is
 * answered 304 with no body, which saves shoppers on slow mobile data the whole download.
 */
export function registerConditionalGet(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload
    if (!request.url.startsWith('/api/') || reply.hasHeader('etag')) return payload
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`
    reply.header('etag', etag)
    // Catalogue routes say 'public' themselves; anything else may be about one shopper, so shared caches keep out.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-cache')
    const ifNoneMatch = request.headers['if-none-match']
    if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      reply.code(304)
      return ''
    }
    return payload
  })
}

/**
 * A response body kept ready to send: validated and serialised through its contract schema once, with its
 * validator and its compressed forms made on first need, so a cached page costs no JSON or compression work.
 */
export class PreparedJson<T> {
  readonly json: string
  readonly etag: string
  private gzipped: Buffer | undefined
  private brotli: Buffer | undefined

  private constructor(readonly value: T) {
    this.json = JSON.stringify(value)
    this.etag = `"${createHash('sha1').update(this.json).digest('base64url')}"`
  }

  static of<S extends z.ZodType>(schema: S, value: z.input<S>): PreparedJson<z.output<S>> {
    return new PreparedJson(schema.parse(value))
  }

  encoded(encoding: 'br' | 'gzip'): Buffer {
    if (encoding === 'br') {
      this.brotli ??= brotliCompressSync(this.json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } })
      return this.brotli
    }
    this.gzipped ??= gzipSync(this.json, { level: 6 })
    return this.gzipped
  }
}

function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name?.trim().toLowerCase()),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return null
}

/** Sends a prepared body: 304 when the client has it, else the best compressed form the client accepts. */
export function sendPrepared<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
  body: PreparedJson<T>,
): FastifyReply {
  reply.header('cache-control', cacheControl).header('etag', body.etag).header('vary', 'accept-encoding')
  const ifNoneMatch = request.headers['if-none-match']
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === body.etag)) {
    return reply.code(304).send()
  }
  reply.type('application/json; charset=utf-8')
  const encoding = acceptedEncoding(request.headers['accept-encoding'])
  if (encoding === null || body.json.length < 1024) return reply.send(body.json)
  return reply.header('content-encoding', encoding).send(body.encoded(encoding))
}
