import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join, sep } from 'node:path'
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import { constants as zlib } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import fastifyStatic from '@fastify/static'
import { createRequest } from '@remix-run/node-fetch-server'
import { repoRoot } from '@soko/db/paths'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { type PageCache, pageKey, placeholderNonce, type RenderedPage, withNonce } from './page-cache.ts'

export type WebMode = 'production' | 'development' | 'none'

/** What the web app's loaders and actions receive as `context` (see apps/web/app/lib/load-context.ts). */
export type WebLoadContext = {
  /** Calls this server's own API in-process, with the shopper's cookies and authorization forwarded. */
  fetchApi(
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>
  /** This response's CSP nonce (see `contentSecurityPolicy`). */
  cspNonce: string
  /** The marketplace's own origin for absolute links (canonical URLs): PUBLIC_URL, else this server's address. */
  siteOrigin: string
  /** Demo mode (SOKO_DEMO): every page says "Demo store: no real payments". */
  isDemo: boolean
}

type RequestHandler = (request: Request, context: WebLoadContext) => Promise<Response>

export const webBuildDir = (): string => join(repoRoot(), 'apps', 'web', 'build')

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Mounts the React Router app on every path that is not /api: server-rendered HTML, its client assets and the
 * 404 page. In production the build in apps/web/build is served; in development Vite compiles on request.
 */
export async function registerWeb(app: FastifyInstance, mode: WebMode, pages: PageCache | null = null): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Quality 4 keeps brotli cheaper than gzip -6 on the fly; static assets are pre-compressed at build time at 11.
    // Flushing every write lets a streamed page reach the browser as React renders it (the shell with its
    // skeletons first, each section when its data arrives) instead of sitting in the compressor until the end.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 }, flush: zlib.BROTLI_OPERATION_FLUSH },
    zlibOptions: { flush: zlib.Z_SYNC_FLUSH },
  })
  if (mode === 'none') return

  const handler = mode === 'production' ? await productionHandler(app) : await developmentHandler(app)

  await app.register(async (web) => {
    // The web app reads bodies itself (form posts to actions): leave the request stream untouched.
    web.removeAllContentTypeParsers()
    web.addContentTypeParser('*', (_request, _payload, done) => done(null))
    web.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      // Pages answer hostile input with a page of their own (their loaders meet the API's 400s), not with JSON.
      config: { takesAnyInput: true },
      handler: (request, reply) => {
        if (isApiPath(request.url)) return reply.callNotFound()
        const key = pages === null ? null : pageKey(request)
        if (pages !== null && key !== null) return servePage(app, handler, pages, key, request, reply, mode)
        return renderWeb(app, handler, request, reply, mode)
      },
    })
  })
}

const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')

async function productionHandler(app: FastifyInstance): Promise<RequestHandler> {
  const buildDir = webBuildDir()
  const serverEntry = join(buildDir, 'server', 'index.js')
  if (!existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing). Run \`npm run build\` first.`)
  }
  await app.register(fastifyStatic, {
    root: join(buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    // Cache-Control is ours to set (below): the plugin's own would apply one lifetime to every file.
    cacheControl: false,
    setHeaders(reply, sent) {
      // The file sent: its pre-compressed copy when the browser takes one.
      const path = sent.replace(/\.(br|gz)$/, '')
      if (path.endsWith(`${sep}sw.js`) || path.endsWith(`${sep}manifest.webmanifest`)) {
        // The service worker and the manifest are checked for a new version on every visit (decision 0033).
        reply.header('cache-control', 'no-cache')
        if (path.endsWith('.js')) reply.header('service-worker-allowed', '/')
        else reply.header('content-type', 'application/manifest+json; charset=utf-8')
        return
      }
      // Vite fingerprints everything under /assets: its content never changes under the same name.
      reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : 'public, max-age=3600')
    },
  })
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild
  return createRequestHandler(build, 'production') as RequestHandler
}

async function developmentHandler(app: FastifyInstance): Promise<RequestHandler> {
  const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')])
  const vite = await createServer({
    root: join(repoRoot(), 'apps', 'web'),
    configFile: join(repoRoot(), 'apps', 'web', 'vite.config.ts'),
    server: { middlewareMode: true },
    appType: 'custom',
  })
  await app.register(middie)
  app.use(vite.middlewares)
  app.addHook('onClose', () => vite.close())
  return async (request, context) => {
    const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild
    return createRequestHandler(build, 'development')(request, context)
  }
}

