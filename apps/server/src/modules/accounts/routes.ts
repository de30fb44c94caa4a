import {
  AUTH_MESSAGES,
  ChangePasswordBodySchema,
  DetailSchema,
  GoogleCallbackQuerySchema,
  GoogleStartQuerySchema,
  LoginBodySchema,
  LoginFailureSchema,
  LoginResponseSchema,
  ProvidersSchema,
  RefreshBodySchema,
  RefreshResponseSchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  RequestPasswordResetBodySchema,
  ResetPasswordBodySchema,
  RevokedSchema,
  SessionIdParamsSchema,
  SessionListSchema,
  SessionUserSchema,
} from '@soko/contract/auth'
import { ErrorSchema } from '@soko/contract/health'
import type { FastifyError, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  appendCookie,
  cookieValue,
  ctxOf,
  requireUser,
  serializeCookie,
  sessionCookieName,
} from '../../plugins/auth.ts'
import type { Config } from '../../plugins/config.ts'
import { AppError, sentenceErrorHandler, toErrorAnswer } from '../../plugins/errors.ts'
import { clientKey, type RateLimiter } from '../rate-limits/service.ts'
import { GOOGLE_CALLBACK_PATH, type GoogleSignIn, SIGN_IN_SECONDS, SignInError } from './google.ts'
import type { AccountsService } from './service.ts'
import type { SessionStore } from './sessions.ts'

const tags = ['auth']

export interface AuthRouteDeps {
  config: Config
  accounts: AccountsService
  sessions: SessionStore
  google: GoogleSignIn
  limiter: RateLimiter
  /** The marketplace's own origin (PUBLIC_URL, else the server's address): reset links and Google's redirect. */
  siteOrigin(): string
}

/** Field errors of a failed body validation, by field ('' when the body itself is missing or not an object). */
function fieldErrors(error: FastifyError): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  if (!hasZodFastifySchemaValidationErrors(error)) return errors
  for (const issue of error.validation) {
    const key = issue.instancePath.replace(/^\//, '').split('/')[0] ?? ''
    errors[key] = [...(errors[key] ?? []), issue.message ?? 'is invalid']
  }
  return errors
}

/** Sign-in keeps the specification's shape for its failures: `{ success: false, message }`. */
function loginErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'body') {
    return reply.status(400).send({ success: false, message: AUTH_MESSAGES.missingCredentials })
  }
  // Every other failure whose status has the specification's shape in the response schema (a malformed body, a
  // NUL character, a disabled account) is told in that shape, so the form shows the sentence; the rest (429, 413,
  // 415, 500) in the app's.
  const { status, body } = toErrorAnswer(error)
  if (status === 400 || status === 401 || status === 403) {
    return reply.status(status).send({ success: false, message: body.detail })
  }
  throw error
}

/** Sign-up keeps the specification's shape for its failures: `{ success: false, message, errors }`. */
function registerErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (!hasZodFastifySchemaValidationErrors(error) || error.validationContext !== 'body') {
    // A 400 the schema did not find (a malformed body, a NUL character) in the same shape; the rest in the app's.
    const { status, body } = toErrorAnswer(error)
    if (status !== 400) throw error
    return reply.status(400).send({ success: false, message: body.detail, errors: body.errors ?? {} })
  }
  const found = fieldErrors(error)
  const { '': bodyErrors, ...errors } = found
  if (bodyErrors) {
    // No JSON object at all: both required fields are missing.
    errors.email ??= ['Email is required']
    errors.password ??= ['Password is required']
  }
  const message = Object.values(errors)[0]?.[0] ?? 'Registration failed. Please try again'
  return reply.status(400).send({ success: false, message, errors })
}

