import { isIP } from 'node:net'
import { join, resolve } from 'node:path'
import { z } from 'zod'

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const

/** A duration such as `500ms`, `90s`, `15m`, `12h` or `7d`, in milliseconds. */
const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const match = /^(\d+)(ms|s|m|h|d)$/.exec(value)
      if (!match || Number(match[1]) === 0) {
        ctx.addIssue({ code: 'custom', message: 'must be a duration such as 90s, 15m, 12h or 7d' })
        return z.NEVER
      }
      return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS]
    })

/** A rate limit: at most `max` hits per window, written `10/15m` (10 per 15 minutes) or `100/m`. */
export interface RateLimit {
  max: number
  windowMs: number
}

const rateLimit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx): RateLimit => {
      const match = /^(\d+)\/(\d*)([smhd])$/.exec(value)
      const max = Number(match?.[1])
      const windows = match?.[2] === '' ? 1 : Number(match?.[2])
      if (!match || max < 1 || windows < 1) {
        ctx.addIssue({ code: 'custom', message: 'must be a limit such as 10/15m (10 per 15 minutes) or 100/m' })
        return z.NEVER
      }
      return { max, windowMs: windows * UNIT_MS[match[3] as keyof typeof UNIT_MS] }
    })

/** argon2 cost settings: never below OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane). */
const argon2Setting = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback)

/**
 * Which proxies may tell Soko the client's address (X-Forwarded-For) and scheme: unset or `false` (none: the
 * socket's address counts, so a forged header changes nothing), a hop count (`1` behind one load balancer), or
 * proxy addresses and CIDR ranges (`10.0.0.0/8,127.0.0.1`, or `loopback`).
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    if (value === 'false') return false
    if (/^\d+$/.test(value)) return Number(value)
    const entries = value.split(',').map((entry) => entry.trim())
    const named = new Set(['loopback', 'linklocal', 'uniquelocal'])
    const valid = (entry: string) => {
      if (named.has(entry)) return true
      const [address = '', prefix, extra] = entry.split('/')
      const family = isIP(address)
      if (family === 0 || extra !== undefined) return false
      return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
    }
    if (entries.length === 0 || !entries.every(valid)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be false, a hop count, or proxy addresses/CIDR ranges separated by commas (never "true")',
      })
      return z.NEVER
    }
    return entries
  })

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export function isLoopback(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '').replace(/^::ffff:/i, '')
  return address === 'localhost' || address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address)
}

interface PaymentSettings {
  MPESA_ENV: 'simulator' | 'sandbox' | 'production'
  CARD_PROVIDER: 'test' | 'paystack'
  CARD_SECRET_KEY?: string | undefined
}

/** The Daraja simulator or the test card provider plays the other side: nothing anyone pays is real. */
function usesPaymentStandIns(env: PaymentSettings): boolean {
  return env.MPESA_ENV === 'simulator' || env.CARD_PROVIDER === 'test'
}

/** Safaricom's production Daraja, or a card provider with a live key (Paystack's test keys start `sk_test_`). */
function takesRealMoney(env: PaymentSettings): boolean {
  return (
    env.MPESA_ENV === 'production' ||
    // Without a key, CARD_SECRET_KEY's own rule speaks first.
    (env.CARD_PROVIDER === 'paystack' &&
      env.CARD_SECRET_KEY !== undefined &&
      !env.CARD_SECRET_KEY.startsWith('sk_test_'))
  )
}

/** Demo mode (DESIGN D8): asked for, or by default while only this machine can reach a server that takes no money. */
function isDemo(env: PaymentSettings & { SOKO_DEMO: 'auto' | 'true' | 'false'; HOST: string }): boolean {
  if (env.SOKO_DEMO !== 'auto') return env.SOKO_DEMO === 'true'
  return isLoopback(env.HOST) && !takesRealMoney(env)
}

