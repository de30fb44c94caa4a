// The Google stand-in's protocol, straight over HTTP: what a relying party sends and what it must get back.
import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerConsentPage } from './consent-client.ts'
import { DEMO_GOOGLE_IDENTITIES } from './identities.ts'
import { type OidcProvider, startOidcProvider } from './provider.ts'

const CLIENT_ID = 'shop.apps.googleusercontent.example'
const CLIENT_SECRET = 'client-secret-for-tests'
const REDIRECT_URI = 'http://127.0.0.1:9/api/auth/google/callback'

let provider: OidcProvider

beforeAll(async () => {
  provider = await startOidcProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: () => [REDIRECT_URI],
    clientName: 'Soko <Test>',
  })
})
afterAll(() => provider.close())

/** A fresh sign-in's secrets, as a relying party makes them. */
function newSignIn() {
  const verifier = randomBytes(32).toString('base64url')
  return {
    verifier,
    state: randomBytes(16).toString('base64url'),
    nonce: randomBytes(16).toString('base64url'),
    challenge: createHash('sha256').update(verifier).digest('base64url'),
  }
}

function authorizationUrl(signIn: ReturnType<typeof newSignIn>, overrides: Record<string, string | null> = {}): URL {
  const url = new URL(`${provider.issuer}/authorize`)
  const params: Record<string, string | null> = {
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile',
    state: signIn.state,
    nonce: signIn.nonce,
    code_challenge: signIn.challenge,
    code_challenge_method: 'S256',
    ...overrides,
  }
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value)
  return url
}

function tokenRequest(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${provider.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  })
}

/** The code's exchange as Soko makes it (client_secret_post). */
const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
  tokenRequest({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    code_verifier: verifier,
    ...extra,
  })

/** Checks the ID token's RS256 signature against the published JWKS, and answers its claims. */
async function verifiedClaims(idToken: string): Promise<Record<string, unknown>> {
  const { keys } = (await (await fetch(`${provider.issuer}/jwks`)).json()) as { keys: Record<string, string>[] }
  const [header = '', payload = '', signature = ''] = idToken.split('.')
  const { alg, kid } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string; kid: string }
  expect(alg).toBe('RS256')
  const jwk = keys.find((key) => key.kid === kid)
  expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' })
  const key = createPublicKey({ key: jwk as object as import('node:crypto').JsonWebKey, format: 'jwk' })
  expect(verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'))).toBe(true)
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
}

async function codeFor(signIn = newSignIn(), choice: Parameters<typeof answerConsentPage>[1] = { account: 'achieng' }) {
  const back = await answerConsentPage(authorizationUrl(signIn), choice)
  return { signIn, back, code: back.searchParams.get('code') ?? '' }
}

