import { randomBytes } from 'node:crypto'
import type { Db } from '@soko/db/client'
import { startDarajaSimulator, startTestCardProvider } from '@soko/payment-simulators'
import type { Config } from '../../plugins/config.ts'
import type { PaymentGateways } from '../checkout/payments.ts'
import { getSecret } from '../checkout/repository.ts'
import { PaystackCompatibleProvider } from './card/provider.ts'
import { DarajaClient } from './mpesa/daraja.ts'
import { CARD_WEBHOOK_PATH, MPESA_CALLBACK_PATH } from './routes.ts'

export interface Gateways extends PaymentGateways {
  callbackSecret(): Promise<string>
  /** Stops the stand-ins this process started. */
  close(): Promise<void>
}

/**
 * M-Pesa and card gateways as configured (DESIGN D5): Safaricom's Daraja and a Paystack-compatible provider, or
 * the simulator and test provider that ship with Soko, started here on their own ports and talked to over real
 * HTTP exactly as the real ones are. `selfUrl` is this process's own address, known once it listens: the stand-ins
 * call back to it directly; real providers call PUBLIC_URL.
 */
export async function createGateways(config: Config, db: Db, selfUrl: () => string): Promise<Gateways> {
  const closers: (() => Promise<void>)[] = []
  const callbackBase = () => (config.mpesaBaseUrl === null ? selfUrl() : (config.PUBLIC_URL ?? selfUrl()))
  let secret: Promise<string> | null = null
  const callbackSecret = () => {
    secret ??= config.MPESA_CALLBACK_SECRET
      ? Promise.resolve(config.MPESA_CALLBACK_SECRET)
      : getSecret(db, 'mpesa_callback_secret', () => randomBytes(24).toString('base64url'))
    return secret
  }

  let mpesaBaseUrl = config.mpesaBaseUrl
  if (mpesaBaseUrl === null) {
    const simulator = await startDarajaSimulator({
      host: '127.0.0.1',
      consumerKey: config.MPESA_CONSUMER_KEY,
      consumerSecret: config.MPESA_CONSUMER_SECRET,
      shortCode: config.MPESA_SHORTCODE,
      passkey: config.MPESA_PASSKEY,
      resolveDelayMs: config.MPESA_SIMULATOR_DELAY,
    })
    mpesaBaseUrl = simulator.url
    closers.push(() => simulator.close())
  }

  // The test provider signs its webhooks with this key: made once per installation and kept in the database (shared
  // by every process), never a constant that ships in the code. A real provider's key comes from the settings.
  const cardSecretKey =
    config.CARD_SECRET_KEY ??
    (await getSecret(db, 'card_test_secret_key', () => `sk_test_${randomBytes(24).toString('base64url')}`))
  let cardBaseUrl = config.cardProviderUrl
  if (cardBaseUrl === null) {
    const provider = await startTestCardProvider({
      // The shopper's browser opens this page: on the machine itself in a demo (a real provider otherwise).
      host: '127.0.0.1',
      secretKey: cardSecretKey,
      webhookUrl: () => `${selfUrl()}${CARD_WEBHOOK_PATH}`,
      merchantName: 'Soko',
    })
    cardBaseUrl = provider.url
    closers.push(() => provider.close())
  }

  return {
    mpesa: new DarajaClient({
      baseUrl: mpesaBaseUrl,
      consumerKey: config.MPESA_CONSUMER_KEY,
      consumerSecret: config.MPESA_CONSUMER_SECRET,
      shortCode: config.MPESA_SHORTCODE,
      passkey: config.MPESA_PASSKEY,
      transactionType: config.MPESA_TRANSACTION_TYPE,
      partyB: config.MPESA_PARTY_B ?? config.MPESA_SHORTCODE,
    }),
    card: new PaystackCompatibleProvider({
      name: config.CARD_PROVIDER,
      baseUrl: cardBaseUrl,
      secretKey: cardSecretKey,
    }),
    callbackSecret,
    async mpesaCallbackUrl() {
      return `${callbackBase()}${MPESA_CALLBACK_PATH}${await callbackSecret()}`
    },
    async close() {
      await Promise.all(closers.map((close) => close()))
    },
  }
}