export function authRoutes(deps: AuthRouteDeps): FastifyPluginAsyncZod {
  const { config, accounts, sessions, google, limiter, siteOrigin } = deps
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

    app.post(
      '/api/auth/register/',
      {
        schema: {
          summary: 'Sign up with email and password (a customer account; then sign in)',
          tags,
          body: RegisterBodySchema,
          response: { 201: RegisterResponseSchema, 400: RegisterResponseSchema, 429: ErrorSchema },
        },
        onRequest: limitPerIp,
        errorHandler: registerErrorHandler,
      },
      async (request, reply) => {
        const failed = await accounts.register(ctxOf(request), request.body)
        if (failed) {
          const message = Object.values(failed.errors)[0]?.[0] ?? 'Registration failed. Please try again'
          return reply.status(400).send({ success: false, message, errors: failed.errors })
        }
        return reply.status(201).send({ success: true, message: AUTH_MESSAGES.registered, errors: {} })
      },
    )

    app.post(
      '/api/auth/login/',
      {
        schema: {
          summary: 'Sign in: sets the session cookie, and answers tokens for non-browser clients',
          tags,
          body: LoginBodySchema,
          response: {
            200: LoginResponseSchema,
            400: LoginFailureSchema,
            401: LoginFailureSchema,
            403: LoginFailureSchema,
            429: ErrorSchema,
          },
        },
        onRequest: limitPerIp,
        errorHandler: loginErrorHandler,
      },
      async (request, reply) => {
        const result = await accounts.login(ctxOf(request), request.body)
        if (!result) return reply.status(401).send({ success: false, message: AUTH_MESSAGES.invalidCredentials })
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
    )

    app.post(
      '/api/auth/logout/',
      {
        schema: {
          summary: 'Sign out: ends this session on the server and clears the cookie',
          tags,
          response: { 200: DetailSchema },
        },
      },
      async (request, reply) => {
        await accounts.logout(ctxOf(request))
        clearSessionCookie(reply)
        // Not "cookies" or "storage": the guest cart and the theme live there and survive signing out.
        reply.header('clear-site-data', '"cache"')
        return { detail: AUTH_MESSAGES.signedOut }
      },
    )

    app.get(
      '/api/auth/me/',
      {
        schema: {
          summary: 'The signed-in user (401 when signed out)',
          tags,
          response: { 200: SessionUserSchema, 401: ErrorSchema },
        },
      },
      async (request) => requireUser(request),
    )

    app.post(
      '/api/auth/refresh/',
      {
        schema: {
          summary: 'New access and refresh tokens for a refresh token (which works once)',
          description: 'Presenting a refresh token a second time ends its session.',
          tags,
          body: RefreshBodySchema,
          response: { 200: RefreshResponseSchema, 401: ErrorSchema, 429: ErrorSchema },
        },
        onRequest: limitPerIp,
      },
      async (request) => {
        const tokens = await sessions.refresh(request.body.refresh_token)
        if (!tokens) {
          request.log.info('refresh refused')
          throw new AppError('unauthorized', AUTH_MESSAGES.invalidRefreshToken)
        }
        return { access_token: tokens.accessToken, refresh_token: tokens.refreshToken, expires_in: tokens.expiresIn }
      },
    )

    app.get(
      '/api/auth/sessions/',
      {
        schema: {
          summary: "The signed-in user's active sessions (devices)",
          tags,
          response: { 200: SessionListSchema, 401: ErrorSchema },
        },
      },
      async (request) => sessions.list(requireUser(request).id, request.session?.id ?? null),
    )

    app.delete(
      '/api/auth/sessions/:id/',
      {
        schema: {
          summary: 'End one of your sessions (sign a device out)',
          tags,
          params: SessionIdParamsSchema,
          response: { 204: z.null().describe('Ended'), 401: ErrorSchema, 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request)
        if (!(await sessions.end(request.params.id, user.id))) {
          throw new AppError('not_found', 'No such session.')
        }
        if (request.params.id === request.session?.id && request.session.via === 'cookie') clearSessionCookie(reply)
        return reply.status(204).send(null)
      },
    )

    app.post(
      '/api/auth/sessions/revoke-others/',
      {
        schema: {
          summary: 'Sign out of all other devices',
          tags,
          response: { 200: RevokedSchema, 401: ErrorSchema },
        },
      },
      async (request) => {
        const user = requireUser(request)
        const revoked = await sessions.endOthersOf(user.id, request.session?.id)
        request.log.info({ userId: user.id, revoked }, 'other sessions ended')
        return { revoked }
      },
    )

    const requestReset = {
      schema: {
        summary: 'Email a password-reset link (the answer is the same whether or not the account exists)',
        tags,
        body: RequestPasswordResetBodySchema,
        response: { 200: DetailSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
      onRequest: limitPerIp,
    }
    const handleRequestReset = async (request: FastifyRequest<{ Body: { email: string } }>) => {
      await accounts.requestPasswordReset(ctxOf(request), request.body.email, siteOrigin())
      return { detail: AUTH_MESSAGES.resetRequested }
    }
    app.post('/api/auth/request-password-reset/', requestReset, handleRequestReset)
    // The path the specification's forgot-password screen posts to.
    app.post(
      '/auth/request-password-reset/',
      { ...requestReset, schema: { ...requestReset.schema, hide: true } },
      handleRequestReset,
    )

    app.post(
      '/api/auth/reset-password/',
      {
        schema: {
          summary: 'Set a new password with the uid and token of an emailed link (ends every session)',
          tags,
          body: ResetPasswordBodySchema,
          response: { 200: DetailSchema, 400: ErrorSchema, 429: ErrorSchema },
        },
        onRequest: limitPerIp,
      },
      async (request) => {
        await accounts.resetPassword(ctxOf(request), request.body)
        return { detail: AUTH_MESSAGES.resetDone }
      },
    )

    app.post(
      '/api/auth/change-password/',
      {
        schema: {
          summary: 'Change your password (needs the current one; signs your other devices out)',
          tags,
          body: ChangePasswordBodySchema,
          response: { 200: DetailSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
        },
        onRequest: limitPerIp,
      },
      async (request, reply) => {
        requireUser(request)
        const { sessionToken } = await accounts.changePassword(ctxOf(request), request.body)
        if (sessionToken) setSessionCookie(reply, sessionToken)
        return { detail: AUTH_MESSAGES.passwordChanged }
      },
    )

    app.get(
      '/api/auth/providers/',
      {
        schema: { summary: 'Which external sign-ins are available', tags, response: { 200: ProvidersSchema } },
      },
      async () => ({ google: google.isAvailable }),
    )

    app.get(
      '/api/auth/google',
      {
        schema: {
          summary: 'Start Google sign-in (a browser navigation: redirects to Google)',
          tags,
          querystring: GoogleStartQuerySchema,
          response: { 302: z.null().describe('To the provider'), 503: ErrorSchema },
        },
        onRequest: limitPerIp,
      },
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
    )

    app.get(
      GOOGLE_CALLBACK_PATH,
      {
        schema: {
          summary: 'Where Google sends the browser back: signs in and redirects to the page asked for',
          description: 'Failures redirect to /login?error=<code> (see GOOGLE_SIGN_IN_ERRORS in the contract).',
          tags,
          querystring: GoogleCallbackQuerySchema,
          response: { 302: z.null().describe('To the page asked for, or to /login?error=<code>') },
        },
        onRequest: limitPerIp,
      },
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
    )
  }
}
