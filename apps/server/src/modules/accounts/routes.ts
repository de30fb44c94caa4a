import { AUTH_MESSAGES, authEndpoints, type SessionUser } from '@soko/contract/auth'
import type { FastifyError, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  appendCookie,
  cookieValue,
  ctxOf,
  requireUser,
  serializeCookie,
  sessionCookieName,
} from '../../plugins/auth.ts'
import type { Config } from '../../plugins/config.ts'
import { type EndpointHandler, serve } from '../../plugins/endpoints.ts'
import { AppError, sentenceErrorHandler, toErrorAnswer, type ValidationStyle } from '../../plugins/errors.ts'
import { clientKey, type RateLimiter } from '../rate-limits/service.ts'
import { GOOGLE_CALLBACK_PATH, type GoogleSignIn, SIGN_IN_SECONDS, SignInError } from './google.ts'
import type { AccountsService } from './service.ts'
import type { SessionStore } from './sessions.ts'

export interface AuthRouteDeps {
  config: Config
  accounts: AccountsService
  sessions: SessionStore
  google: GoogleSignIn
  limiter: RateLimiter
  /** The marketplace's own origin (PUBLIC_URL, else the server's address): reset links and Google's redirect. */
  siteOrigin(): string
  /** Someone signed in (a password, or Google's sign-in or sign-up): the flows that follow (guest orders join). */
  signedIn(user: SessionUser): Promise<unknown>
}

/** The specification's shape of sign-in's and sign-up's failures: `{ success: false, message }`. */
function specificationFailure(reply: FastifyReply, status: number, message: string, errors?: Record<string, string[]>) {
  return reply.status(status).send({ success: false, message, ...(errors ? { errors } : {}) })
}

/**
 * Sign-in tells every failure whose status has the specification's shape in its table entry (a failed schema, a
 * malformed body, a NUL character, a disabled account) in that shape, so the form shows the sentence; the rest
 * (429, 413, 415, 500) in the app's.
 */
function loginErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toErrorAnswer(error, { sentence: AUTH_MESSAGES.missingCredentials })
  if (status === 400 || status === 401 || status === 403) return specificationFailure(reply, status, body.detail)
  throw error
}

/** What sign-up's failed schema says: its fields' own sentences, and both required fields when there is no body. */
const SIGN_UP_STYLE: ValidationStyle = {
  detail: 'sentence',
  missingBody: { email: ['Email is required'], password: ['Password is required'] },
}

/** Sign-up tells its 400s in the specification's shape, `{ success: false, message, errors }`; the rest in the app's. */
function registerErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toErrorAnswer(error, SIGN_UP_STYLE)
  if (status !== 400) throw error
  return specificationFailure(reply, 400, body.detail, body.errors ?? {})
}

