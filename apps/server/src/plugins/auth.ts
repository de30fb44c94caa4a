import { AUTH_MESSAGES, type Role, type SessionUser } from '@soko/contract/auth'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SessionStore } from '../modules/accounts/sessions.ts'
import type { Config } from './config.ts'
import { AppError } from './errors.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved once per API request from the session cookie or bearer token; else null. */
    user: SessionUser | null
    /** The session the request came with, and how. */
    session: { id: number; via: 'cookie' | 'bearer' } | null
  }
}

/** `__Host-` in production: the browser then insists on Secure, Path=/ and no Domain (no subdomain can set it). */
export function sessionCookieName(config: Config): string {
  return config.isProduction ? '__Host-soko_session' : 'soko_session'
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index === -1 || part.slice(0, index).trim() !== name) continue
    const raw = part.slice(index + 1).trim()
    try {
      return decodeURIComponent(raw)
    } catch {
      return raw
    }
  }
  return undefined
}

export interface CookieOptions {
  maxAgeSeconds: number
  secure: boolean
}

/** httpOnly, SameSite=Lax, Path=/, no Domain: out of reach of page scripts and of other sites' subresources. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ')
}

/** Adds a Set-Cookie header, keeping those already set on the reply. */
export function appendCookie(reply: FastifyReply, cookie: string): void {
  const existing = reply.getHeader('set-cookie')
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)]
  reply.header('set-cookie', [...list, cookie])
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+([A-Za-z0-9_\-.~+/]+=*)\s*$/i.exec(header) : null
  return match?.[1]
}

function originOf(value: string | undefined): string | null {
  if (!value || value === 'null') return null
  try {
    return new URL(value).origin
  } catch {
    return null
  }
}

/**
 * Whether an unsafe request comes from Soko's own pages: its Origin (or, when a browser sent none, its Referer)
 * must be this request's own origin, or PUBLIC_URL's. A browser sets both headers itself: another site cannot.
 */
export function isSameOrigin(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const source = originOf(request.headers.origin ?? request.headers.referer)
  if (source === null) return false
  if (source === originOf(`${request.protocol}://${request.host}`)) return true
  return publicUrl !== undefined && source === originOf(publicUrl)
}

/**
 * Signs requests in: resolves the user once per API request (cookie, or `Authorization: Bearer` for other
 * clients, which then ignores any cookie) and refuses cross-site unsafe requests that carry the session cookie
 * (CSRF; SameSite=Lax is only a second line of defence). Pages do not resolve the user here: their loaders call
 * the API in-process with the shopper's cookies, which lands back in this hook.
 */
export function registerAuth(app: FastifyInstance, sessions: SessionStore, config: Config): void {
  const cookieName = sessionCookieName(config)
  app.decorateRequest('user', null)
  app.decorateRequest('session', null)

  app.addHook('onRequest', async (request) => {
    const bearer = bearerToken(request.headers.authorization)
    const cookie = bearer === undefined ? cookieValue(request.headers.cookie, cookieName) : undefined
    if (cookie !== undefined && UNSAFE_METHODS.has(request.method) && !isSameOrigin(request, config.PUBLIC_URL)) {
      request.log.warn(
        { origin: request.headers.origin, referer: request.headers.referer },
        'cross-site request refused',
      )
      throw new AppError('forbidden', AUTH_MESSAGES.crossSite)
    }
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/auth/')) return
    const secret = bearer ?? cookie
    if (!secret || secret.length > 200) return
    const resolved = await sessions.resolve(bearer === undefined ? 'cookie' : 'bearer', secret)
    if (!resolved) return
    request.user = resolved.user
    request.session = { id: resolved.sessionId, via: bearer === undefined ? 'cookie' : 'bearer' }
  })
}

/** Who a request (or a service's `Ctx`) is from: the signed-in user, or null. */
interface Acting {
  user: SessionUser | null
}

/** The signed-in user of a request or a service's `Ctx`; throws 401 when there is none. */
export function requireUser(acting: Acting): SessionUser {
  if (!acting.user) throw new AppError('unauthorized', AUTH_MESSAGES.signInRequired)
  return acting.user
}

/** The signed-in user if they have the role; 401 when signed out, 403 otherwise. */
export function requireRole(acting: Acting, role: Role): SessionUser {
  const user = requireUser(acting)
  if (user.role !== role) throw new AppError('forbidden', AUTH_MESSAGES.forbidden)
  return user
}

/** What a service needs to know about the request: who acts, from which session, address and browser. */
export interface Ctx {
  user: SessionUser | null
  sessionId: number | null
  /** How the session came: the browser's cookie or a bearer token. */
  via: 'cookie' | 'bearer' | null
  ip: string
  userAgent: string
}

export function ctxOf(request: FastifyRequest): Ctx {
  return {
    user: request.user,
    sessionId: request.session?.id ?? null,
    via: request.session?.via ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
  }
}
