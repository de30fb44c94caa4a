// A local OpenID Connect provider that plays Google for the authorization code flow (DESIGN D9): discovery, JWKS,
// an authorization endpoint with a consent page where the tester picks an account, and a token endpoint that
// authenticates the client, checks the PKCE verifier and answers an RS256-signed ID token.
import { createHash, generateKeyPair, type KeyObject, randomBytes, sign, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { BodyTooLargeError, closeServer, listen, readBody, sendHtml, sendJson } from '../http.ts'
import { DEMO_GOOGLE_IDENTITIES, type DemoIdentity, type OidcIdentity, typedIdentity } from './identities.ts'
import { consentPage, refusalPage } from './page.ts'

export interface OidcProviderOptions {
  port?: number
  host?: string
  /** The one client (relying party) this provider knows. */
  clientId: string
  clientSecret: string
  /**
   * The exact redirect URIs the client registered, asked at each request (the client may learn its own address
   * after this provider started). Unset: any http(s) address without a fragment is accepted.
   */
  redirectUris?: () => readonly string[]
  /** Shown on the consent page: "to continue to {clientName}". */
  clientName?: string
  /** The accounts listed on the consent page. */
  identities?: readonly DemoIdentity[]
}

/** For tests of a relying party: the ID tokens issued from now on are wrong in this way, to see them refused. */
export interface IdTokenTweak {
  signWithOtherKey?: boolean
  aud?: string
  iss?: string
  /** Seconds from now; negative: already expired. */
  expiresIn?: number
  nonce?: string
}

export interface OidcProvider {
  /** The issuer and base URL: discovery is at `${issuer}/.well-known/openid-configuration`. */
  issuer: string
  clientId: string
  clientSecret: string
  /** The accounts the consent page lists (tests may replace them). */
  identities: DemoIdentity[]
  tweak: IdTokenTweak
  /** The latest token requests received (form fields), to see what a client sent. */
  tokenRequests: URLSearchParams[]
  close(): Promise<void>
}

/** How long the consent page and an authorization code stay usable (RFC 6749 §4.1.2: at most 10 minutes). */
const REQUEST_TTL_MS = 10 * 60_000
const CODE_TTL_MS = 10 * 60_000
/** Pending requests and codes kept at most (the oldest go first): a page left open must not grow memory forever. */
const MAX_PENDING = 1000
const TOKEN_REQUESTS_KEPT = 50
const ID_TOKEN_SECONDS = 3600

interface AuthorizationRequest {
  redirectUri: string
  state: string | null
  nonce: string | null
  challenge: string
  scope: string
  expiresAt: number
}

interface IssuedCode {
  redirectUri: string
  challenge: string
  nonce: string | null
  scope: string
  identity: OidcIdentity
  expiresAt: number
}

/** An OAuth error answered as JSON by the token endpoint (RFC 6749 §5.2). */
class TokenError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description)
  }
}

const PKCE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')
const randomToken = () => randomBytes(24).toString('base64url')

function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Keeps a map within MAX_PENDING entries, dropping expired ones and then the oldest. */
function prune<T extends { expiresAt: number }>(map: Map<string, T>): void {
  const now = Date.now()
  for (const [key, value] of map) if (value.expiresAt <= now) map.delete(key)
  for (const key of map.keys()) {
    if (map.size < MAX_PENDING) break
    map.delete(key)
  }
}

