// `npm run simulators`: the stand-ins on fixed ports for a developer, until Ctrl+C.
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSmsSimulator } from './africastalking/sms.ts'
import { startTestCardProvider } from './card/provider.ts'
import { startDarajaSimulator } from './daraja/simulator.ts'
import { startOidcProvider } from './oidc/provider.ts'

const env = process.env

function port(name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback)
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number`)
  return value
}

const host = env.SIMULATOR_HOST ?? '127.0.0.1'

// The public sandbox shortcode and passkey, so requests built from the sandbox documentation work unchanged.
const daraja = await startDarajaSimulator({
  host,
  port: port('DARAJA_SIMULATOR_PORT', 4010),
  consumerKey: env.MPESA_CONSUMER_KEY ?? 'soko-simulator-key',
  consumerSecret: env.MPESA_CONSUMER_SECRET ?? 'soko-simulator-secret',
  shortCode: env.MPESA_SHORTCODE ?? '174379',
  passkey: env.MPESA_PASSKEY ?? 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
  // B2C: the values Soko takes when MPESA_B2C_SHORTCODE, MPESA_INITIATOR_NAME and MPESA_INITIATOR_PASSWORD are unset.
  b2cShortCode: env.MPESA_B2C_SHORTCODE ?? '600992',
  initiatorName: env.MPESA_INITIATOR_NAME ?? 'testapi',
  initiatorPassword: env.MPESA_INITIATOR_PASSWORD ?? 'soko-simulator-initiator',
  // C2B: the Paybill Soko takes when MPESA_PAYBILL_SHORTCODE is unset.
  c2bShortCode: env.MPESA_PAYBILL_SHORTCODE ?? '600000',
})
// Its key is new each run: Soko encrypts the initiator password with this file (MPESA_CERT_PATH).
const certificatePath = join(tmpdir(), `soko-daraja-simulator-${process.pid}.pem`)
writeFileSync(certificatePath, daraja.securityCertificate)

// A key of its own each run unless given one (never a constant that ships): Soko must be given the same
// (CARD_SECRET_KEY), so the line below prints it.
const cardSecretKey = env.CARD_PROVIDER_SECRET_KEY ?? `sk_test_${randomBytes(18).toString('base64url')}`
const card = await startTestCardProvider({
  host,
  port: port('CARD_PROVIDER_PORT', 4020),
  secretKey: cardSecretKey,
  webhookUrl: () => env.CARD_WEBHOOK_URL ?? null,
})

// Google sign-in: Soko is given this client's id and secret (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET) and the
// provider's address as GOOGLE_ISSUER. A secret of its own each run unless given one, printed like the card key.
const redirectUris = env.OIDC_REDIRECT_URIS?.split(',').map((uri) => uri.trim())
const oidc = await startOidcProvider({
  host,
  port: port('OIDC_PROVIDER_PORT', 4030),
  clientId: env.OIDC_CLIENT_ID ?? 'soko-local.apps.googleusercontent.example',
  clientSecret: env.OIDC_CLIENT_SECRET ?? randomBytes(18).toString('base64url'),
  ...(redirectUris ? { redirectUris: () => redirectUris } : {}),
})

// Africa's Talking SMS: Soko is given SMS_PROVIDER=africastalking, AT_BASE_URL (this address), AT_USERNAME and AT_API_KEY;
// delivery reports go to SMS_REPORT_URL (PUBLIC_URL/api/sms/delivery-reports/<SMS_CALLBACK_SECRET>) when set.
const smsApiKey = env.AT_API_KEY ?? `atsk_${randomBytes(18).toString('hex')}`
const sms = await startSmsSimulator({
  host,
  port: port('SMS_SIMULATOR_PORT', 4040),
  username: env.AT_USERNAME ?? 'sandbox',
  apiKey: smsApiKey,
  deliveryReportUrl: () => env.SMS_REPORT_URL ?? null,
})

process.stdout.write(
  `Daraja simulator:   ${daraja.url}  (sessions: ${daraja.url}/__simulator/sessions, B2C: ${daraja.url}/__simulator/b2c, Pay Bill phone: ${daraja.url}/__simulator/c2b)\n` +
    `B2C certificate:    MPESA_B2C=on MPESA_CERT_PATH=${certificatePath}\n` +
    `Test card provider: ${card.url}  (secret key: ${cardSecretKey})\n` +
    `Card webhooks to:   ${env.CARD_WEBHOOK_URL ?? '(none: set CARD_WEBHOOK_URL)'}\n` +
    `Google sign-in:     ${oidc.issuer}  (GOOGLE_ISSUER=${oidc.issuer} GOOGLE_CLIENT_ID=${oidc.clientId} GOOGLE_CLIENT_SECRET=${oidc.clientSecret})\n` +
    `Sign-in returns to: ${redirectUris?.join(', ') ?? 'any http(s) address (set OIDC_REDIRECT_URIS to limit it)'}\n` +
    `SMS gateway:        ${sms.url}  (inbox: ${sms.url}/__simulator/sms; AT_BASE_URL=${sms.url} AT_USERNAME=${env.AT_USERNAME ?? 'sandbox'} AT_API_KEY=${smsApiKey})\n` +
    `SMS reports to:     ${env.SMS_REPORT_URL ?? '(none: set SMS_REPORT_URL)'}\n`,
)

async function stop() {
  await Promise.all([daraja.close(), card.close(), oidc.close(), sms.close()])
  process.exit(0)
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
