// The B2C adapter against the Daraja simulator, over real HTTP: the simulator runs on a free port and a small
// node:http server plays Soko's ResultURL, recording every Result posted to it. One case per outcome the simulator
// picks by the receiving number, and Transaction Status recovering a payment whose Result never came.
import { writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type DarajaSimulator, startDarajaSimulator } from '@soko/payment-simulators'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { b2cSettings, createB2cClient } from '../src/modules/payments/gateways.ts'
import {
  B2cSendError,
  DarajaB2cClient,
  parseB2CResult,
  parseTransactionStatusResult,
  securityCredential,
} from '../src/modules/payments/mpesa/b2c.ts'
import { DarajaClient, type DarajaSettings } from '../src/modules/payments/mpesa/daraja.ts'
import { parseConfig } from '../src/plugins/config.ts'
import { startStandIns } from '../src/stand-ins.ts'

const CONSUMER = { consumerKey: 'test-key', consumerSecret: 'test-secret' }
const B2C = { b2cShortCode: '600992', initiatorName: 'soko-api', initiatorPassword: 'Soko#Payouts2026' }

/** Soko's ResultURL: records each POST with its path and parsed body. */
async function startReceiver() {
  const received: { path: string; body: unknown; raw: string }[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      received.push({ path: request.url ?? '', body: JSON.parse(raw) as unknown, raw })
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ResultCode":0,"ResultDesc":"Accepted"}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no address')
  return {
    url: `http://127.0.0.1:${address.port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** Polls until `check` answers something other than undefined: waits for what happens, never a fixed sleep. */
async function waitFor<T>(check: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('Timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const darajaFor = (baseUrl: string): DarajaClient => {
  const settings: DarajaSettings = {
    baseUrl,
    ...CONSUMER,
    shortCode: '174379',
    passkey: 'passkey',
    transactionType: 'CustomerPayBillOnline',
    partyB: '174379',
    timeoutMs: 5000,
  }
  return new DarajaClient(settings)
}

describe('B2C adapter against the simulator', () => {
  let simulator: DarajaSimulator
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let client: DarajaB2cClient
  let sequence = 0

  beforeAll(async () => {
    receiver = await startReceiver()
    simulator = await startDarajaSimulator({
      ...CONSUMER,
      shortCode: '174379',
      passkey: 'passkey',
      ...B2C,
      resolveDelayMs: 100,
      callbackRetryDelayMs: 50,
    })
    client = new DarajaB2cClient(darajaFor(simulator.url), {
      shortCode: B2C.b2cShortCode,
      initiatorName: B2C.initiatorName,
      securityCredential: securityCredential(B2C.initiatorPassword, simulator.securityCertificate),
    })
  })

  afterAll(async () => {
    await Promise.all([simulator.close(), receiver.close()])
  })

  /** Each payment posts its Result to a path of its own, as the payouts module will (by payout). */
  function send(phone: string, amountCents = 1500_00, target = client) {
    const originatorId = `soko-payout-${++sequence}-${Date.now()}`
    const path = `/api/payouts/b2c/result/${originatorId}`
    const sent = target.sendB2C({
      originatorId,
      phone,
      amountCents,
      remarks: 'Soko payout',
      occasion: 'Weekly payout',
      resultUrl: `${receiver.url}${path}`,
      timeoutUrl: `${receiver.url}/api/payouts/b2c/timeout`,
    })
    return { originatorId, path, sent }
  }

  const resultsAt = (path: string) => receiver.received.filter((entry) => entry.path === path)

  it('pays: the Result carries the receipt, the amount, the receiver and the time, and matches the simulator', async () => {
    const before = Date.now()
    const { originatorId, path, sent } = send('0712 345 678')
    const ack = await sent
    expect(ack).toEqual({
      conversationId: expect.stringMatching(/^AG_/),
      originatorConversationId: originatorId,
      responseDescription: 'Accept the service request successfully.',
    })
    const [result] = await waitFor(() => (resultsAt(path).length > 0 ? resultsAt(path) : undefined))
    const parsed = parseB2CResult(result?.body)
    const payment = simulator.b2cPayments().find((p) => p.originatorConversationId === originatorId)
    expect(payment).toMatchObject({ state: 'paid', phone: '254712345678', amount: 1500 })
    expect(parsed).toMatchObject({
      outcome: 'paid',
      originatorConversationId: originatorId,
      conversationId: ack.conversationId,
      receipt: payment?.transactionId,
      amountCents: 1500_00,
      receiverName: expect.stringMatching(/^254712345678 - [A-Z ]+$/),
    })
    // Completed in Nairobi time to the second, within the test's span.
    const completedAt = parsed?.outcome === 'paid' ? parsed.completedAt : null
    expect(completedAt?.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000)
    expect(completedAt?.getTime()).toBeLessThanOrEqual(Date.now())
    expect(parsed?.outcome === 'paid' && parsed.utilityFundsCents).toBeGreaterThan(0)
    // Exactly one Result, and nothing at the QueueTimeOutURL.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(resultsAt(path)).toHaveLength(1)
  })

  it.each([
    ['0712 340 001', '1', "The marketplace's M-Pesa payout account did not have enough money for this payment."],
    ['0712 340 003', 'SFC_IC0003', 'The receiving number is not an M-Pesa number. Check the number.'],
    [
      '0712 342 040',
      '2040',
      'The receiving number is not registered for M-Pesa. Register it with M-Pesa or use another number.',
    ],
  ])('%s fails with ResultCode %s and says why', async (phone, resultCode, message) => {
    const { originatorId, path, sent } = send(phone)
    await sent
    const [result] = await waitFor(() => (resultsAt(path).length > 0 ? resultsAt(path) : undefined))
    expect(parseB2CResult(result?.body)).toMatchObject({
      outcome: 'failed',
      originatorConversationId: originatorId,
      resultCode,
      message,
    })
    expect(result?.body).not.toHaveProperty('Result.ResultParameters')
  })

  it('fails with ResultCode 1 when the float is really short', async () => {
    const poor = await startDarajaSimulator({
      ...CONSUMER,
      shortCode: '174379',
      passkey: 'passkey',
      ...B2C,
      b2cFloatKes: 1000,
      resolveDelayMs: 50,
    })
    try {
      const poorClient = new DarajaB2cClient(darajaFor(poor.url), {
        shortCode: B2C.b2cShortCode,
        initiatorName: B2C.initiatorName,
        securityCredential: securityCredential(B2C.initiatorPassword, poor.securityCertificate),
      })
      const first = send('0712 345 678', 800_00, poorClient)
      const second = send('0712 345 679', 800_00, poorClient)
      await Promise.all([first.sent, second.sent])
      const outcomes = await waitFor(() => {
        const results = [...resultsAt(first.path), ...resultsAt(second.path)]
        return results.length === 2 ? results.map((r) => parseB2CResult(r.body)?.outcome).sort() : undefined
      })
      expect(outcomes).toEqual(['failed', 'paid'])
    } finally {
      await poor.close()
    }
  })

  it('timeout: no Result ever comes, and Transaction Status recovers the payment from its originator id', async () => {
    const { originatorId, path, sent } = send('0712 340 404', 2500_00)
    await sent
    const payment = await waitFor(() =>
      simulator.b2cPayments().find((p) => p.originatorConversationId === originatorId && p.state !== 'pending'),
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(resultsAt(path)).toHaveLength(0)
    expect(receiver.received.some((entry) => entry.path === '/api/payouts/b2c/timeout')).toBe(false)

    const statusPath = `/api/payouts/b2c/status/${originatorId}`
    const query = await client.queryTransactionStatus({
      originatorId,
      resultUrl: `${receiver.url}${statusPath}`,
      timeoutUrl: `${receiver.url}/api/payouts/b2c/timeout`,
    })
    expect(query.conversationId).toMatch(/^AG_/)
    const [status] = await waitFor(() => (resultsAt(statusPath).length > 0 ? resultsAt(statusPath) : undefined))
    expect(parseTransactionStatusResult(status?.body)).toMatchObject({
      outcome: 'found',
      queryConversationId: query.conversationId,
      queryOriginatorConversationId: query.originatorConversationId,
      originatorConversationId: originatorId,
      status: 'completed',
      receipt: payment.transactionId,
      amountCents: 2500_00,
    })
  })

  it('Transaction Status by receipt, and for a failed payment says it failed and why', async () => {
    const { originatorId, path, sent } = send('0712 340 001')
    await sent
    const [result] = await waitFor(() => (resultsAt(path).length > 0 ? resultsAt(path) : undefined))
    const failed = parseB2CResult(result?.body)
    if (failed?.outcome !== 'failed' || failed.transactionId === null) throw new Error('expected a failed Result')
    const statusPath = `/api/payouts/b2c/status/${originatorId}`
    await client.queryTransactionStatus({
      transactionId: failed.transactionId,
      resultUrl: `${receiver.url}${statusPath}`,
      timeoutUrl: `${receiver.url}/api/payouts/b2c/timeout`,
    })
    const [status] = await waitFor(() => (resultsAt(statusPath).length > 0 ? resultsAt(statusPath) : undefined))
    expect(parseTransactionStatusResult(status?.body)).toMatchObject({
      outcome: 'found',
      status: 'failed',
      receipt: null,
      reason: 'The balance is insufficient for the transaction.',
    })
  })

  it('a status query sent before the payment settles is answered once it has', async () => {
    const slow = await startDarajaSimulator({
      ...CONSUMER,
      shortCode: '174379',
      passkey: 'p',
      ...B2C,
      resolveDelayMs: 600,
      b2cResultDelayMs: 600,
    })
    try {
      const slowClient = new DarajaB2cClient(darajaFor(slow.url), {
        shortCode: B2C.b2cShortCode,
        initiatorName: B2C.initiatorName,
        securityCredential: securityCredential(B2C.initiatorPassword, slow.securityCertificate),
      })
      const { originatorId, sent } = send('0712 340 404', 1000_00, slowClient)
      await sent
      const statusPath = `/api/payouts/b2c/status/early-${originatorId}`
      await slowClient.queryTransactionStatus({
        originatorId,
        resultUrl: `${receiver.url}${statusPath}`,
        timeoutUrl: `${receiver.url}/api/payouts/b2c/timeout`,
      })
      const [status] = await waitFor(() => (resultsAt(statusPath).length > 0 ? resultsAt(statusPath) : undefined))
      expect(parseTransactionStatusResult(status?.body)).toMatchObject({ status: 'completed', amountCents: 1000_00 })
    } finally {
      await slow.close()
    }
  })

  it('duplicate: the same Result is delivered twice, byte for byte, and reads the same both times', async () => {
    const { originatorId, path, sent } = send('0712 342 222')
    await sent
    const results = await waitFor(() => (resultsAt(path).length === 2 ? resultsAt(path) : undefined))
    expect(results[0]?.raw).toBe(results[1]?.raw)
    const [first, second] = results.map((entry) => parseB2CResult(entry.body))
    expect(first).toMatchObject({ outcome: 'paid', originatorConversationId: originatorId })
    expect(second).toEqual(first)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(resultsAt(path)).toHaveLength(2)
  })

  it('refuses a second send with the same originator id as a duplicate, and pays once', async () => {
    const originatorId = `soko-payout-dup-${Date.now()}`
    const input = {
      originatorId,
      phone: '0712345670',
      amountCents: 100_00,
      remarks: 'Soko payout',
      resultUrl: `${receiver.url}/api/payouts/b2c/result/${originatorId}`,
      timeoutUrl: `${receiver.url}/api/payouts/b2c/timeout`,
    }
    await client.sendB2C(input)
    const error = await client.sendB2C(input).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(B2cSendError)
    expect(error).toMatchObject({ failure: 'duplicate', httpStatus: 500, errorCode: '500.002.1001' })
    expect(simulator.b2cPayments().filter((p) => p.originatorConversationId === originatorId)).toHaveLength(1)
  })

  it('a wrong initiator password is accepted, then fails with Result 2001', async () => {
    const wrong = new DarajaB2cClient(darajaFor(simulator.url), {
      shortCode: B2C.b2cShortCode,
      initiatorName: B2C.initiatorName,
      securityCredential: securityCredential('not-the-password', simulator.securityCertificate),
    })
    const { path, sent } = send('0712 345 678', 100_00, wrong)
    await sent
    const [result] = await waitFor(() => (resultsAt(path).length > 0 ? resultsAt(path) : undefined))
    expect(parseB2CResult(result?.body)).toMatchObject({
      outcome: 'failed',
      resultCode: '2001',
      resultDesc: 'The initiator information is invalid.',
    })
  })

  it('reports Daraja refusals as refused, and an unreachable Daraja as uncertain', async () => {
    const otherShortCode = new DarajaB2cClient(darajaFor(simulator.url), {
      shortCode: '600000',
      initiatorName: B2C.initiatorName,
      securityCredential: 'x',
    })
    await expect(send('0712 345 678', 100_00, otherShortCode).sent).rejects.toMatchObject({
      failure: 'refused',
      httpStatus: 400,
      errorCode: '400.002.02',
      message: 'Bad Request - Invalid PartyA',
    })
    const gone = await startDarajaSimulator({ ...CONSUMER, shortCode: '174379', passkey: 'p' })
    const offline = new DarajaB2cClient(darajaFor(gone.url), {
      shortCode: B2C.b2cShortCode,
      initiatorName: B2C.initiatorName,
      securityCredential: 'x',
    })
    await gone.close()
    await expect(send('0712 345 678', 100_00, offline).sent).rejects.toMatchObject({ failure: 'uncertain' })
  })

  it('builds its settings from the configuration: the password and the certificate file a simulator printed', async () => {
    const certificatePath = join(tmpdir(), `soko-b2c-test-${process.pid}.pem`)
    writeFileSync(certificatePath, simulator.securityCertificate)
    const env = {
      MPESA_ENV: 'simulator',
      MPESA_BASE_URL: simulator.url,
      MPESA_B2C: 'on',
      MPESA_B2C_SHORTCODE: B2C.b2cShortCode,
      MPESA_INITIATOR_NAME: B2C.initiatorName,
      MPESA_INITIATOR_PASSWORD: B2C.initiatorPassword,
      MPESA_CERT_PATH: certificatePath,
    }
    const config = parseConfig(env)
    const settings = b2cSettings(config, { mpesaCertificate: null })
    if (settings === null) throw new Error('B2C should be on')
    const configured = new DarajaB2cClient(darajaFor(simulator.url), settings)
    const { path, sent } = send('0712 345 678', 100_00, configured)
    await sent
    const [result] = await waitFor(() => (resultsAt(path).length > 0 ? resultsAt(path) : undefined))
    expect(parseB2CResult(result?.body)).toMatchObject({ outcome: 'paid', amountCents: 100_00 })
    expect(() =>
      b2cSettings(parseConfig({ ...env, MPESA_CERT_PATH: join(tmpdir(), 'no-such-certificate.pem') }), {
        mpesaCertificate: null,
      }),
    ).toThrow(/^MPESA_CERT_PATH cannot be read/)
  })

  it("pays through the server's own stand-in: one simulator for STK and B2C, its key handed over", async () => {
    // Only the Daraja simulator: a card provider elsewhere, and no demo (so no sign-in stand-in).
    const config = parseConfig({
      MPESA_SIMULATOR_DELAY: '100ms',
      CARD_PROVIDER_URL: 'http://127.0.0.1:9',
      CARD_SECRET_KEY: 'sk_test_unused',
      SOKO_DEMO: 'false',
      SMS_PROVIDER: 'off',
    })
    const standIns = await startStandIns(config, {
      selfUrl: () => receiver.url,
      siteOrigin: () => receiver.url,
      cardSecretKey: 'sk_test_unused',
      smsReportPath: '/unused',
    })
    try {
      const mpesaBaseUrl = standIns.mpesaBaseUrl ?? ''
      const built = createB2cClient(
        config,
        new DarajaClient({
          baseUrl: mpesaBaseUrl,
          consumerKey: config.MPESA_CONSUMER_KEY,
          consumerSecret: config.MPESA_CONSUMER_SECRET,
          shortCode: config.MPESA_SHORTCODE,
          passkey: config.MPESA_PASSKEY,
          transactionType: config.MPESA_TRANSACTION_TYPE,
          partyB: config.MPESA_SHORTCODE,
        }),
        standIns,
      )
      if (built === null) throw new Error('B2C is on by default with the built-in simulator')
      const { path, sent } = send('0712 345 678', 100_00, built)
      await sent
      const [result] = await waitFor(() => (resultsAt(path).length > 0 ? resultsAt(path) : undefined))
      expect(parseB2CResult(result?.body)).toMatchObject({ outcome: 'paid', amountCents: 100_00 })
    } finally {
      await standIns.close()
    }
  })
})