interface B2cEnv {
  MPESA_ENV: 'simulator' | 'sandbox' | 'production'
  MPESA_BASE_URL?: string | undefined
  MPESA_B2C: 'auto' | 'on' | 'off'
  MPESA_B2C_SHORTCODE?: string | undefined
  MPESA_INITIATOR_NAME?: string | undefined
  MPESA_INITIATOR_PASSWORD?: string | undefined
  MPESA_SECURITY_CREDENTIAL?: string | undefined
  MPESA_CERT_PATH?: string | undefined
}

/** B2C is on when asked, or by default with the simulator this process runs itself. */
function isB2cOn(env: B2cEnv): boolean {
  if (env.MPESA_B2C !== 'auto') return env.MPESA_B2C === 'on'
  return env.MPESA_ENV === 'simulator' && env.MPESA_BASE_URL === undefined
}

/**
 * Who pays by B2C and how it proves it: null when B2C is off. With the simulator, unset keys take the values the
 * built-in simulator is started with (its shortcode 600992, the sandbox's operator name `testapi`, a password of its
 * own); its certificate comes from the simulator itself unless MPESA_CERT_PATH names one.
 */
export type B2cConfig = {
  shortCode: string
  initiatorName: string
  credential:
    | { kind: 'ready'; securityCredential: string }
    | { kind: 'password'; password: string; certificatePath: string | null }
}

function b2cSettings(env: B2cEnv): B2cConfig | null {
  if (!isB2cOn(env)) return null
  return {
    shortCode: env.MPESA_B2C_SHORTCODE ?? '600992',
    initiatorName: env.MPESA_INITIATOR_NAME ?? 'testapi',
    credential:
      env.MPESA_SECURITY_CREDENTIAL !== undefined
        ? { kind: 'ready', securityCredential: env.MPESA_SECURITY_CREDENTIAL }
        : {
            kind: 'password',
            password: env.MPESA_INITIATOR_PASSWORD ?? 'soko-simulator-initiator',
            certificatePath: env.MPESA_CERT_PATH ?? null,
          },
  }
}

/**
 * Every setting the server reads, parsed once at start-up. Nothing else reads process.env. A wrong value stops
 * the process with one line naming the variable (see `loadConfig`). `.env.example` documents each one.
 */
