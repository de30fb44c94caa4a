import { createHash } from 'node:crypto'
import type { GoogleSignInError, SessionUser } from '@soko/contract/auth'
import type { Db } from '@soko/db/client'
import { safeNextPath } from '@soko/domain/safe-next'
import type { FastifyBaseLogger } from 'fastify'
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose'
import type { Ctx } from '../../plugins/auth.ts'
import * as repo from './repository.ts'
import { isUniqueViolation } from './service.ts'
import { type IssuedSession, type SessionStore, toSessionUser } from './sessions.ts'
import { hashSecret, newSecret } from './tokens.ts'

export interface OidcClientConfig {
  clientId: string
  clientSecret: string
  /** e.g. https://accounts.google.com; its discovery document is at /.well-known/openid-configuration. */
  issuer: string
}

interface Discovery {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  jwks_uri: string
}

/** A sign-in that cannot complete, with the code the login screen turns into a message. */
export class SignInError extends Error {
  constructor(
    readonly code: GoogleSignInError,
    reason: string,
  ) {
    super(reason)
    this.name = 'SignInError'
  }
}

/** Where the provider sends the browser back (the redirect URI registered with it is the site's origin + this). */
export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback'

/** Ten minutes to come back from the provider. */
export const SIGN_IN_SECONDS = 600
const DISCOVERY_TTL_MS = 60 * 60 * 1000
const HTTP_TIMEOUT_MS = 10_000

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

/**
 * Google sign-in: OpenID Connect authorization code flow with PKCE (S256), state and nonce. What the flow needs
 * between its two legs is kept in the database (any process can finish it), bound to the browser that started
 * it by a short-lived cookie, and usable once. The ID token is verified with the provider's published keys
 * (signature, iss, aud, exp, nonce); the user is found by (iss, sub), never by email alone (ASVS V6.8.1).
 */
export class GoogleSignIn {
  private discovery: { value: Discovery; fetchedAt: number } | null = null
  private jwks: ReturnType<typeof createRemoteJWKSet> | null = null