/** A JWT signed with RS256 (RSASSA-PKCS1-v1_5 with SHA-256, RFC 7518 §3.3). */
function signJwt(payload: Record<string, unknown>, key: KeyObject, kid: string): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const input = `${encode({ alg: 'RS256', typ: 'JWT', kid })}.${encode(payload)}`
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`
}

const newRsaKeys = () => promisify(generateKeyPair)('rsa', { modulusLength: 2048 })

/** Starts the provider; `issuer` is its base URL. */
export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcProvider> {
  const clientName = options.clientName ?? 'Soko'
  const kid = randomBytes(8).toString('hex')
  // Made when first needed: an RSA key takes a noticeable moment of CPU, and most servers that start this provider
  // (every demo, every test server) never see anyone sign in with it.
  let keys: ReturnType<typeof newRsaKeys> | null = null
  let otherKeys: ReturnType<typeof newRsaKeys> | null = null
  const signingKeys = () => {
    keys ??= newRsaKeys()
    return keys
  }
  const otherSigningKeys = () => {
    otherKeys ??= newRsaKeys()
    return otherKeys
  }
  const requests = new Map<string, AuthorizationRequest>()
  const codes = new Map<string, IssuedCode>()

  const isAllowedRedirect = (uri: string): boolean => {
    if (options.redirectUris) return options.redirectUris().includes(uri)
    try {
      const url = new URL(uri)
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hash === '' && !uri.includes('#')
    } catch {
      return false
    }
  }

  function redirect(response: ServerResponse, status: 302 | 303, target: string, params: Record<string, string>) {
    const url = new URL(target)
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
    response.writeHead(status, { location: url.toString(), 'content-length': 0, 'cache-control': 'no-store' })
    response.end()
  }

  function discovery(issuer: string) {
    return {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      claims_supported: [
        'aud',
        'email',
        'email_verified',
        'exp',
        'family_name',
        'given_name',
        'iat',
        'iss',
        'name',
        'sub',
      ],
      code_challenge_methods_supported: ['S256'],
    }
  }

  /** The authorization request (GET query or POST form, OpenID Connect Core §3.1.2.1): the consent page, or a refusal. */
  function authorize(params: URLSearchParams, response: ServerResponse) {
    const clientId = params.get('client_id')
    const redirectUri = params.get('redirect_uri') ?? ''
    // Until the client and its return address are known good, nothing is sent back to it (no open redirect).
    if (clientId !== options.clientId || params.getAll('client_id').length > 1) {
      return sendHtml(
        response,
        400,
        refusalPage('Sign-in refused', 'The application asking you to sign in is unknown.'),
      )
    }
    if (!isAllowedRedirect(redirectUri) || params.getAll('redirect_uri').length > 1) {
      return sendHtml(
        response,
        400,
        refusalPage('Sign-in refused', 'The address to return to is not registered for this application.'),
      )
    }
    const state = params.get('state')
    const back = (error: string, description: string) =>
      redirect(response, 302, redirectUri, {
        error,
        error_description: description,
        ...(state === null ? {} : { state }),
      })
    const repeated = ['response_type', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method'].find(
      (name) => params.getAll(name).length > 1,
    )
    if (repeated) return back('invalid_request', `${repeated} is given more than once`)
    if (params.get('response_type') !== 'code') return back('unsupported_response_type', 'Only response_type=code')
    const scope = params.get('scope') ?? ''
    if (!scope.split(' ').includes('openid')) return back('invalid_scope', 'The scope must include openid')
    const challenge = params.get('code_challenge') ?? ''
    if (params.get('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
      return back('invalid_request', 'PKCE is required: code_challenge with code_challenge_method=S256')
    }
    prune(requests)
    const requestId = randomToken()
    requests.set(requestId, {
      redirectUri,
      state,
      nonce: params.get('nonce'),
      challenge,
      scope,
      expiresAt: Date.now() + REQUEST_TTL_MS,
    })
    sendHtml(response, 200, consentPage({ requestId, clientName, identities: provider.identities }))
  }

  /** The consent page's answer: back to the client with a code, or with access_denied on Cancel. */
  async function consent(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(request))
    const requestId = form.get('request') ?? ''
    const pending = requests.get(requestId)
    if (!pending || pending.expiresAt <= Date.now()) {
      requests.delete(requestId)
      const message = 'This sign-in page has expired or was already used. Go back to the application and start again.'
      return sendHtml(response, 400, refusalPage('Sign-in expired', message))
    }
    const stateParam: Record<string, string> = pending.state === null ? {} : { state: pending.state }
    if (form.get('action') === 'cancel') {
      requests.delete(requestId)
      return redirect(response, 303, pending.redirectUri, { error: 'access_denied', ...stateParam })
    }

    let identity: OidcIdentity
    const account = form.get('account')
    if (account === 'other') {
      const name = (form.get('name') ?? '').trim().replace(/\s+/g, ' ')
      const email = (form.get('email') ?? '').trim()
      const again = (error: string) =>
        sendHtml(
          response,
          400,
          consentPage({ requestId, clientName, identities: provider.identities, error, name, email }),
        )
      if (name === '' || name.length > 80) return again('Enter a name of up to 80 characters.')
      if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return again('Enter a valid email address.')
      identity = typedIdentity(name, email)
    } else {
      const listed = provider.identities.find((candidate) => candidate.id === account)
      if (!listed) {
        const error = 'Choose an account.'
        return sendHtml(response, 400, consentPage({ requestId, clientName, identities: provider.identities, error }))
      }
      const { id: _id, ...claims } = listed
      identity = claims
    }

    requests.delete(requestId)
    prune(codes)
    const code = randomToken()
    codes.set(code, {
      redirectUri: pending.redirectUri,
      challenge: pending.challenge,
      nonce: pending.nonce,
      scope: pending.scope,
      identity,
      expiresAt: Date.now() + CODE_TTL_MS,
    })
    redirect(response, 303, pending.redirectUri, { code, scope: pending.scope, ...stateParam })
  }

  /** client_secret_basic or client_secret_post (RFC 6749 §2.3.1), one of them only. */
  function authenticateClient(request: IncomingMessage, form: URLSearchParams): void {
    const basic = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '')?.[1]
    const inForm = form.has('client_secret')
    if (basic !== undefined && inForm) {
      throw new TokenError(400, 'invalid_request', 'Use one client authentication method, not two')
    }
    let clientId = form.get('client_id') ?? ''
    let secret = form.get('client_secret') ?? ''
    if (basic !== undefined) {
      const decoded = Buffer.from(basic, 'base64').toString('utf8')
      const colon = decoded.indexOf(':')
      if (colon < 0) throw new TokenError(401, 'invalid_client', 'Client authentication failed')
      // The id and secret are form-encoded before they are joined (RFC 6749 §2.3.1).
      const formDecode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '))
      try {
        clientId = formDecode(decoded.slice(0, colon))
        secret = formDecode(decoded.slice(colon + 1))
      } catch {
        throw new TokenError(401, 'invalid_client', 'Client authentication failed')
      }
    }
    if (clientId !== options.clientId || secret === '' || !safeEqual(secret, options.clientSecret)) {
      throw new TokenError(401, 'invalid_client', 'Client authentication failed')
    }
  }

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      throw new TokenError(400, 'invalid_request', 'The body must be application/x-www-form-urlencoded')
    }
    const form = new URLSearchParams(await readBody(request))
    provider.tokenRequests.push(form)
    if (provider.tokenRequests.length > TOKEN_REQUESTS_KEPT) provider.tokenRequests.shift()
    authenticateClient(request, form)
    if (form.get('grant_type') !== 'authorization_code') {
      throw new TokenError(400, 'unsupported_grant_type', 'Only grant_type=authorization_code')
    }
    const code = form.get('code') ?? ''
    const issued = codes.get(code)
    // A code works once, whatever happens next (RFC 6749 §4.1.2), so a wrong verifier cannot be retried with it.
    codes.delete(code)
    if (!issued || issued.expiresAt <= Date.now()) {
      throw new TokenError(400, 'invalid_grant', 'The code is unknown, expired or already used')
    }
    if (form.get('redirect_uri') !== issued.redirectUri) {
      throw new TokenError(400, 'invalid_grant', 'redirect_uri does not match the authorization request')
    }
    const verifier = form.get('code_verifier') ?? ''
    if (!PKCE_VERIFIER.test(verifier) || !safeEqual(s256(verifier), issued.challenge)) {
      throw new TokenError(400, 'invalid_grant', 'PKCE verification failed')
    }

    const { tweak } = provider
    const accessToken = randomToken()
    const now = Math.floor(Date.now() / 1000)
    const nonce = tweak.nonce ?? issued.nonce
    const digest = createHash('sha256').update(accessToken).digest()
    const idToken = signJwt(
      {
        iss: tweak.iss ?? provider.issuer,
        azp: options.clientId,
        aud: tweak.aud ?? options.clientId,
        sub: issued.identity.sub,
        email: issued.identity.email,
        email_verified: issued.identity.email_verified,
        name: issued.identity.name,
        given_name: issued.identity.given_name,
        family_name: issued.identity.family_name,
        ...(nonce === null ? {} : { nonce }),
        at_hash: digest.subarray(0, digest.length / 2).toString('base64url'),
        iat: now,
        exp: now + (tweak.expiresIn ?? ID_TOKEN_SECONDS),
      },
      (await (tweak.signWithOtherKey ? otherSigningKeys() : signingKeys())).privateKey,
      kid,
    )
    response.setHeader('cache-control', 'no-store')
    response.setHeader('pragma', 'no-cache')
    sendJson(response, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ID_TOKEN_SECONDS,
      scope: issued.scope,
      id_token: idToken,
    })
  }

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://provider.invalid')
      const method = request.method ?? 'GET'
      if (url.pathname === '/.well-known/openid-configuration' && method === 'GET') {
        sendJson(response, 200, discovery(provider.issuer))
      } else if (url.pathname === '/jwks' && method === 'GET') {
        const jwk = (await signingKeys()).publicKey.export({ format: 'jwk' })
        sendJson(response, 200, { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] })
      } else if (url.pathname === '/authorize' && method === 'GET') {
        authorize(url.searchParams, response)
      } else if (url.pathname === '/authorize' && method === 'POST') {
        authorize(new URLSearchParams(await readBody(request)), response)
      } else if (url.pathname === '/authorize/consent' && method === 'POST') {
        await consent(request, response)
      } else if (url.pathname === '/token' && method === 'POST') {
        await token(request, response)
      } else {
        sendJson(response, 404, { error: 'not_found' })
      }
    } catch (error) {
      if (response.headersSent) return
      if (error instanceof BodyTooLargeError) {
        sendJson(response, 413, { error: 'invalid_request', error_description: error.message })
      } else if (error instanceof TokenError) {
        if (error.status === 401) response.setHeader('www-authenticate', 'Basic realm="token"')
        sendJson(response, error.status, { error: error.error, error_description: error.message })
      } else {
        sendJson(response, 500, { error: 'server_error' })
      }
    }
  })

  const provider: OidcProvider = {
    issuer: '',
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    identities: [...(options.identities ?? DEMO_GOOGLE_IDENTITIES)],
    tweak: {},
    tokenRequests: [],
    close: () => closeServer(server),
  }
  provider.issuer = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1')
  return provider
}