const ConfigObject = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * Demo mode (DESIGN D8): demo data, the local stand-ins of every outside party, and a "Demo store: no real
   * payments" notice on every page and email. `auto`: on while the server listens on a loopback address and no
   * real payment provider is configured.
   */
  SOKO_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  /** Where to listen; loopback unless told otherwise (the Docker image sets 0.0.0.0). */
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a port number' : undefined) })
    .int('must be a whole number')
    .min(0, 'must be from 0 to 65535')
    .max(65535, 'must be from 0 to 65535')
    .default(3000),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The marketplace's public address (e.g. https://soko.co.ke), for absolute links in sitemaps and emails. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  DB_POOL_SIZE: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .int('must be a whole number')
    .min(1, 'must be from 1 to 200')
    .max(200, 'must be from 1 to 200')
    .default(10),
  SEED_DEMO_DATA: z.enum(['auto', 'true', 'false']).default('auto'),
  DEMO_PRODUCTS: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .int('must be a whole number')
    .min(0, 'must be from 0 to 1000000')
    .max(1_000_000, 'must be from 0 to 1000000')
    .default(2000),
  /** Days of past orders, deliveries, returns, refunds and payouts the demo catalogue comes with (0: none). */
  DEMO_HISTORY_DAYS: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .int('must be a whole number')
    .min(0, 'must be from 0 to 365')
    .max(365, 'must be from 0 to 365')
    .default(90),
  TRUST_PROXY: trustProxy,
  /**
   * Hosts a CSV import may fetch product images from although their addresses are not public (e.g. `127.0.0.1`):
   * only for tests and a demo's own local image server. Empty (the default): every image URL must resolve to
   * public addresses (decision 0027).
   */
  IMPORT_IMAGE_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) =>
          host
            .trim()
            .toLowerCase()
            .replace(/^\[(.*)\]$/, '$1'),
        )
        .filter(Boolean),
    ),
  /** Sessions end after this long without a request (idle timeout) ... */
  SESSION_IDLE_TIMEOUT: duration('7d'),
  /** ... and this long after sign-in whatever happens (absolute timeout). */
  SESSION_ABSOLUTE_TIMEOUT: duration('30d'),
  /** Lifetime of a bearer access token (clients renew it with their refresh token). */
  ACCESS_TOKEN_TTL: duration('15m'),
  /** Failed sign-ins (and wrong current passwords) per account. */
  LOGIN_LIMIT_PER_ACCOUNT: rateLimit('10/15m'),
  /** Requests to the sign-in, sign-up, refresh and password endpoints per client address. */
  AUTH_LIMIT_PER_IP: rateLimit('100/1m'),
  REGISTER_LIMIT_PER_IP: rateLimit('30/1h'),
  RESET_LIMIT_PER_ACCOUNT: rateLimit('5/1h'),
  RESET_LIMIT_PER_IP: rateLimit('20/1h'),
  ARGON2_MEMORY_KIB: argon2Setting(19_456, 19_456, 4_194_304),
  ARGON2_TIME_COST: argon2Setting(2, 2, 100),
  ARGON2_PARALLELISM: argon2Setting(1, 1, 16),
  /** Outgoing mail server, e.g. smtps://user:password@smtp.example.com:465. Unset: mail stays in the outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Soko <no-reply@soko.co.ke>'),
  /**
   * Text messages (decision 0029): `simulator` runs the built-in stand-in of Africa's Talking (its inbox at
   * /__simulator/sms); `africastalking` sends through AT_USERNAME's account; `off` records texts without sending.
   * `auto`: the stand-in in a demo and outside production, else off (a real marketplace never "sends" to a stand-in).
   */
  SMS_PROVIDER: z.enum(['auto', 'simulator', 'africastalking', 'off']).default('auto'),
  /** The Africa's Talking app's username (`sandbox` for the sandbox) and API key. */
  AT_USERNAME: z.string().min(1).max(100).default('sandbox'),
  AT_API_KEY: z.string().min(8).optional(),
  /** The alphanumeric sender id (up to 11 characters) Africa's Talking registered for you; unset: their default. */
  AT_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9 ._-]{1,11}$|^\d{3,15}$/, 'must be an alphanumeric sender id (up to 11) or a short code')
    .optional(),
  /** The API's address; unset: the sandbox's for AT_USERNAME=sandbox, else the live one. */
  AT_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /**
   * The secret last segment of the delivery-report callback URL you register in the Africa's Talking dashboard
   * (`PUBLIC_URL/api/sms/delivery-reports/<secret>`); unset with the simulator: one is made and kept in the database.
   */
  SMS_CALLBACK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{24,128}$/, 'must be 24 to 128 letters, digits, - or _')
    .optional(),
  /** Texts one phone number may be sent (over the limit a text is dropped and recorded as such). */
  SMS_LIMIT_PER_PHONE: rateLimit('10/1h'),
  /** Texts the whole marketplace may send: a ceiling on the SMS bill whatever goes wrong. */
  SMS_LIMIT_TOTAL: rateLimit('2000/1h'),
  /** How long the SMS stand-in's network takes to report a delivery (simulator only). */
  SMS_SIMULATOR_DELAY: duration('1500ms'),
  /**
   * Google sign-in (OpenID Connect). Both unset: in demo mode a built-in stand-in plays Google (its consent page
   * lists demo accounts); otherwise there is no Google button.
   */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .default('https://accounts.google.com'),
  /** Contact-form messages one IP address may send per 10 minutes (modules/contact). */
  CONTACT_RATE_LIMIT: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .int('must be a whole number')
    .min(1, 'must be from 1 to 10000')
    .max(10_000, 'must be from 1 to 10000')
    .default(5),
  /** Checkout (DESIGN S2): delivery per order in KES, and VAT in percent of the subtotal. */
  SHIPPING_FEE_KES: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .min(0, 'must be from 0 to 100000')
    .max(100_000, 'must be from 0 to 100000')
    .default(500),
  /** Added to the delivery fee for each further shop in an order (each ships its own parcel), until the admin sets it. */
  DELIVERY_EXTRA_VENDOR_FEE_KES: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .min(0, 'must be from 0 to 100000')
    .max(100_000, 'must be from 0 to 100000')
    .default(0),
  /**
   * Pay on delivery (decision 0022): orders whose total is under this many shillings may be paid in cash or by
   * M-Pesa to the rider; 0 turns it off.
   */
  PAY_ON_DELIVERY_LIMIT_KES: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .int('must be whole shillings')
    .min(0, 'must be from 0 to 1000000')
    .max(1_000_000, 'must be from 0 to 1000000')
    .default(10_000),
  VAT_PERCENT: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .min(0, 'must be from 0 to 100')
    .max(100, 'must be from 0 to 100')
    .default(16),
  /** New orders and payment retries per client address (each may send an M-Pesa prompt to someone's phone). */
  CHECKOUT_LIMIT_PER_IP: rateLimit('30/10m'),
  /** M-Pesa prompts per phone number, whoever asks: nobody's phone can be flooded with requests. */
  MPESA_PUSH_LIMIT_PER_PHONE: rateLimit('5/10m'),
  /**
   * The marketplace's commission on each vendor's sales, in percent (what the shop is paid out is the rest): the
   * default, for categories without a rate of their own (decision 0016).
   */
  COMMISSION_PERCENT: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .min(0, 'must be from 0 to 100')
    .max(100, 'must be from 0 to 100')
    .default(10),
  /** How long an unpaid order holds its stock before it goes back on sale. */
  ORDER_RESERVATION: duration('15m'),
  /** Days after a vendor marks its part delivered that the delivery counts as confirmed if the shopper is silent. */
  DELIVERY_CONFIRM_DAYS: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .int('must be a whole number of days')
    .min(1, 'must be from 1 to 60')
    .max(60, 'must be from 1 to 60')
    .default(3),
  /**
   * The return window, in days after an order's last delivery: until it ends, the order's link (and its number with
   * the phone or email it was placed with) opens the order for its buyer without an account. A vendor part's money
   * is pending for as long after its delivery is confirmed, and only then available to pay out.
   */
  RETURN_WINDOW_DAYS: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .int('must be a whole number')
    .min(1, 'must be from 1 to 365')
    .max(365, 'must be from 1 to 365')
    .default(7),
  /**
   * Hours a shop has to accept or refuse a requested return: one it leaves unanswered this long goes to the
   * marketplace's dispute desk, as a refused one does, and an admin decides.
   */
  RETURN_ANSWER_HOURS: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .int('must be a whole number of hours')
    .min(1, 'must be from 1 to 720')
    .max(720, 'must be from 1 to 720')
    .default(48),
  /** Guest order look-ups (order number with phone or email) per client address, and per order number whoever asks. */
  ORDER_LOOKUP_LIMIT_PER_IP: rateLimit('10/15m'),
  /** Tries at a pickup parcel's collection code, per parcel and per person typing it. */
  PICKUP_CODE_LIMIT: rateLimit('5/15m'),
  ORDER_LOOKUP_LIMIT_PER_ORDER: rateLimit('5/1h'),
  /**
   * Where M-Pesa payments go: `simulator` (the Daraja simulator that ships with Soko, run inside this process: no
   * money moves), `sandbox` (Safaricom's sandbox) or `production` (real money; needs the credentials below).
   */
  MPESA_ENV: z.enum(['simulator', 'sandbox', 'production']).default('simulator'),
  /** Overrides Daraja's address (e.g. a simulator run on its own with `npm run simulators`). */
  MPESA_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  MPESA_CONSUMER_KEY: z.string().min(1).default('soko-simulator-key'),
  MPESA_CONSUMER_SECRET: z.string().min(1).default('soko-simulator-secret'),
  MPESA_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/, 'must be 5 to 7 digits')
    .default('174379'),
  MPESA_PASSKEY: z.string().min(1).default('bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919'),
  MPESA_TRANSACTION_TYPE: z.enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline']).default('CustomerPayBillOnline'),
  /** The till number for CustomerBuyGoodsOnline; the shortcode otherwise. */
  MPESA_PARTY_B: z
    .string()
    .regex(/^\d{5,7}$/, 'must be 5 to 7 digits')
    .optional(),
  /**
   * The Paybill (business number) shoppers pay from their own M-Pesa menu with the order number as account (C2B).
   * With the simulator, 600000 unless set; with Daraja, unset turns "Pay via M-Pesa Paybill" off. Its validation
   * and confirmation URLs are registered with Daraja at start.
   */
  MPESA_PAYBILL_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/, 'must be 5 to 7 digits')
    .optional(),
  /** The secret path segment of the callback URL; unset: one is made once and kept in the database. */
  MPESA_CALLBACK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{24,128}$/, 'must be 24 to 128 letters, digits, - or _')
    .optional(),
  /** The simulated customer's answer time (simulator only). */
  MPESA_SIMULATOR_DELAY: duration('2s'),
  /** When no callback came: the first STK status query after this long, then doubling, MPESA_QUERY_ATTEMPTS times. */
  MPESA_QUERY_AFTER: duration('60s'),
  /**
   * A refund handed to M-Pesa B2C or the card provider without a result after this long: ask (Transaction Status, or
   * the provider's refund), then again after doubling waits, MPESA_QUERY_ATTEMPTS times.
   */
  REFUND_CHECK_AFTER: duration('3m'),
  MPESA_QUERY_ATTEMPTS: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .int('must be a whole number')
    .min(1, 'must be from 1 to 20')
    .max(20, 'must be from 1 to 20')
    .default(5),
  /**
   * Vendor payouts by M-Pesa B2C (docs/decisions/0018-payouts.md): `on` runs the weekly payout on PAYOUT_DAY at
   * PAYOUT_HOUR, Nairobi time, paying every verified shop with a payout number its available balance of at least
   * PAYOUT_MINIMUM_KES; `off` leaves payouts to admins (pay now, or record one sent by hand).
   */
  PAYOUT_SCHEDULE: z.enum(['on', 'off']).default('on'),
  PAYOUT_DAY: z
    .enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], {
      error: () => 'must be a day of the week (monday to sunday)',
    })
    .default('friday'),
  PAYOUT_HOUR: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .int('must be a whole number')
    .min(0, 'must be from 0 to 23')
    .max(23, 'must be from 0 to 23')
    .default(10),
  PAYOUT_MINIMUM_KES: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .int('must be a whole number of shillings')
    .min(10, 'must be from 10 to 250000 (M-Pesa pays KES 10 to 250,000 at a time)')
    .max(250_000, 'must be from 10 to 250000 (M-Pesa pays KES 10 to 250,000 at a time)')
    .default(500),
  /** A payout with no B2C Result this long after it was sent: its status is asked, then again, doubling the wait. */
  PAYOUT_QUERY_AFTER: duration('3m'),
  PAYOUT_QUERY_ATTEMPTS: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .int('must be a whole number')
    .min(1, 'must be from 1 to 20')
    .max(20, 'must be from 1 to 20')
    .default(6),
  /**
   * M-Pesa B2C (payouts and refunds sent to phones) and Transaction Status. `auto`: on with the simulator run
   * inside this process (which plays the B2C side too), off otherwise. `on` with Daraja needs the B2C shortcode,
   * the API operator's name, and its credential: MPESA_SECURITY_CREDENTIAL as made on Safaricom's portal, or
   * MPESA_INITIATOR_PASSWORD with MPESA_CERT_PATH (Safaricom's certificate), encrypted here at start.
   */
  MPESA_B2C: z.enum(['auto', 'on', 'off']).default('auto'),
  MPESA_B2C_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/, 'must be 5 to 7 digits')
    .optional(),
  MPESA_INITIATOR_NAME: z.string().min(1).max(100).optional(),
  MPESA_INITIATOR_PASSWORD: z.string().min(1).optional(),
  MPESA_SECURITY_CREDENTIAL: z
    .string()
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be the base64 text Safaricom made')
    .optional(),
  MPESA_CERT_PATH: z.string().min(1).optional(),
  /**
   * Card payments: `test` (the test provider that ships with Soko, run inside this process) or `paystack` (a
   * Paystack-compatible hosted page; needs CARD_SECRET_KEY). Card numbers are typed on the provider's page only.
   */
  CARD_PROVIDER: z.enum(['test', 'paystack']).default('test'),
  CARD_PROVIDER_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** The provider's secret key. Unset with the test provider: one is made once per installation and kept in the database. */
  CARD_SECRET_KEY: z.string().min(8).optional(),
  /** GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`; in production /metrics is off without one. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Test-only: lets browser tests make the API slow or failing (see plugins/faults.ts). */
  FAULT_INJECTION: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

