import { randomBytes } from 'node:crypto'
import { startOidcProvider } from '@soko/payment-simulators'
import type { Config } from '../../plugins/config.ts'
import { GOOGLE_CALLBACK_PATH, type OidcClientConfig } from './google.ts'

export interface GoogleClient {
  /** The provider Google sign-in talks to: Google itself, the built-in stand-in, or none. */
  client: OidcClientConfig | null
  /** Stops the stand-in when this process started one. */
  close(): Promise<void>
}

/**
 * Google sign-in as configured (DESIGN D9): Google with the operator's credentials; in demo mode without them, the
 * OpenID Connect stand-in that ships with Soko, started here on its own loopback port with a client id and secret
 * made for this process, and talked to over real HTTP exactly as Google is; otherwise none (no Google button).
 * `siteOrigin` is where the browser comes back, known once this process listens.
 */
export async function createGoogleClient(config: Config, siteOrigin: () => string): Promise<GoogleClient> {
  if (config.google !== null || !config.demo) return { client: config.google, close: async () => {} }
  const standIn = await startOidcProvider({
    // The shopper's browser opens its consent page: on the machine itself in a demo (Google otherwise).
    host: '127.0.0.1',
    clientId: `soko-demo-${randomBytes(6).toString('hex')}.apps.googleusercontent.example`,
    clientSecret: randomBytes(24).toString('base64url'),
    redirectUris: () => [`${siteOrigin()}${GOOGLE_CALLBACK_PATH}`],
    clientName: 'Soko',
  })
  return {
    client: { clientId: standIn.clientId, clientSecret: standIn.clientSecret, issuer: standIn.issuer },
    close: () => standIn.close(),
  }
}