async function renderWeb(
  app: FastifyInstance,
  handler: RequestHandler,
  request: FastifyRequest,
  reply: FastifyReply,
  mode: WebMode,
): Promise<FastifyReply> {
  const nonce = randomBytes(16).toString('base64')
  const response = await handler(createRequest(request.raw, reply.raw), loadContext(app, request, nonce))
  sendHead(reply, response.status, response.headers, nonce, mode)
  if (!response.body) return reply.send()
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream))
}

/** A rendered response's status and headers on the reply, with the policy that names this response's nonce. */
function sendHead(
  reply: FastifyReply,
  status: number,
  headers: Iterable<[string, string]>,
  nonce: string,
  mode: WebMode,
): void {
  reply.status(status)
  const cookies: string[] = []
  for (const [name, value] of headers) {
    if (name === 'set-cookie') cookies.push(value)
    else reply.header(name, value)
    if (name === 'content-type' && value.startsWith('text/html')) {
      reply.header('content-security-policy', contentSecurityPolicy(nonce, mode))
      // A page differs with Save-Data (data saver mode, apps/web/app/lib/data-saver.ts): caches keep one of each.
      reply.header('vary', 'Save-Data')
    }
  }
  if (cookies.length > 0) reply.header('set-cookie', cookies)
}

/**
 * A public page for a visitor who is not signed in: from the page cache, rendered (whole, with a placeholder nonce)
 * when it is not there; this response's nonce put in either way.
 */
async function servePage(
  app: FastifyInstance,
  handler: RequestHandler,
  pages: PageCache,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  mode: WebMode,
): Promise<FastifyReply> {
  const { page, hit } = await pages.get(key, async (): Promise<RenderedPage> => {
    const placeholder = placeholderNonce()
    const response = await handler(createRequest(request.raw, reply.raw), loadContext(app, request, placeholder))
    return {
      status: response.status,
      // Each Set-Cookie is an entry of its own.
      headers: [...response.headers],
      body: await response.text(),
      placeholder,
      cacheable: response.status === 200 && response.headers.getSetCookie().length === 0,
    }
  })
  const nonce = randomBytes(16).toString('base64')
  reply.header('x-page-cache', hit ? 'hit' : 'miss')
  sendHead(reply, page.status, page.headers, nonce, mode)
  return reply.send(withNonce(page, nonce))
}

/**
 * Headers of the shopper's request that the API needs to answer as it would to the browser: credentials, and
 * what the API's own checks read (Host, Origin and Referer for cross-site refusal; the forwarded-for headers,
 * which count only when TRUST_PROXY trusts the peer, for the client's address).
 */
const FORWARDED_HEADERS = [
  'cookie',
  'authorization',
  'accept-language',
  'user-agent',
  'host',
  'origin',
  'referer',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
] as const

/**
 * A strict policy for server-rendered pages: scripts only with this response's nonce (and what they load),
 * nothing framed, no plugins. Styles may be inline (React style attributes); images and connections stay on
 * this origin. Vite's development server needs its websocket and inline module preamble.
 */
export function contentSecurityPolicy(nonce: string, mode: WebMode): string {
  const dev = mode === 'development'
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-inline'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    // The service worker (/sw.js) and the web app manifest (decision 0033).
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ')
}

function loadContext(app: FastifyInstance, request: FastifyRequest, nonce: string): WebLoadContext {
  return {
    cspNonce: nonce,
    siteOrigin: app.soko.siteOrigin(),
    isDemo: app.soko.config.demo,
    async fetchApi(path, init = {}) {
      // The call's own headers first: the shopper's forwarded ones (cookies, client address) cannot be replaced.
      const headers: Record<string, string> = { ...init.headers }
      for (const name of FORWARDED_HEADERS) {
        const value = request.headers[name]
        if (typeof value === 'string') headers[name] = value
      }
      const injected = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: path,
        headers: init.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        // The same peer as the shopper's request, so rate limits and sessions see the same client address.
        remoteAddress: request.raw.socket?.remoteAddress ?? request.ip,
        ...(init.body === undefined ? {} : { payload: JSON.stringify(init.body) }),
      })
      const responseHeaders = new Headers()
      for (const [name, value] of Object.entries(injected.headers)) {
        if (value === undefined) continue
        for (const item of Array.isArray(value) ? value : [String(value)]) responseHeaders.append(name, item)
      }
      return new Response(
        injected.statusCode === 204 || injected.statusCode === 304 ? null : new Uint8Array(injected.rawPayload),
        {
          status: injected.statusCode,
          headers: responseHeaders,
        },
      )
    },
  }
}