/** Every variable the server reads (`.env.example` documents each one; a test holds the two together). */
export const CONFIG_KEYS = Object.keys(ConfigObject.shape)

const ConfigSchema = ConfigObject.refine((env) => !(env.NODE_ENV === 'production' && env.FAULT_INJECTION === 'true'), {
  path: ['FAULT_INJECTION'],
  message: 'must not be enabled in production',
})
  .refine((env) => env.MPESA_ENV === 'simulator' || env.MPESA_CONSUMER_KEY !== 'soko-simulator-key', {
    path: ['MPESA_CONSUMER_KEY'],
    message: 'and MPESA_CONSUMER_SECRET, MPESA_SHORTCODE and MPESA_PASSKEY must be set for Daraja',
  })
  // A production server on PostgreSQL is a real marketplace (the embedded database and one seeded with the demo's
  // public passwords are demos): its emailed links must point at the address shoppers use, which only PUBLIC_URL
  // knows (behind a proxy, the server's own address is not it).
  .refine(
    (env) =>
      env.NODE_ENV !== 'production' ||
      env.DATABASE_URL === undefined ||
      env.SEED_DEMO_DATA === 'true' ||
      env.PUBLIC_URL !== undefined,
    {
      path: ['PUBLIC_URL'],
      message: 'must be set in production on PostgreSQL (the address shoppers use, e.g. https://soko.co.ke)',
    },
  )
  .refine((env) => env.SOKO_DEMO !== 'true' || !takesRealMoney(env), {
    path: ['SOKO_DEMO'],
    message:
      'must not be true with real payment providers (MPESA_ENV=production, a live card key): a demo takes no money',
  })
  // Stand-ins never run inside a deployment that takes real money (one real provider, one stand-in).
  .superRefine((env, ctx) => {
    if (!takesRealMoney(env)) return
    const standIn = env.MPESA_ENV === 'simulator' ? 'MPESA_ENV' : env.CARD_PROVIDER === 'test' ? 'CARD_PROVIDER' : null
    if (standIn) {
      ctx.addIssue({
        code: 'custom',
        path: [standIn],
        message: 'must name a real provider too: the built-in payment stand-ins never run beside real money',
      })
    }
  })
  // Reachable from other machines, a server that plays the customer's bank must say out loud that it is a demo.
  .refine((env) => isLoopback(env.HOST) || env.SOKO_DEMO === 'true' || !usesPaymentStandIns(env), {
    path: ['SOKO_DEMO'],
    message:
      'must be true to run the built-in M-Pesa simulator or test card provider on a non-loopback HOST (or set MPESA_ENV and CARD_PROVIDER to real providers)',
  })
  // Listening for other machines, links in mail and callbacks must name the address they use, not this one's.
  .refine((env) => env.NODE_ENV !== 'production' || isLoopback(env.HOST) || env.PUBLIC_URL !== undefined, {
    path: ['PUBLIC_URL'],
    message: 'must be set when HOST is not a loopback address (the address shoppers use, e.g. https://soko.co.ke)',
  })
  .refine((env) => env.MPESA_ENV === 'simulator' || env.PUBLIC_URL !== undefined, {
    path: ['PUBLIC_URL'],
    message: 'must be set when MPESA_ENV is sandbox or production (Safaricom calls back to it)',
  })
  .superRefine((env, ctx) => {
    if (!isB2cOn(env)) return
    const missing = (key: string, message: string) => ctx.addIssue({ code: 'custom', path: [key], message })
    if (env.MPESA_SECURITY_CREDENTIAL !== undefined && env.MPESA_INITIATOR_PASSWORD !== undefined) {
      return missing('MPESA_SECURITY_CREDENTIAL', 'and MPESA_INITIATOR_PASSWORD must not both be set (one credential)')
    }
    if (env.MPESA_ENV === 'simulator') {
      // A simulator run on its own made its key at start: the server needs its certificate (or a credential).
      if (env.MPESA_BASE_URL !== undefined && env.MPESA_SECURITY_CREDENTIAL === undefined && !env.MPESA_CERT_PATH) {
        missing(
          'MPESA_CERT_PATH',
          'must name the certificate the simulator at MPESA_BASE_URL printed when MPESA_B2C=on',
        )
      }
      return
    }
    if (env.MPESA_B2C_SHORTCODE === undefined) missing('MPESA_B2C_SHORTCODE', 'must be set when MPESA_B2C=on')
    else if (env.MPESA_INITIATOR_NAME === undefined) missing('MPESA_INITIATOR_NAME', 'must be set when MPESA_B2C=on')
    else if (
      env.MPESA_SECURITY_CREDENTIAL === undefined &&
      (env.MPESA_INITIATOR_PASSWORD === undefined || env.MPESA_CERT_PATH === undefined)
    ) {
      missing(
        'MPESA_SECURITY_CREDENTIAL',
        'or MPESA_INITIATOR_PASSWORD with MPESA_CERT_PATH must be set when MPESA_B2C=on',
      )
    }
  })
  .refine((env) => env.CARD_PROVIDER === 'test' || env.CARD_SECRET_KEY !== undefined, {
    path: ['CARD_SECRET_KEY'],
    message: 'must be set to the provider secret key when CARD_PROVIDER=paystack',
  })
  // A test provider run on its own (npm run simulators) has its own key: this process must be given the same one.
  .refine((env) => env.CARD_PROVIDER_URL === undefined || env.CARD_SECRET_KEY !== undefined, {
    path: ['CARD_SECRET_KEY'],
    message: 'must be set with CARD_PROVIDER_URL (the key the provider at that address was given)',
  })
  .refine((env) => env.SMS_PROVIDER !== 'africastalking' || env.AT_API_KEY !== undefined, {
    path: ['AT_API_KEY'],
    message: "must be set when SMS_PROVIDER=africastalking (the API key of AT_USERNAME's app)",
  })
  .refine((env) => env.SMS_PROVIDER !== 'africastalking' || env.SMS_CALLBACK_SECRET !== undefined, {
    path: ['SMS_CALLBACK_SECRET'],
    message: 'must be set when SMS_PROVIDER=africastalking (the secret of the delivery-report URL you register)',
  })
  .refine((env) => env.SMS_PROVIDER !== 'africastalking' || env.PUBLIC_URL !== undefined, {
    path: ['PUBLIC_URL'],
    message: "must be set when SMS_PROVIDER=africastalking (Africa's Talking posts delivery reports to it)",
  })
  .refine((env) => (env.GOOGLE_CLIENT_ID === undefined) === (env.GOOGLE_CLIENT_SECRET === undefined), {
    path: ['GOOGLE_CLIENT_SECRET'],
    message: 'and GOOGLE_CLIENT_ID must be set together',
  })
  .transform((env) => ({
    ...env,
    isProduction: env.NODE_ENV === 'production',
    demo: isDemo(env),
    // A new embedded database gets the demo catalogue; a PostgreSQL one only when asked (it may be for real shoppers).
    seedDemoData: env.SEED_DEMO_DATA === 'true' || (env.SEED_DEMO_DATA === 'auto' && env.DATABASE_URL === undefined),
    // DATA_DIR holds the embedded database and the generated image cache side by side (and the lock on both).
    pgliteDir: join(resolve(env.DATA_DIR), 'pglite'),
    mediaDir: join(resolve(env.DATA_DIR), 'media'),
    shippingCents: Math.round(env.SHIPPING_FEE_KES * 100),
    extraVendorCents: Math.round(env.DELIVERY_EXTRA_VENDOR_FEE_KES * 100),
    vatRateBp: Math.round(env.VAT_PERCENT * 100),
    payOnDeliveryLimitCents: env.PAY_ON_DELIVERY_LIMIT_KES * 100,
    commissionBp: Math.round(env.COMMISSION_PERCENT * 100),
    mpesaBaseUrl:
      env.MPESA_BASE_URL?.replace(/\/+$/, '') ??
      (env.MPESA_ENV === 'production'
        ? 'https://api.safaricom.co.ke'
        : env.MPESA_ENV === 'sandbox'
          ? 'https://sandbox.safaricom.co.ke'
          : null),
    cardProviderUrl:
      env.CARD_PROVIDER_URL?.replace(/\/+$/, '') ??
      (env.CARD_PROVIDER === 'paystack' ? 'https://api.paystack.co' : null),
    b2c: b2cSettings(env),
    /** The Paybill shoppers pay by C2B, or null when that way to pay is off. */
    paybillShortCode: env.MPESA_PAYBILL_SHORTCODE ?? (env.MPESA_ENV === 'simulator' ? '600000' : null),
    /** Who sends texts: SMS_PROVIDER, with `auto` settled. */
    smsProvider:
      env.SMS_PROVIDER !== 'auto'
        ? env.SMS_PROVIDER
        : isDemo(env) || env.NODE_ENV !== 'production'
          ? ('simulator' as const)
          : ('off' as const),
    /** The Africa's Talking API to send through, or null for the built-in stand-in (or none, SMS_PROVIDER=off). */
    smsBaseUrl:
      env.SMS_PROVIDER !== 'africastalking'
        ? null
        : (env.AT_BASE_URL?.replace(/\/+$/, '') ??
          (env.AT_USERNAME === 'sandbox'
            ? 'https://api.sandbox.africastalking.com'
            : 'https://api.africastalking.com')),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER }
        : null,
  }))

export type Config = z.output<typeof ConfigSchema>

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Parses the environment; throws a ConfigError whose message is one line naming the bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable (`PORT=`) means "not set", as in most shells' habits.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
  const result = ConfigSchema.safeParse(present)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const key = String(issue?.path[0] ?? 'environment')
  const got = env[key] === undefined ? '' : ` (got ${JSON.stringify(env[key])})`
  throw new ConfigError(`Invalid configuration: ${key} ${issue?.message ?? 'is invalid'}${got}`)
}

export function loadConfig(): Config {
  return parseConfig(process.env)
}
