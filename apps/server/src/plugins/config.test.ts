import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from './config.ts'

describe('parseConfig', () => {
  it('has defaults that run the marketplace locally on the embedded database', () => {
    const config = parseConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.HOST).toBe('127.0.0.1')
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.DATA_DIR).toBe('./data')
    expect(config.pgliteDir).toMatch(/data\/pglite$/)
  })

  it('listens on loopback, in production too, unless HOST says otherwise', () => {
    expect(parseConfig({ NODE_ENV: 'production' }).HOST).toBe('127.0.0.1')
    const real = {
      MPESA_ENV: 'sandbox',
      MPESA_CONSUMER_KEY: 'k',
      CARD_PROVIDER: 'paystack',
      CARD_SECRET_KEY: 'sk_test_x',
    }
    expect(parseConfig({ HOST: '10.0.0.5', PUBLIC_URL: 'https://soko.co.ke', ...real }).HOST).toBe('10.0.0.5')
  })

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000)
  })

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a port number (got "abc")'],
    [{ PORT: '3.5' }, 'Invalid configuration: PORT must be a whole number (got "3.5")'],
    [{ PORT: '70000' }, /^Invalid configuration: PORT .*65535/],
    [{ DATABASE_URL: 'mysql://localhost/soko' }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ NODE_ENV: 'staging' }, /^Invalid configuration: NODE_ENV /],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL /],
    [
      { NODE_ENV: 'production', FAULT_INJECTION: 'true' },
      /^Invalid configuration: FAULT_INJECTION must not be enabled/,
    ],
    [{ CONTACT_RATE_LIMIT: '0' }, 'Invalid configuration: CONTACT_RATE_LIMIT must be from 1 to 10000 (got "0")'],
  ])('rejects %j with one line naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError)
    expect(() => parseConfig(env)).toThrow(message)
  })

  it('has account defaults: OWASP argon2id, 7-day idle and 30-day absolute sessions, the documented limits', () => {
    const config = parseConfig({})
    expect(config.TRUST_PROXY).toBe(false)
    expect(config.SESSION_IDLE_TIMEOUT).toBe(7 * 86_400_000)
    expect(config.SESSION_ABSOLUTE_TIMEOUT).toBe(30 * 86_400_000)
    expect(config.ACCESS_TOKEN_TTL).toBe(15 * 60_000)
    expect(config.LOGIN_LIMIT_PER_ACCOUNT).toEqual({ max: 10, windowMs: 15 * 60_000 })
    expect(config.AUTH_LIMIT_PER_IP).toEqual({ max: 100, windowMs: 60_000 })
    expect(config.RESET_LIMIT_PER_ACCOUNT).toEqual({ max: 5, windowMs: 3_600_000 })
    expect([config.ARGON2_MEMORY_KIB, config.ARGON2_TIME_COST, config.ARGON2_PARALLELISM]).toEqual([19_456, 2, 1])
    expect(config.SMTP_URL).toBeUndefined()
    expect(config.google).toBeNull()
  })

  it('reads trusted proxies as a hop count or addresses, never as "trust everyone"', () => {
    expect(parseConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1'])
    expect(parseConfig({ TRUST_PROXY: 'loopback,fd00::/8' }).TRUST_PROXY).toEqual(['loopback', 'fd00::/8'])
    expect(parseConfig({ LOGIN_LIMIT_PER_ACCOUNT: '5/m' }).LOGIN_LIMIT_PER_ACCOUNT).toEqual({
      max: 5,
      windowMs: 60_000,
    })
    expect(parseConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    })
  })

  it.each([
    [{ TRUST_PROXY: 'true' }, /^Invalid configuration: TRUST_PROXY must be false, a hop count/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^Invalid configuration: TRUST_PROXY /],
    [{ TRUST_PROXY: 'proxy.internal' }, /^Invalid configuration: TRUST_PROXY /],
    [
      { LOGIN_LIMIT_PER_ACCOUNT: 'ten' },
      /^Invalid configuration: LOGIN_LIMIT_PER_ACCOUNT must be a limit such as 10\/15m/,
    ],
    [{ AUTH_LIMIT_PER_IP: '0/1m' }, /^Invalid configuration: AUTH_LIMIT_PER_IP /],
    [{ SESSION_IDLE_TIMEOUT: '7 days' }, /^Invalid configuration: SESSION_IDLE_TIMEOUT must be a duration/],
    [{ ARGON2_MEMORY_KIB: '4096' }, 'Invalid configuration: ARGON2_MEMORY_KIB must be at least 19456 (got "4096")'],
    [{ ARGON2_TIME_COST: '1' }, /^Invalid configuration: ARGON2_TIME_COST must be at least 2/],
    [{ SMTP_URL: 'http://mail.example' }, /^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [
      { GOOGLE_CLIENT_ID: 'id' },
      /^Invalid configuration: GOOGLE_CLIENT_SECRET and GOOGLE_CLIENT_ID must be set together/,
    ],
  ])('rejects the account setting %j', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message)
  })

  it('accepts a PostgreSQL URL', () => {
    const url = 'postgresql://soko:secret@db.internal:5432/soko'
    expect(parseConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url)
  })

  it('limits contact messages to 5 per address per 10 minutes unless told otherwise', () => {
    expect(parseConfig({}).CONTACT_RATE_LIMIT).toBe(5)
    expect(parseConfig({ CONTACT_RATE_LIMIT: '1000' }).CONTACT_RATE_LIMIT).toBe(1000)
  })

  describe('text messages (SMS_PROVIDER)', () => {
    const live = {
      MPESA_CONSUMER_KEY: 'key',
      MPESA_CONSUMER_SECRET: 'secret',
      MPESA_PASSKEY: 'passkey',
      MPESA_ENV: 'production',
      CARD_PROVIDER: 'paystack',
      CARD_SECRET_KEY: 'sk_live_abc123',
      PUBLIC_URL: 'https://soko.co.ke',
    }

    it.each([
      ['a fresh clone', {}, 'simulator'],
      ['a demo in production mode', { NODE_ENV: 'production' }, 'simulator'],
      ['a real marketplace without an SMS account', { NODE_ENV: 'production', ...live }, 'off'],
      ['the stand-in asked for', { NODE_ENV: 'production', ...live, SMS_PROVIDER: 'simulator' }, 'simulator'],
      ['off', { SMS_PROVIDER: 'off' }, 'off'],
    ])('%s: texts go to %s', (_name, env, provider) => {
      expect(parseConfig(env).smsProvider).toBe(provider)
    })

    it("needs an Africa's Talking key, the callback secret and PUBLIC_URL, and picks the API by username", () => {
      const secret = { SMS_CALLBACK_SECRET: 'a'.repeat(32) }
      expect(() =>
        parseConfig({ SMS_PROVIDER: 'africastalking', ...secret, PUBLIC_URL: 'https://soko.co.ke' }),
      ).toThrow(/^Invalid configuration: AT_API_KEY must be set/)
      expect(() =>
        parseConfig({ SMS_PROVIDER: 'africastalking', AT_API_KEY: 'atsk_123456', PUBLIC_URL: 'https://x.ke' }),
      ).toThrow(/^Invalid configuration: SMS_CALLBACK_SECRET must be set/)
      const at = { SMS_PROVIDER: 'africastalking', AT_API_KEY: 'atsk_123456', ...secret, PUBLIC_URL: 'https://x.ke' }
      expect(parseConfig(at).smsBaseUrl).toBe('https://api.sandbox.africastalking.com')
      expect(parseConfig({ ...at, AT_USERNAME: 'soko' }).smsBaseUrl).toBe('https://api.africastalking.com')
      expect(() => parseConfig({ ...at, AT_SENDER_ID: 'A sender id far too long' })).toThrow(/AT_SENDER_ID must be/)
    })

    it('limits texts to 10 per number and 2000 in all per hour unless told otherwise', () => {
      expect(parseConfig({}).SMS_LIMIT_PER_PHONE).toEqual({ max: 10, windowMs: 3_600_000 })
      expect(parseConfig({}).SMS_LIMIT_TOTAL).toEqual({ max: 2000, windowMs: 3_600_000 })
    })
  })

  describe('M-Pesa B2C (MPESA_B2C)', () => {
    const daraja = {
      MPESA_ENV: 'production',
      MPESA_CONSUMER_KEY: 'k',
      MPESA_CONSUMER_SECRET: 's',
      PUBLIC_URL: 'https://soko.co.ke',
      CARD_PROVIDER: 'paystack',
      CARD_SECRET_KEY: 'sk_live_x',
    }
    const b2c = { MPESA_B2C: 'on', MPESA_B2C_SHORTCODE: '600100', MPESA_INITIATOR_NAME: 'soko-api' }

    it('is on with the built-in simulator, with the values it is started with, and off with Daraja unless asked', () => {
      expect(parseConfig({}).b2c).toEqual({
        shortCode: '600992',
        initiatorName: 'testapi',
        credential: { kind: 'password', password: 'soko-simulator-initiator', certificatePath: null },
      })
      expect(parseConfig(daraja).b2c).toBeNull()
      expect(parseConfig({ MPESA_BASE_URL: 'http://127.0.0.1:4010' }).b2c).toBeNull()
      expect(parseConfig({ MPESA_B2C: 'off' }).b2c).toBeNull()
    })

    it('takes a ready-made credential, or the password with the certificate', () => {
      expect(parseConfig({ ...daraja, ...b2c, MPESA_SECURITY_CREDENTIAL: 'abc+/=' }).b2c).toEqual({
        shortCode: '600100',
        initiatorName: 'soko-api',
        credential: { kind: 'ready', securityCredential: 'abc+/=' },
      })
      const withPassword = { ...daraja, ...b2c, MPESA_INITIATOR_PASSWORD: 'pw', MPESA_CERT_PATH: '/etc/soko/m.cer' }
      expect(parseConfig(withPassword).b2c?.credential).toEqual({
        kind: 'password',
        password: 'pw',
        certificatePath: '/etc/soko/m.cer',
      })
    })

    it.each([
      [{ MPESA_B2C_SHORTCODE: undefined }, 'MPESA_B2C_SHORTCODE must be set when MPESA_B2C=on'],
      [{ MPESA_INITIATOR_NAME: undefined }, 'MPESA_INITIATOR_NAME must be set when MPESA_B2C=on'],
      [{}, 'MPESA_SECURITY_CREDENTIAL or MPESA_INITIATOR_PASSWORD with MPESA_CERT_PATH must be set when MPESA_B2C=on'],
      [
        { MPESA_INITIATOR_PASSWORD: 'pw' },
        'MPESA_SECURITY_CREDENTIAL or MPESA_INITIATOR_PASSWORD with MPESA_CERT_PATH must be set when MPESA_B2C=on',
      ],
      [
        { MPESA_INITIATOR_PASSWORD: 'pw', MPESA_SECURITY_CREDENTIAL: 'abc' },
        'MPESA_SECURITY_CREDENTIAL and MPESA_INITIATOR_PASSWORD must not both be set (one credential)',
      ],
    ])('refuses to start with Daraja and B2C on when %j', (change, message) => {
      const env: Record<string, string | undefined> = { ...daraja, ...b2c, ...change }
      expect(() => parseConfig(env)).toThrow(`Invalid configuration: ${message}`)
    })

    it('needs the certificate of a simulator run on its own', () => {
      expect(() => parseConfig({ MPESA_BASE_URL: 'http://127.0.0.1:4010', MPESA_B2C: 'on' })).toThrow(
        'Invalid configuration: MPESA_CERT_PATH must name the certificate the simulator at MPESA_BASE_URL printed',
      )
    })
  })

  describe('demo mode (SOKO_DEMO)', () => {
    const daraja = { MPESA_CONSUMER_KEY: 'key', MPESA_CONSUMER_SECRET: 'secret', MPESA_PASSKEY: 'passkey' }
    const live = { ...daraja, MPESA_ENV: 'production', CARD_PROVIDER: 'paystack', CARD_SECRET_KEY: 'sk_live_abc123' }
    const sandbox = { ...daraja, MPESA_ENV: 'sandbox', CARD_PROVIDER: 'paystack', CARD_SECRET_KEY: 'sk_test_abc123' }
    const publicUrl = { PUBLIC_URL: 'https://soko.co.ke' }

    it.each([
      ['a fresh clone (loopback, stand-ins)', {}, true],
      ['npm start (production, loopback)', { NODE_ENV: 'production' }, true],
      ['loopback by name or IPv6', { HOST: 'localhost' }, true],
      ['::1', { HOST: '::1' }, true],
      ['loopback with real providers', { ...live, ...publicUrl }, false],
      ["loopback with the providers' sandboxes", { ...sandbox, ...publicUrl }, true],
      ['switched off on loopback', { SOKO_DEMO: 'false' }, false],
      ['switched on explicitly on every interface', { SOKO_DEMO: 'true', HOST: '0.0.0.0', ...publicUrl }, true],
      ['every interface with real providers', { HOST: '0.0.0.0', ...live, ...publicUrl }, false],
    ])('%s: demo is %s', (_name, env, demo) => {
      expect(parseConfig(env).demo).toBe(demo)
    })

    it.each([
      [
        'the stand-ins on every interface',
        { NODE_ENV: 'production', HOST: '0.0.0.0', ...publicUrl },
        'Invalid configuration: SOKO_DEMO must be true to run the built-in M-Pesa simulator or test card provider on a non-loopback HOST (or set MPESA_ENV and CARD_PROVIDER to real providers)',
      ],
      [
        'the test card provider on a LAN address',
        { HOST: '192.168.1.20', ...daraja, MPESA_ENV: 'sandbox', ...publicUrl },
        /^Invalid configuration: SOKO_DEMO must be true to run the built-in/,
      ],
      [
        'a demo that would take real money',
        { SOKO_DEMO: 'true', ...live, ...publicUrl },
        /^Invalid configuration: SOKO_DEMO must not be true with real payment providers/,
      ],
      [
        'real M-Pesa beside the test card provider',
        { ...daraja, MPESA_ENV: 'production', ...publicUrl },
        /^Invalid configuration: CARD_PROVIDER must name a real provider too/,
      ],
      [
        'a live card key beside the M-Pesa simulator',
        { CARD_PROVIDER: 'paystack', CARD_SECRET_KEY: 'sk_live_abc123' },
        /^Invalid configuration: MPESA_ENV must name a real provider too/,
      ],
      [
        'a production server for other machines without PUBLIC_URL',
        { NODE_ENV: 'production', HOST: '0.0.0.0', ...live },
        /^Invalid configuration: PUBLIC_URL must be set when HOST is not a loopback address/,
      ],
      [
        'a separately run test provider without its key',
        { CARD_PROVIDER_URL: 'http://127.0.0.1:4020' },
        /^Invalid configuration: CARD_SECRET_KEY must be set with CARD_PROVIDER_URL/,
      ],
    ])('refuses %s, naming the setting', (_name, env, message) => {
      expect(() => parseConfig(env)).toThrow(message)
    })

    it('ships no card key: the test provider gets one per installation', () => {
      expect(parseConfig({}).CARD_SECRET_KEY).toBeUndefined()
    })
  })
})
