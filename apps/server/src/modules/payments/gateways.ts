import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { StandIns } from '../../app.ts'
import type { Config } from '../../plugins/config.ts'
import type { SecretsService } from '../secrets/service.ts'
import { PaystackCompatibleProvider } from './card/provider.ts'
import { type B2cSettings, DarajaB2cClient, securityCredential } from './mpesa/b2c.ts'
import { DarajaClient } from './mpesa/daraja.ts'
import {
  B2C_REFUND_RESULT_PATH,
  B2C_REFUND_STATUS_PATH,
  B2C_REFUND_TIMEOUT_PATH,
  MPESA_CALLBACK_PATH,
} from './routes.ts'
import type { PaymentGateways } from './service.ts'

export interface Gateways extends PaymentGateways {
  callbackSecret(): Promise<string>
  /** M-Pesa B2C (refunds sent to phones), null when B2C is off. */
  b2c: DarajaB2cClient | null
  /** Where Daraja posts the Results of refunds sent by B2C and of their status queries (secret paths). */
  b2cRefundUrls(): Promise<{ result: string; status: string; timeout: string }>
}

/**
 * The key the test card provider signs its webhooks with: made once per installation and kept in the database
 * (shared by every process), never a constant that ships in the code. A real provider's key comes from the settings.
 */
export function cardSecretKey(config: Config, secrets: SecretsService): Promise<string> {
  if (config.CARD_SECRET_KEY) return Promise.resolve(config.CARD_SECRET_KEY)
  return secrets.get('card_test_secret_key', () => `sk_test_${randomBytes(24).toString('base64url')}`)
}

/** A stand-in the configuration asks for, which the entry point must have started (src/stand-ins.ts). */
function standInUrl(url: string | null, setting: string): string {
  if (url === null) throw new Error(`${setting} asks for a stand-in that the entry point did not start`)
  return url
}

/**
 * M-Pesa and card gateways as configured (DESIGN D5): Safaricom's Daraja and a Paystack-compatible provider, or the
 * simulator and test provider that ship with Soko, which the entry point started on their own ports (`standIns`) and
 * which are talked to over real HTTP exactly as the real ones are. `selfUrl` is this process's own address, known
 * once it listens: the stand-ins call back to it directly; real providers call PUBLIC_URL.
 */
export function createGateways(
  config: Config,
  secrets: SecretsService,
  selfUrl: () => string,
  standIns: Pick<StandIns, 'mpesaBaseUrl' | 'cardProviderUrl' | 'mpesaCertificate'>,
  cardKey: string,
): Gateways {
  const callbackBase = () => (config.mpesaBaseUrl === null ? selfUrl() : (config.PUBLIC_URL ?? selfUrl()))
  let secret: Promise<string> | null = null
  const callbackSecret = () => {
    secret ??= config.MPESA_CALLBACK_SECRET
      ? Promise.resolve(config.MPESA_CALLBACK_SECRET)
      : secrets.get('mpesa_callback_secret', () => randomBytes(24).toString('base64url'))
    return secret
  }
  const mpesaBaseUrl = config.mpesaBaseUrl ?? standInUrl(standIns.mpesaBaseUrl, 'MPESA_ENV=simulator')
  const cardBaseUrl = config.cardProviderUrl ?? standInUrl(standIns.cardProviderUrl, 'CARD_PROVIDER=test')

  const mpesa = new DarajaClient({
    baseUrl: mpesaBaseUrl,
    consumerKey: config.MPESA_CONSUMER_KEY,
    consumerSecret: config.MPESA_CONSUMER_SECRET,
    shortCode: config.MPESA_SHORTCODE,
    passkey: config.MPESA_PASSKEY,
    transactionType: config.MPESA_TRANSACTION_TYPE,
    partyB: config.MPESA_PARTY_B ?? config.MPESA_SHORTCODE,
  })
  return {
    mpesa,
    b2c: createB2cClient(config, mpesa, standIns),
    card: new PaystackCompatibleProvider({
      name: config.CARD_PROVIDER,
      baseUrl: cardBaseUrl,
      secretKey: cardKey,
    }),
    callbackSecret,
    async mpesaCallbackUrl() {
      return `${callbackBase()}${MPESA_CALLBACK_PATH}${await callbackSecret()}`
    },
    async b2cRefundUrls() {
      const secretSegment = await callbackSecret()
      return {
        result: `${callbackBase()}${B2C_REFUND_RESULT_PATH}${secretSegment}`,
        status: `${callbackBase()}${B2C_REFUND_STATUS_PATH}${secretSegment}`,
        timeout: `${callbackBase()}${B2C_REFUND_TIMEOUT_PATH}${secretSegment}`,
      }
    },
  }
}

/**
 * B2C's settings as configured, or null when B2C is off. The SecurityCredential is made once here: given ready-made,
 * or the initiator password encrypted with the certificate at MPESA_CERT_PATH or, with the built-in simulator, the
 * simulator's own. A certificate that cannot be read stops the start with a sentence naming the setting.
 */
export function b2cSettings(config: Config, standIns: Pick<StandIns, 'mpesaCertificate'>): B2cSettings | null {
  const b2c = config.b2c
  if (b2c === null) return null
  let credential: string
  if (b2c.credential.kind === 'ready') {
    credential = b2c.credential.securityCredential
  } else {
    const { password, certificatePath } = b2c.credential
    let certificate: string | Buffer
    if (certificatePath !== null) {
      try {
        certificate = readFileSync(certificatePath)
      } catch (error) {
        throw new Error(`MPESA_CERT_PATH cannot be read (${error instanceof Error ? error.message : String(error)})`)
      }
    } else {
      certificate = standIns.mpesaCertificate?.() ?? ''
      if (certificate === '') throw new Error('MPESA_CERT_PATH must be set: no simulator certificate to use')
    }
    try {
      credential = securityCredential(password, certificate)
    } catch (error) {
      throw new Error(`MPESA_CERT_PATH: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return { shortCode: b2c.shortCode, initiatorName: b2c.initiatorName, securityCredential: credential }
}

/** The B2C client, sharing the STK client's token; null when B2C is off. */
export function createB2cClient(
  config: Config,
  mpesa: DarajaClient,
  standIns: Pick<StandIns, 'mpesaCertificate'>,
): DarajaB2cClient | null {
  const settings = b2cSettings(config, standIns)
  return settings === null ? null : new DarajaB2cClient(mpesa, settings)
}