describe('the OpenID provider stand-in', () => {
  it('publishes its discovery document and an RS256 key', async () => {
    const answer = await fetch(`${provider.issuer}/.well-known/openid-configuration`)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({
      issuer: provider.issuer,
      authorization_endpoint: `${provider.issuer}/authorize`,
      token_endpoint: `${provider.issuer}/token`,
      jwks_uri: `${provider.issuer}/jwks`,
      response_types_supported: ['code'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
    })
    const { keys } = (await (await fetch(`${provider.issuer}/jwks`)).json()) as { keys: Record<string, string>[] }
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' })
    expect(keys[0]).not.toHaveProperty('d')
  })

  it('shows a consent page listing the accounts, with the application named and escaped', async () => {
    const page = await fetch(authorizationUrl(newSignIn()))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await page.text()
    expect(html).toContain('Choose an account')
    expect(html).toContain('to continue to Soko &#60;Test&#62;')
    expect(html).not.toContain('<Test>')
    for (const name of ['Achieng Otieno', 'Kamau Mwangi', 'Nekesa Wafula']) expect(html).toContain(name)
    expect(html).toContain('(email not verified)')
    expect(html).not.toContain('<script')
  })

  it('echoes the state with a code, and issues a signed ID token for the chosen account', async () => {
    const { signIn, back, code } = await codeFor()
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI)
    expect(back.searchParams.get('state')).toBe(signIn.state)
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/)

    const answer = await exchange(code, signIn.verifier)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const body = (await answer.json()) as { id_token: string; access_token: string; token_type: string }
    expect(body.token_type).toBe('Bearer')
    const claims = await verifiedClaims(body.id_token)
    const now = Math.floor(Date.now() / 1000)
    // Every claim of the account chosen (codeFor's default).
    const chosen = DEMO_GOOGLE_IDENTITIES.find((identity) => identity.id === 'achieng')
    if (!chosen) throw new Error('fixture')
    const { id, ...account } = chosen
    expect(claims).toMatchObject({
      iss: provider.issuer,
      aud: CLIENT_ID,
      azp: CLIENT_ID,
      ...account,
      nonce: signIn.nonce,
    })
    expect(claims).not.toHaveProperty('id', id)
    expect(claims.iat).toBeGreaterThanOrEqual(now - 5)
    expect(claims.exp).toBe((claims.iat as number) + 3600)
    const digest = createHash('sha256').update(body.access_token).digest()
    expect(claims.at_hash).toBe(digest.subarray(0, 16).toString('base64url'))
  })

  it('makes a typed name and address one stable, verified account', async () => {
    const first = await codeFor(newSignIn(), { name: '  Wanjiru   Kamau ', email: 'Wanjiru.Kamau@example.co.ke' })
    const again = await codeFor(newSignIn(), { name: 'Wanjiru K', email: 'wanjiru.kamau@example.co.ke' })
    const claimsOf = async (issued: Awaited<ReturnType<typeof codeFor>>) =>
      verifiedClaims(
        ((await (await exchange(issued.code, issued.signIn.verifier)).json()) as { id_token: string }).id_token,
      )
    const a = await claimsOf(first)
    const b = await claimsOf(again)
    expect(a).toMatchObject({
      email: 'Wanjiru.Kamau@example.co.ke',
      email_verified: true,
      name: 'Wanjiru Kamau',
      given_name: 'Wanjiru',
      family_name: 'Kamau',
    })
    expect(a.sub).toMatch(/^1\d{20}$/)
    expect(b.sub).toBe(a.sub)
  })

  it('keeps what was typed and says why when the typed account is refused', async () => {
    const page = await fetch(authorizationUrl(newSignIn()))
    const requestId = /name="request" value="([^"]+)"/.exec(await page.text())?.[1] ?? ''
    const answer = await fetch(`${provider.issuer}/authorize/consent`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request: requestId, account: 'other', name: 'Otieno "O"', email: 'not-an-email' }),
      redirect: 'manual',
    })
    expect(answer.status).toBe(400)
    const html = await answer.text()
    expect(html).toContain('<p class="error" role="alert">Enter a valid email address.</p>')
    expect(html).toContain('value="Otieno &#34;O&#34;"')
    expect(html).toContain('value="not-an-email"')
  })

  it('sends access_denied with the state back on Cancel, and the page works once', async () => {
    const signIn = newSignIn()
    const page = await fetch(authorizationUrl(signIn))
    const requestId = /name="request" value="([^"]+)"/.exec(await page.text())?.[1] ?? ''
    const cancel = () =>
      fetch(`${provider.issuer}/authorize/consent`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ request: requestId, action: 'cancel' }),
        redirect: 'manual',
      })
    const first = await cancel()
    expect(first.status).toBe(303)
    const back = new URL(first.headers.get('location') ?? '')
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(back.searchParams.get('state')).toBe(signIn.state)
    expect(back.searchParams.has('code')).toBe(false)
    const second = await cancel()
    expect(second.status).toBe(400)
    expect(await second.text()).toContain('This sign-in page has expired or was already used.')
  })

  it('refuses to send anyone to an unknown client or an unregistered return address', async () => {
    const refused: Record<string, string | null>[] = [
      { client_id: 'someone-else' },
      { redirect_uri: 'https://evil.example/callback' },
      { redirect_uri: `${REDIRECT_URI}/more` },
      { redirect_uri: null },
    ]
    for (const overrides of refused) {
      const answer = await fetch(authorizationUrl(newSignIn(), overrides), { redirect: 'manual' })
      expect(answer.status, JSON.stringify(overrides)).toBe(400)
      expect(answer.headers.get('location')).toBeNull()
      expect(await answer.text()).toContain('Sign-in refused')
    }
  })

  it('bounces a request without PKCE or openid back to the client, with the state', async () => {
    for (const [overrides, error] of [
      [{ code_challenge: null }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ scope: 'email profile' }, 'invalid_scope'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
    ] as const) {
      const signIn = newSignIn()
      const back = await answerConsentPage(authorizationUrl(signIn, overrides), { account: 'achieng' })
      expect(back.searchParams.get('error'), JSON.stringify(overrides)).toBe(error)
      expect(back.searchParams.get('state')).toBe(signIn.state)
    }
  })

  it('refuses a verifier that does not match the challenge, and the code is spent', async () => {
    const { signIn, code } = await codeFor()
    const wrong = await exchange(code, randomBytes(32).toString('base64url'))
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant', error_description: 'PKCE verification failed' })
    const right = await exchange(code, signIn.verifier)
    expect(right.status).toBe(400)
    expect(((await right.json()) as { error: string }).error).toBe('invalid_grant')

    const missing = await codeFor()
    const without = await exchange(missing.code, '')
    expect(((await without.json()) as { error: string }).error).toBe('invalid_grant')
  })

  it('refuses a wrong client secret (the code stays good for the real client)', async () => {
    const { signIn, code } = await codeFor()
    const wrong = await exchange(code, signIn.verifier, { client_secret: 'guessed-secret' })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' })
    const otherClient = await exchange(code, signIn.verifier, { client_id: 'someone-else' })
    expect(otherClient.status).toBe(401)
    expect((await exchange(code, signIn.verifier)).status).toBe(200)
  })

  it('accepts the client secret in an Authorization: Basic header, but not in both places', async () => {
    const basic = `Basic ${Buffer.from(`${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(CLIENT_SECRET)}`).toString('base64')}`
    const { signIn, code } = await codeFor()
    const fields = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: signIn.verifier,
    }
    const both = await tokenRequest({ ...fields, client_secret: CLIENT_SECRET }, { authorization: basic })
    expect(both.status).toBe(400)
    expect(await both.json()).toMatchObject({ error: 'invalid_request' })
    const answer = await tokenRequest(fields, { authorization: basic })
    expect(answer.status).toBe(200)
    const wrongBasic = `Basic ${Buffer.from(`${CLIENT_ID}:nope`).toString('base64')}`
    const refused = await tokenRequest(fields, { authorization: wrongBasic })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toContain('Basic')
  })

  it('refuses a code used twice', async () => {
    const { signIn, code } = await codeFor()
    expect((await exchange(code, signIn.verifier)).status).toBe(200)
    const replay = await exchange(code, signIn.verifier)
    expect(replay.status).toBe(400)
    expect(await replay.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'The code is unknown, expired or already used',
    })
  })

  it('refuses a code redeemed for another return address, or with another grant type', async () => {
    const first = await codeFor()
    const elsewhere = await exchange(first.code, first.signIn.verifier, { redirect_uri: 'http://127.0.0.1:9/other' })
    expect(await elsewhere.json()).toMatchObject({ error: 'invalid_grant' })
    const second = await codeFor()
    const grant = await exchange(second.code, second.signIn.verifier, { grant_type: 'password' })
    expect(await grant.json()).toMatchObject({ error: 'unsupported_grant_type' })
    const json = await fetch(`${provider.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(json.status).toBe(400)
  })

  it('omits the nonce when the request had none', async () => {
    const signIn = newSignIn()
    const back = await answerConsentPage(authorizationUrl(signIn, { nonce: null }), { account: 'kamau' })
    const answer = await exchange(back.searchParams.get('code') ?? '', signIn.verifier)
    const claims = await verifiedClaims(((await answer.json()) as { id_token: string }).id_token)
    expect(claims).not.toHaveProperty('nonce')
    expect(claims.email).toBe('kamau.mwangi@gmail.example')
  })
})
