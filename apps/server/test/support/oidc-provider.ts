import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'

export interface Identity {
  sub: string
  email?: string
  email_verified?: boolean
  given_name?: string
  family_name?: string
}

/** Ways the next ID token (or authorization) goes wrong, to test that Soko refuses it. */
export interface Tweak {
  signWithOtherKey?: boolean
  aud?: string
  iss?: string
  /** Seconds from now; negative: already expired. */
  expiresIn?: number
  nonce?: string
  /** The user says no on the consent screen. */
  deny?: boolean
}

export interface OidcProvider {
  issuer: string
  clientId: string
  clientSecret: string
  identity: Identity
  tweak: Tweak
  /** Token requests received (form fields), to see what Soko sent. */
  tokenRequests: URLSearchParams[]
  close(): Promise<void>
}

interface PendingCode {
  clientId: string
  redirectUri: string
  challenge: string
  nonce: string
  identity: Identity
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      body += chunk
    })
    request.on('end', () => resolve(body))
  })

/**
 * A local OpenID Connect provider that behaves like Google's for the authorization code flow with PKCE:
 * discovery, an authorize endpoint that "signs the user in" at once and redirects back with a code, a token
 * endpoint that checks the client secret and the PKCE verifier and answers an RS256 ID token, and a JWKS.
 */
export async function startOidcProvider(): Promise<OidcProvider> {
  const keys = await generateKeyPair('RS256', { extractable: true })
  const otherKeys = await generateKeyPair('RS256', { extractable: true })
  const publicJwk = { ...(await exportJWK(keys.publicKey)), kid: 'soko-test-key', alg: 'RS256', use: 'sig' }
  const codes = new Map<string, PendingCode>()
  const provider = {
    issuer: '',
    clientId: 'soko-test-client.apps.example',
    clientSecret: randomBytes(16).toString('hex'),
    identity: { sub: '1000', email: 'someone@gmail.example', email_verified: true } as Identity,
    tweak: {} as Tweak,
    tokenRequests: [] as URLSearchParams[],
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', provider.issuer)
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: provider.issuer,
        authorization_endpoint: `${provider.issuer}/authorize`,
        token_endpoint: `${provider.issuer}/token`,
        jwks_uri: `${provider.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      })
    }
    if (url.pathname === '/jwks') return json(200, { keys: [publicJwk] })
    if (url.pathname === '/authorize') {
      const q = url.searchParams
      const redirectUri = q.get('redirect_uri') ?? ''
      const ok =
        q.get('response_type') === 'code' &&
        q.get('client_id') === provider.clientId &&
        (q.get('scope') ?? '').split(' ').includes('openid') &&
        q.get('code_challenge_method') === 'S256' &&
        (q.get('code_challenge') ?? '').length >= 43 &&
        q.get('state') &&
        q.get('nonce')
      if (!ok) return json(400, { error: 'invalid_request' })
      const back = new URL(redirectUri)
      back.searchParams.set('state', q.get('state') ?? '')
      if (provider.tweak.deny) {
        back.searchParams.set('error', 'access_denied')
      } else {
        const code = randomBytes(16).toString('hex')
        codes.set(code, {
          clientId: provider.clientId,
          redirectUri,
          challenge: q.get('code_challenge') ?? '',
          nonce: q.get('nonce') ?? '',
          identity: { ...provider.identity },
        })
        back.searchParams.set('code', code)
        back.searchParams.set('scope', 'openid email profile')
      }
      response.writeHead(302, { location: back.toString() })
      return response.end()
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request))
      provider.tokenRequests.push(form)
      const code = form.get('code') ?? ''
      const pending = codes.get(code)
      codes.delete(code)
      const verifier = form.get('code_verifier') ?? ''
      if (
        !pending ||
        form.get('grant_type') !== 'authorization_code' ||
        form.get('client_id') !== provider.clientId ||
        form.get('client_secret') !== provider.clientSecret ||
        form.get('redirect_uri') !== pending.redirectUri ||
        createHash('sha256').update(verifier).digest('base64url') !== pending.challenge
      ) {
        return json(400, { error: 'invalid_grant' })
      }
      const { tweak } = provider
      const now = Math.floor(Date.now() / 1000)
      const idToken = await new SignJWT({ ...pending.identity, nonce: tweak.nonce ?? pending.nonce })
        .setProtectedHeader({ alg: 'RS256', kid: 'soko-test-key' })
        .setIssuer(tweak.iss ?? provider.issuer)
        .setAudience(tweak.aud ?? provider.clientId)
        .setSubject(pending.identity.sub)
        .setIssuedAt(now - 5)
        .setExpirationTime(now + (tweak.expiresIn ?? 3600))
        .sign(tweak.signWithOtherKey ? otherKeys.privateKey : keys.privateKey)
      return json(200, {
        access_token: randomBytes(8).toString('hex'),
        token_type: 'Bearer',
        expires_in: 3600,
        id_token: idToken,
      })
    }
    json(404, { error: 'not_found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('OpenID provider has no port')
  provider.issuer = `http://127.0.0.1:${address.port}`
  return Object.assign(provider, {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  })
}