  constructor(
    private readonly db: Db,
    private readonly client: OidcClientConfig | null,
    private readonly sessions: SessionStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  get isAvailable(): boolean {
    return this.client !== null
  }

  private requireClient(): OidcClientConfig {
    if (!this.client) throw new Error('Google sign-in is not configured')
    return this.client
  }

  private async discover(): Promise<Discovery> {
    const client = this.requireClient()
    if (this.discovery && Date.now() - this.discovery.fetchedAt < DISCOVERY_TTL_MS) return this.discovery.value
    const response = await fetch(`${client.issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`OpenID discovery answered ${response.status}`)
    const document = (await response.json()) as Partial<Discovery>
    const { issuer, authorization_endpoint, token_endpoint, jwks_uri } = document
    if (!issuer || !authorization_endpoint || !token_endpoint || !jwks_uri) {
      throw new Error('OpenID discovery document is incomplete')
    }
    // OpenID Connect Discovery 1.0 §4.3: the document must name the issuer it was fetched for.
    if (issuer.replace(/\/+$/, '') !== client.issuer) throw new Error(`OpenID discovery names issuer ${issuer}`)
    const value = { issuer, authorization_endpoint, token_endpoint, jwks_uri }
    if (this.discovery?.value.jwks_uri !== jwks_uri) this.jwks = createRemoteJWKSet(new URL(jwks_uri))
    this.discovery = { value, fetchedAt: Date.now() }
    return value
  }

  /** The provider's authorization URL, and the secret to bind this sign-in to the browser (its cookie). */
  async start(next: string | undefined, redirectUri: string): Promise<{ url: string; browserSecret: string }> {
    const client = this.requireClient()
    const discovery = await this.discover()
    const state = newSecret()
    const nonce = newSecret()
    const codeVerifier = newSecret()
    const browserSecret = newSecret()
    await repo.insertOidcState(
      this.db,
      {
        stateHash: hashSecret(state),
        browserHash: hashSecret(browserSecret),
        nonce,
        codeVerifier,
        nextPath: safeNextPath(next),
      },
      SIGN_IN_SECONDS,
    )
    const url = new URL(discovery.authorization_endpoint)
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: s256(codeVerifier),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    }).toString()
    return { url: url.toString(), browserSecret }
  }

  /** Completes a sign-in from the provider's redirect: a new session, and where to go. */
  async finish(
    ctx: Ctx,
    query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
    browserSecret: string | undefined,
    redirectUri: string,
  ): Promise<{ user: SessionUser; session: IssuedSession; next: string }> {
    if (query.error) throw new SignInError('google_cancelled', `provider answered ${query.error}`)
    if (!query.code || !query.state) throw new SignInError('google_failed', 'code or state missing')
    // Taken (deleted) whatever happens next: a state works once.
    const pending = await repo.takeOidcState(this.db, hashSecret(query.state))
    if (!pending) throw new SignInError('google_expired', 'unknown or already used state')
    if (pending.expired) throw new SignInError('google_expired', 'state expired')
    if (!browserSecret || hashSecret(browserSecret) !== pending.browser_hash) {
      throw new SignInError('google_expired', 'state belongs to another browser')
    }
    const idToken = await this.exchangeCode(query.code, pending.code_verifier, redirectUri)
    const claims = await this.verifyIdToken(idToken, pending.nonce)
    const { user, session } = await this.signIn(ctx, claims)
    // Checked again on the way out: a row written by an older version may hold a path the check now refuses.
    return { user, session, next: safeNextPath(pending.next_path) }
  }

  private async exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<string> {
    const client = this.requireClient()
    const discovery = await this.discover()
    const response = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: client.clientId,
        client_secret: client.clientSecret,
        code_verifier: codeVerifier,
      }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    })
    const body = (await response.json().catch(() => null)) as { id_token?: unknown; error?: unknown } | null
    if (!response.ok || typeof body?.id_token !== 'string') {
      throw new SignInError('google_failed', `token endpoint answered ${response.status} ${String(body?.error ?? '')}`)
    }
    return body.id_token
  }

  private async verifyIdToken(idToken: string, nonce: string): Promise<JWTPayload> {
    const client = this.requireClient()
    const discovery = await this.discover()
    if (!this.jwks) throw new Error('JWKS not loaded')
    // Google's tokens name their issuer with or without the scheme.
    const issuers = [discovery.issuer]
    if (discovery.issuer === 'https://accounts.google.com') issuers.push('accounts.google.com')
    let payload: JWTPayload
    try {
      ;({ payload } = await jwtVerify(idToken, this.jwks, {
        issuer: issuers,
        audience: client.clientId,
        algorithms: ['RS256', 'ES256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 30,
      }))
    } catch (error) {
      throw new SignInError('google_failed', `ID token rejected: ${(error as Error).message}`)
    }
    if (payload.nonce !== nonce) throw new SignInError('google_failed', 'ID token nonce does not match')
    // With several audiences, the authorized party must be us (OpenID Connect Core §3.1.3.7).
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== client.clientId) {
      throw new SignInError('google_failed', 'ID token azp is not this client')
    }
    return payload
  }

  /** Finds or creates the user of a verified identity and starts a session. */
  private async signIn(ctx: Ctx, claims: JWTPayload): Promise<{ user: SessionUser; session: IssuedSession }> {
    const issuer = this.discovery?.value.issuer ?? this.requireClient().issuer
    const subject = String(claims.sub)
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : ''
    const emailVerified = claims.email_verified === true || claims.email_verified === 'true'
    const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 80) : '')
    try {
      return await this.db.transaction(async (t) => {
        let user = await repo.findUserByIdentity(t, issuer, subject)
        if (!user) {
          if (!email) throw new SignInError('google_failed', 'ID token has no email')
          if (!emailVerified) throw new SignInError('google_email_unverified', 'Google email not verified')
          const existing = await repo.findUserByEmail(t, email)
          if (existing && existing.email_verified_at === null) {
            // Same address, but nobody proved owning the Soko account's address: merging would hand the account
            // to whoever controls the Google account (or vice versa).
            throw new SignInError('google_account_exists', 'existing account with an unverified email')
          }
          user =
            existing ??
            (await repo.insertUser(t, {
              email,
              passwordHash: null,
              firstName: text(claims.given_name),
              lastName: text(claims.family_name),
              emailVerified: true,
            }))
          await repo.insertIdentity(t, { userId: user.id, issuer, subject, email })
          this.log.info(
            { userId: user.id, created: !existing },
            existing ? 'Google identity linked' : 'account created',
          )
        }
        if (user.disabled_at !== null) throw new SignInError('account_disabled', 'the account is disabled')
        if (ctx.sessionId !== null) await repo.deleteSession(t, ctx.sessionId)
        const session = await this.sessions.create(t, user.id, ctx)
        this.log.info({ userId: user.id, sessionId: session.sessionId }, 'signed in with Google')
        return { user: toSessionUser(user), session }
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new SignInError('google_failed', 'concurrent sign-up with the same identity')
      throw error
    }
  }
}