export function authRoutes(deps: AuthRouteDeps): FastifyPluginAsyncZod {
  const { config, accounts, sessions, google, limiter, siteOrigin, signedIn } = deps
  const cookieName = sessionCookieName(config)
  const oidcCookieName = config.isProduction ? '__Host-soko_oidc' : 'soko_oidc'
  const secure = config.isProduction

  const setSessionCookie = (reply: FastifyReply, token: string) =>
    appendCookie(
      reply,
      serializeCookie(cookieName, token, { maxAgeSeconds: sessions.timeouts.absoluteSeconds, secure }),
    )
  const clearSessionCookie = (reply: FastifyReply) =>
    appendCookie(reply, serializeCookie(cookieName, '', { maxAgeSeconds: 0, secure }))
  /** Links in emails and the OpenID redirect point at the site's origin, never at a request's Host. */
  const googleRedirectUri = () => `${siteOrigin()}${GOOGLE_CALLBACK_PATH}`

  /** Credential endpoints: at most AUTH_LIMIT_PER_IP requests per client address per window. */
  const limitPerIp: onRequestAsyncHookHandler = async (request) => {
    await limiter.consume(`auth:ip:${clientKey(request.ip)}`, config.AUTH_LIMIT_PER_IP)
  }

  return async (app) => {
    app.setErrorHandler(sentenceErrorHandler)
    // Answers here carry tokens or personal data: no cache anywhere may keep them.
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'no-store')
    })

    serve(
      app,
      authEndpoints,
      'POST /api/auth/register/',
      async (request, reply) => {
        await accounts.register(ctxOf(request), request.body)
        return reply.status(201).send({ success: true, message: AUTH_MESSAGES.registered, errors: {} })
      },
      { onRequest: limitPerIp, errorHandler: registerErrorHandler },
    )

    serve(
      app,
      authEndpoints,
      'POST /api/auth/login/',
      async (request, reply) => {
        const result = await accounts.login(ctxOf(request), request.body)
        if (!result) return specificationFailure(reply, 401, AUTH_MESSAGES.invalidCredentials)
        await signedIn(result.user)
        setSessionCookie(reply, result.session.sessionToken)
        return {
          success: true as const,
          message: AUTH_MESSAGES.signedIn,
          access_token: result.session.accessToken,
          refresh_token: result.session.refreshToken,
          expires_in: result.session.expiresIn,
          role: result.user.role,
          user: result.user,
        }
      },
      { onRequest: limitPerIp, errorHandler: loginErrorHandler },
    )

    serve(app, authEndpoints, 'POST /api/auth/logout/', async (request, reply) => {
      await accounts.logout(ctxOf(request))
      clearSessionCookie(reply)
      // Not "cookies" or "storage": the guest cart and the theme live there and survive signing out.
      reply.header('clear-site-data', '"cache"')
      return { detail: AUTH_MESSAGES.signedOut }
    })

    serve(app, authEndpoints, 'GET /api/auth/me/', async (request) => requireUser(request))

    serve(
      app,
      authEndpoints,
      'POST /api/auth/refresh/',
      async (request) => {
        const tokens = await sessions.refresh(request.body.refresh_token)
        if (!tokens) {
          request.log.info('refresh refused')
          throw new AppError('unauthorized', AUTH_MESSAGES.invalidRefreshToken)
        }
        return { access_token: tokens.accessToken, refresh_token: tokens.refreshToken, expires_in: tokens.expiresIn }
      },
      { onRequest: limitPerIp },
    )

    serve(app, authEndpoints, 'GET /api/auth/sessions/', async (request) =>
      sessions.list(requireUser(request).id, request.session?.id ?? null),
    )

    serve(app, authEndpoints, 'DELETE /api/auth/sessions/:id/', async (request, reply) => {
      const user = requireUser(request)
      if (!(await sessions.end(request.params.id, user.id))) {
        throw new AppError('not_found', 'No such session.')
      }
      if (request.params.id === request.session?.id && request.session.via === 'cookie') clearSessionCookie(reply)
    })

    serve(app, authEndpoints, 'POST /api/auth/sessions/revoke-others/', async (request) => {
      const user = requireUser(request)
      const revoked = await sessions.endOthersOf(user.id, request.session?.id)
      request.log.info({ userId: user.id, revoked }, 'other sessions ended')
      return { revoked }
    })

    const requestReset: EndpointHandler<(typeof authEndpoints)['POST /api/auth/request-password-reset/']> = async (
      request,
    ) => {
      await accounts.requestPasswordReset(ctxOf(request), request.body.email, siteOrigin())
      return { detail: AUTH_MESSAGES.resetRequested }
    }
    serve(app, authEndpoints, 'POST /api/auth/request-password-reset/', requestReset, { onRequest: limitPerIp })
    serve(app, authEndpoints, 'POST /auth/request-password-reset/', requestReset, { onRequest: limitPerIp })

    serve(
      app,
      authEndpoints,
      'POST /api/auth/reset-password/',
      async (request) => {
        await accounts.resetPassword(ctxOf(request), request.body)
        return { detail: AUTH_MESSAGES.resetDone }
      },
      { onRequest: limitPerIp },
    )

    serve(
      app,
      authEndpoints,
      'POST /api/auth/change-password/',
      async (request, reply) => {
        requireUser(request)
        const { sessionToken } = await accounts.changePassword(ctxOf(request), request.body)
        if (sessionToken) setSessionCookie(reply, sessionToken)
        return { detail: AUTH_MESSAGES.passwordChanged }
      },
      { onRequest: limitPerIp },
    )

    serve(app, authEndpoints, 'GET /api/auth/providers/', async () => ({ google: google.isAvailable }))

    serve(
      app,
      authEndpoints,
      'GET /api/auth/google',
      async (request, reply) => {
        if (!google.isAvailable) throw new AppError('unavailable', AUTH_MESSAGES.googleUnavailable)
        // The provider returns the browser to the site's own origin: the cookie that binds this sign-in to the
        // browser must be set there too (a shopper on http://localhost:3000 when the site is http://127.0.0.1:3000).
        // Only without PUBLIC_URL: behind a proxy the Host header may name the upstream, and this would loop.
        const site = new URL(siteOrigin())
        if (config.PUBLIC_URL === undefined && request.host !== site.host) {
          return reply.redirect(`${site.origin}${request.url}`, 302)
        }
        let started: { url: string; browserSecret: string }
        try {
          started = await google.start(request.query.next, googleRedirectUri())
        } catch (error) {
          request.log.error({ err: error }, 'Google sign-in could not start')
          throw new AppError('unavailable', AUTH_MESSAGES.googleUnavailable)
        }
        appendCookie(
          reply,
          serializeCookie(oidcCookieName, started.browserSecret, { maxAgeSeconds: SIGN_IN_SECONDS, secure }),
        )
        return reply.redirect(started.url, 302)
      },
      { onRequest: limitPerIp },
    )

    serve(
      app,
      authEndpoints,
      'GET /api/auth/google/callback',
      async (request, reply) => {
        appendCookie(reply, serializeCookie(oidcCookieName, '', { maxAgeSeconds: 0, secure }))
        if (!google.isAvailable) return reply.redirect('/login?error=google_failed', 302)
        try {
          const result = await google.finish(
            ctxOf(request),
            request.query,
            cookieValue(request.headers.cookie, oidcCookieName),
            googleRedirectUri(),
          )
          await signedIn(result.user)
          setSessionCookie(reply, result.session.sessionToken)
          return reply.redirect(result.next, 302)
        } catch (error) {
          if (error instanceof SignInError) {
            request.log.warn({ reason: error.message, code: error.code }, 'Google sign-in refused')
            return reply.redirect(`/login?error=${error.code}`, 302)
          }
          request.log.error({ err: error }, 'Google sign-in failed')
          return reply.redirect('/login?error=google_failed', 302)
        }
      },
      { onRequest: limitPerIp },
    )
  }
}
