import { randomBytes } from 'node:crypto'
import {
  startDarajaSimulator,
  startOidcProvider,
  startSmsSimulator,
  startTestCardProvider,
} from '@soko/payment-simulators'
import type { StandInLinks, StandIns } from './app.ts'
import { GOOGLE_CALLBACK_PATH } from './modules/accounts/google.ts'
import { CARD_WEBHOOK_PATH } from './modules/payments/routes.ts'
import type { Config } from './plugins/config.ts'

/**
 * The local stand-ins of outside parties (DESIGN D9) that the configuration asks for, each on its own loopback
 * port and talked to over real HTTP exactly as the real service is: the Daraja simulator (MPESA_ENV=simulator), the
 * test card provider (CARD_PROVIDER=test), the SMS gateway (SMS_PROVIDER=simulator) and, in a demo without Google credentials, the OpenID Connect stand-in of
 * Google with a client id and secret made for this process. Only entry points import this file (`main.ts`, and the
 * tests' servers): product code never starts or imports a simulator, it is handed their addresses.
 */
export async function startStandIns(config: Config, links: StandInLinks): Promise<StandIns> {
  const closers: (() => Promise<void>)[] = []
  try {
    let mpesaBaseUrl: string | null = null
    let mpesaCertificate: (() => string) | null = null
    if (config.mpesaBaseUrl === null) {
      // One simulator plays STK and B2C, as one Daraja app (one consumer key, one token) does both.
      const b2c = config.b2c
      const simulator = await startDarajaSimulator({
        host: '127.0.0.1',
        consumerKey: config.MPESA_CONSUMER_KEY,
        consumerSecret: config.MPESA_CONSUMER_SECRET,
        shortCode: config.MPESA_SHORTCODE,
        passkey: config.MPESA_PASSKEY,
        resolveDelayMs: config.MPESA_SIMULATOR_DELAY,
        ...(config.paybillShortCode === null ? {} : { c2bShortCode: config.paybillShortCode }),
        ...(b2c === null
          ? {}
          : {
              b2cShortCode: b2c.shortCode,
              initiatorName: b2c.initiatorName,
              ...(b2c.credential.kind === 'password' ? { initiatorPassword: b2c.credential.password } : {}),
            }),
      })
      mpesaBaseUrl = simulator.url
      mpesaCertificate = () => simulator.securityCertificate
      closers.push(() => simulator.close())
    }

    let cardProviderUrl: string | null = null
    if (config.cardProviderUrl === null) {
      const provider = await startTestCardProvider({
        // The shopper's browser opens this page: on the machine itself in a demo (a real provider otherwise).
        host: '127.0.0.1',
        // The installation's own key (kept in the database), which the card adapter checks webhooks with.
        secretKey: links.cardSecretKey,
        webhookUrl: () => `${links.selfUrl()}${CARD_WEBHOOK_PATH}`,
        merchantName: 'Soko',
      })
      cardProviderUrl = provider.url
      closers.push(() => provider.close())
    }

    let google: StandIns['google'] = null
    if (config.google === null && config.demo) {
      const standIn = await startOidcProvider({
        // The shopper's browser opens its consent page: on the machine itself in a demo (Google otherwise).
        host: '127.0.0.1',
        clientId: `soko-demo-${randomBytes(6).toString('hex')}.apps.googleusercontent.example`,
        clientSecret: randomBytes(24).toString('base64url'),
        redirectUris: () => [`${links.siteOrigin()}${GOOGLE_CALLBACK_PATH}`],
        clientName: 'Soko',
      })
      google = { clientId: standIn.clientId, clientSecret: standIn.clientSecret, issuer: standIn.issuer }
      closers.push(() => standIn.close())
    }

    let sms: StandIns['sms'] = null
    if (config.smsProvider === 'simulator') {
      // Africa's Talking's stand-in: an account made for this process; delivery reports come back to this process.
      const account = { username: 'sandbox', apiKey: `atsk_${randomBytes(24).toString('hex')}` }
      const standIn = await startSmsSimulator({
        host: '127.0.0.1',
        ...account,
        deliveryReportUrl: () => `${links.selfUrl()}${links.smsReportPath}`,
        deliveryDelayMs: config.SMS_SIMULATOR_DELAY,
      })
      sms = { baseUrl: standIn.url, ...account }
      closers.push(() => standIn.close())
    }

    return {
      mpesaBaseUrl,
      mpesaCertificate,
      cardProviderUrl,
      google,
      sms,
      async close() {
        await Promise.all(closers.map((close) => close()))
      },
    }
  } catch (error) {
    await Promise.all(closers.map((close) => close()))
    throw error
  }
}
