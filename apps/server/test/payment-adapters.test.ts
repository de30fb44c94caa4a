// The payment adapters against the local stand-ins, over real HTTP: the Daraja simulator and the test card
// provider run on free ports, and a small node:http server plays Soko's callback and webhook endpoints.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import {
  type DarajaSimulator,
  startDarajaSimulator,
  startTestCardProvider,
  type TestCardProvider,
} from '@soko/payment-simulators'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CardProviderError, PaystackCompatibleProvider } from '../src/modules/payments/card/provider.ts'
import {
  DarajaClient,
  DarajaError,
  type DarajaSettings,
  darajaPassword,
  parseStkCallback,
} from '../src/modules/payments/mpesa/daraja.ts'

const SHORT_CODE = '174379'
const PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919'
const CONSUMER = { consumerKey: 'test-key', consumerSecret: 'test-secret' }
const SECRET_KEY = 'sk_test_adapters'

interface Received {
  path: string
  raw: Buffer
  headers: IncomingHttpHeaders
}

/** Stands in for Soko's callback and webhook endpoints: records every POST, and can refuse the first few of one kind. */
async function startReceiver() {
  const received: Received[] = []
  let refuseNext = 0
  let refuseMarker = ''
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      // Only callbacks carrying the marker are refused: a late callback of another test must not use up the refusals.
      if (refuseNext > 0 && Buffer.concat(chunks).toString().includes(refuseMarker)) {
        refuseNext--
        response.writeHead(503).end()
        return
      }
      received.push({ path: request.url ?? '', raw: Buffer.concat(chunks), headers: request.headers })
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ResultCode":0,"ResultDesc":"Accepted"}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no address')
  return {
    url: `http://127.0.0.1:${address.port}`,
    received,
    refuse(count: number, marker: string) {
      refuseNext = count
      refuseMarker = marker
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** Polls until `check` answers something other than undefined: waits for what happens, never a fixed sleep. */
async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('Timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const settingsFor = (baseUrl: string): DarajaSettings => ({
  baseUrl,
  ...CONSUMER,
  shortCode: SHORT_CODE,
  passkey: PASSKEY,
  transactionType: 'CustomerPayBillOnline',
  partyB: SHORT_CODE,
  timeoutMs: 5000,
})

const simulatorOptions = { ...CONSUMER, shortCode: SHORT_CODE, passkey: PASSKEY }

describe('Daraja adapter against the simulator', () => {
  let simulator: DarajaSimulator
  /** Customers who take their time: for the open-prompt cases (lock, query pending). */
  let slowSimulator: DarajaSimulator
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let client: DarajaClient

  beforeAll(async () => {
    receiver = await startReceiver()
    simulator = await startDarajaSimulator({ ...simulatorOptions, resolveDelayMs: 100, callbackRetryDelayMs: 50 })
    slowSimulator = await startDarajaSimulator({ ...simulatorOptions, resolveDelayMs: 1500, callbackRetryDelayMs: 50 })
    client = new DarajaClient(settingsFor(simulator.url))
  })

  afterAll(async () => {
    await Promise.all([simulator.close(), slowSimulator.close(), receiver.close()])
  })

  const callbacksFor = (checkoutRequestId: string) =>
    receiver.received
      .map((entry) => parseStkCallback(JSON.parse(entry.raw.toString('utf8'))))
      .filter((callback) => callback?.checkoutRequestId === checkoutRequestId)

  const push = (phone: string, amountKes = 1234, target = client) =>
    target.stkPush({
      amountKes,
      phone,
      accountReference: 'SOKO-1001',
      description: 'Order 1001',
      callbackUrl: `${receiver.url}/api/payments/lnm/cb/secret`,
    })

  it('caches the token and fetches it once for concurrent callers', async () => {
    const fresh = new DarajaClient(settingsFor(simulator.url))
    const before = simulator.tokensIssued()
    const tokens = await Promise.all(Array.from({ length: 5 }, () => fresh.accessToken()))
    expect(new Set(tokens).size).toBe(1)
    expect(await fresh.accessToken()).toBe(tokens[0])
    expect(simulator.tokensIssued()).toBe(before + 1)
  })

  it('reports wrong consumer credentials as Daraja does', async () => {
    const wrong = new DarajaClient({ ...settingsFor(simulator.url), consumerSecret: 'nope' })
    await expect(wrong.accessToken()).rejects.toMatchObject({ httpStatus: 400, errorCode: '400.008.01' })
  })

  it('pays: the callback carries amount, receipt, phone and date, and the query agrees', async () => {
    const { checkoutRequestId, customerMessage } = await push('0712 345 678')
    expect(checkoutRequestId).toMatch(/^ws_CO_\d+/)
    expect(customerMessage).toBe('Success. Request accepted for processing')
    const [callback] = await waitFor(() => {
      const found = callbacksFor(checkoutRequestId)
      return found.length > 0 ? found : undefined
    })
    expect(callback).toMatchObject({ resultCode: 0, amountKes: 1234, phone: '254712345678' })
    expect(callback?.receipt).toMatch(/^[A-Z0-9]{10}$/)
    expect(callback?.transactionDate).toMatch(/^20\d{12}$/)
    expect(await client.stkQuery(checkoutRequestId)).toMatchObject({ state: 'done', resultCode: 0 })
  })

  it.each([
    ['0712341032', 1032, 'Request cancelled by user'],
    ['0712342001', 2001, 'The initiator information is invalid.'],
    ['0712340001', 1, 'The balance is insufficient for the transaction.'],
    ['0712341037', 1037, 'DS timeout user cannot be reached.'],
  ])('a phone ending %s fails with ResultCode %i, in the callback and the query', async (phone, code, desc) => {
    const { checkoutRequestId } = await push(phone)
    const callback = await waitFor(() => callbacksFor(checkoutRequestId)[0] ?? undefined)
    expect(callback).toMatchObject({ resultCode: code, resultDesc: desc, amountKes: null, receipt: null })
    expect(await client.stkQuery(checkoutRequestId)).toEqual({ state: 'done', resultCode: code, resultDesc: desc })
  })

  it('delivers the callback twice for a phone ending 2222', async () => {
    const { checkoutRequestId } = await push('0712342222')
    const both = await waitFor(() => {
      const found = callbacksFor(checkoutRequestId)
      return found.length === 2 ? found : undefined
    })
    expect(both[0]).toEqual(both[1])
    // The simulator counts an accepted callback once our answer reaches it, a moment after we recorded it.
    await waitFor(() =>
      simulator.sessions().find((s) => s.checkoutRequestId === checkoutRequestId && s.callbacksSent === 2),
    )
  })

  it('never calls back for a phone ending 0404, but the query shows it paid', async () => {
    const { checkoutRequestId } = await push('0712340404')
    const result = await waitFor(async () => {
      const answer = await client.stkQuery(checkoutRequestId)
      return answer.state === 'done' ? answer : undefined
    })
    expect(result.resultCode).toBe(0)
    const session = simulator.sessions().find((s) => s.checkoutRequestId === checkoutRequestId)
    expect(session).toMatchObject({ state: 'paid', callbackAttempts: 0 })
    expect(callbacksFor(checkoutRequestId)).toEqual([])
  })

  it('answers System is busy for a phone ending 0500, with no session', async () => {
    const before = simulator.sessions().length
    await expect(push('0712340500')).rejects.toMatchObject({ httpStatus: 500, errorCode: '500.003.02' })
    expect(simulator.sessions().length).toBe(before)
  })

  it('keeps retrying a callback our endpoint refused, until it is accepted', async () => {
    receiver.refuse(2, '254722111222')
    const { checkoutRequestId } = await push('0722111222')
    await waitFor(() => callbacksFor(checkoutRequestId)[0] ?? undefined)
    // The simulator counts the accepted try once our answer reaches it, a moment after we recorded the callback.
    const session = await waitFor(() =>
      simulator.sessions().find((s) => s.checkoutRequestId === checkoutRequestId && s.callbacksSent === 1),
    )
    expect(session).toMatchObject({ callbacksSent: 1, callbackAttempts: 3 })
  })

  it('refuses a bad amount or phone before any request', async () => {
    const fresh = new DarajaClient(settingsFor(simulator.url))
    const tokensBefore = simulator.tokensIssued()
    const sessionsBefore = simulator.sessions().length
    await expect(push('0712345678', 10.5, fresh)).rejects.toMatchObject({ httpStatus: 0, errorCode: 'invalid_amount' })
    await expect(push('0712345678', 0, fresh)).rejects.toMatchObject({ errorCode: 'invalid_amount' })
    await expect(push('0201234567', 10, fresh)).rejects.toMatchObject({ errorCode: 'invalid_phone' })
    expect(simulator.tokensIssued()).toBe(tokensBefore)
    expect(simulator.sessions().length).toBe(sessionsBefore)
  })

  it('says pending while the prompt is open, then done', async () => {
    const slow = new DarajaClient(settingsFor(slowSimulator.url))
    const { checkoutRequestId } = await push('0723444555', 50, slow)
    expect(await slow.stkQuery(checkoutRequestId)).toEqual({ state: 'pending' })
    const done = await waitFor(async () => {
      const answer = await slow.stkQuery(checkoutRequestId)
      return answer.state === 'done' ? answer : undefined
    })
    expect(done).toMatchObject({ resultCode: 0 })
  })

  it('refuses a second prompt to a phone with one open', async () => {
    const slow = new DarajaClient(settingsFor(slowSimulator.url))
    await push('0799888777', 50, slow)
    const error = await push('0799888777', 60, slow).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DarajaError)
    expect(error).toMatchObject({ httpStatus: 500, errorCode: '500.001.1001' })
    expect((error as DarajaError).message).toMatch(/^Unable to lock subscriber/)
  })

  it('reports an unknown CheckoutRequestID', async () => {
    await expect(client.stkQuery('ws_CO_nothing')).rejects.toMatchObject({
      httpStatus: 400,
      errorCode: '400.002.02',
      message: 'Bad Request - Invalid CheckoutRequestID',
    })
  })

  it('fetches a new token once when Daraja no longer honours the cached one', async () => {
    const first = await startDarajaSimulator({ ...simulatorOptions, resolveDelayMs: 100 })
    const port = Number(new URL(first.url).port)
    const restarted = new DarajaClient(settingsFor(first.url))
    await restarted.accessToken()
    await first.close()
    // The same address, but a simulator that never issued that token.
    const second = await startDarajaSimulator({ ...simulatorOptions, port, resolveDelayMs: 100 })
    try {
      const { checkoutRequestId } = await push('0745555666', 10, restarted)
      expect(checkoutRequestId).toMatch(/^ws_CO_/)
      expect(second.tokensIssued()).toBe(1)
    } finally {
      await second.close()
    }
  })

  it('turns an unreachable Daraja into a network error', async () => {
    const gone = await startDarajaSimulator(simulatorOptions)
    const offline = new DarajaClient(settingsFor(gone.url))
    await gone.close()
    await expect(offline.accessToken()).rejects.toMatchObject({ httpStatus: 0, errorCode: 'network' })
  })

  it('refuses a UTC timestamp, the classic offshore-server bug', async () => {
    const token = await client.accessToken()
    const utc = new Date().toISOString().replace(/\D/g, '').slice(0, 14)
    const response = await fetch(`${simulator.url}/mpesa/stkpushquery/v1/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        BusinessShortCode: SHORT_CODE,
        Password: darajaPassword(SHORT_CODE, PASSKEY, utc),
        Timestamp: utc,
        CheckoutRequestID: 'ws_CO_x',
      }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ errorMessage: 'Bad Request - Invalid Timestamp' })
  })
})

describe('Card provider adapter against the test provider', () => {
  let provider: TestCardProvider
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let cards: PaystackCompatibleProvider
  let counter = 0

  beforeAll(async () => {
    receiver = await startReceiver()
    provider = await startTestCardProvider({
      secretKey: SECRET_KEY,
      webhookUrl: () => `${receiver.url}/api/payments/card/webhook`,
      merchantName: 'Soko Test',
    })
    cards = new PaystackCompatibleProvider({ name: 'test', baseUrl: provider.url, secretKey: SECRET_KEY })
  })

  afterAll(async () => {
    await Promise.all([provider.close(), receiver.close()])
  })

  const shopReturn = 'http://shop.test/checkout/card/return?order=1001'

  async function startPayment() {
    const reference = `SOKO-${Date.now()}-${++counter}`
    const { redirectUrl } = await cards.initialize({
      reference,
      amountCents: 123_400,
      email: 'wanjiku@example.com',
      callbackUrl: shopReturn,
      metadata: { orderNumber: '1001' },
    })
    return { reference, redirectUrl }
  }

  const submit = (redirectUrl: string, fields: Record<string, string>) =>
    fetch(redirectUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    })

  const card = (number: string) => ({ card_number: number, expiry: '12/39', cvc: '123', name: 'Wanjiku Kamau' })

  const webhookFor = (reference: string) =>
    waitFor(() =>
      receiver.received.find((entry) => {
        const body = JSON.parse(entry.raw.toString('utf8')) as { data?: { reference?: string } }
        return body.data?.reference === reference
      }),
    )

  it('serves a hosted page showing merchant, amount and email, with labelled fields', async () => {
    const { redirectUrl } = await startPayment()
    expect(redirectUrl.startsWith(`${provider.url}/pay/`)).toBe(true)
    const page = await fetch(redirectUrl)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Soko Test')
    expect(html).toContain('KES 1,234.00')
    expect(html).toContain('wanjiku@example.com')
    for (const label of ['Card number', 'Expiry (MM/YY)', 'CVC', 'Name on card']) expect(html).toContain(label)
    expect(html).toContain('4084 0840 8408 4081')
    expect(html).not.toMatch(/<script|<link|src=/)
  })

  it.each([
    ['4084 0840 8408 4081', 'charge.success', 'success', 'Approved', 'visa'],
    ['4000 0000 0000 0002', 'charge.failed', 'failed', 'Declined', 'visa'],
    ['4000 0000 0000 9995', 'charge.failed', 'failed', 'Insufficient Funds', 'visa'],
    ['5555 5555 5555 4444', 'charge.success', 'success', 'Approved', 'mastercard'],
  ])('card %s: redirect, signed webhook %s, verify agrees', async (number, event, status, message, brand) => {
    const { reference, redirectUrl } = await startPayment()
    const answer = await submit(redirectUrl, card(number))
    expect(answer.status).toBe(303)
    const back = new URL(answer.headers.get('location') ?? '')
    expect(`${back.origin}${back.pathname}`).toBe('http://shop.test/checkout/card/return')
    expect(back.searchParams.get('order')).toBe('1001')
    expect(back.searchParams.get('reference')).toBe(reference)
    expect(back.searchParams.get('trxref')).toBe(reference)

    const webhook = await webhookFor(reference)
    const parsed = cards.parseWebhook(webhook.raw, webhook.headers)
    const last4 = number.slice(-4)
    const expected = {
      reference,
      status,
      amountCents: 123_400,
      currency: 'KES',
      message,
      last4,
      brand,
      expiry: '12/39',
    }
    expect(parsed).toEqual({ event, charge: expected })
    expect(await cards.verify(reference)).toEqual(expected)

    // The same bytes with the amount changed, or a signature made with another key, are refused.
    const tampered = Buffer.from(webhook.raw.toString('utf8').replace('"amount":123400', '"amount":100'))
    expect(tampered.equals(webhook.raw)).toBe(false)
    expect(cards.parseWebhook(tampered, webhook.headers)).toBeNull()
    const forged = new PaystackCompatibleProvider({ name: 'x', baseUrl: provider.url, secretKey: 'sk_other' })
    expect(forged.parseWebhook(webhook.raw, webhook.headers)).toBeNull()
    expect(cards.parseWebhook(webhook.raw, {})).toBeNull()
  })

  it('shows the page again with an error for a number that fails Luhn, and the payment stays open', async () => {
    const { reference, redirectUrl } = await startPayment()
    const answer = await submit(redirectUrl, card('4084 0840 8408 4082'))
    expect(answer.status).toBe(400)
    expect(await answer.text()).toMatch(/role="alert">The card number is not valid/)
    expect(await cards.verify(reference)).toMatchObject({ status: 'pending', last4: null })
  })

  it('marks a cancelled payment abandoned and returns the shopper to the shop', async () => {
    const { reference, redirectUrl } = await startPayment()
    const answer = await submit(redirectUrl, { action: 'cancel' })
    expect(answer.status).toBe(303)
    expect(new URL(answer.headers.get('location') ?? '').searchParams.get('reference')).toBe(reference)
    expect(await cards.verify(reference)).toMatchObject({ status: 'abandoned' })
  })

  /** A payment of KES 1,234 paid with the test card that is approved. */
  async function paidPayment() {
    const { reference, redirectUrl } = await startPayment()
    expect((await submit(redirectUrl, card('4084 0840 8408 4081'))).status).toBe(303)
    await webhookFor(reference)
    return reference
  }

  const refundWebhookFor = (refundId: string) =>
    waitFor(() =>
      receiver.received.find((entry) => {
        const body = JSON.parse(entry.raw.toString('utf8')) as { event?: string; data?: { id?: number } }
        return body.event?.startsWith('refund.') === true && String(body.data?.id) === refundId
      }),
    )

  it('refunds in part, then the rest: pending at first, processed by a signed refund.processed webhook', async () => {
    const reference = await paidPayment()
    const part = await cards.refund(reference, 34_000, `refund-part-${reference}`)
    expect(part).toEqual({
      id: expect.stringMatching(/^\d+$/),
      reference,
      status: 'pending',
      amountCents: 34_000,
      key: `refund-part-${reference}`,
    })
    const webhook = await refundWebhookFor(part.id)
    expect(cards.parseWebhook(webhook.raw, webhook.headers)).toEqual({
      event: 'refund.processed',
      refund: { ...part, status: 'processed' },
    })
    expect(await cards.fetchRefund(part.id)).toMatchObject({ id: part.id, status: 'processed' })
    // A forged refund webhook is refused like a forged charge webhook.
    const forged = new PaystackCompatibleProvider({ name: 'x', baseUrl: provider.url, secretKey: 'sk_other' })
    expect(forged.parseWebhook(webhook.raw, webhook.headers)).toBeNull()

    const rest = await cards.refund(reference, 89_400, `refund-rest-${reference}`)
    expect(rest).toMatchObject({ status: 'pending', amountCents: 89_400 })
    expect(rest.id).not.toBe(part.id)
  })

  it('refuses a refund of more than is left of the charge, and of a charge not paid', async () => {
    const reference = await paidPayment()
    await expect(cards.refund(reference, 123_401, `refund-too-much-${reference}`)).rejects.toMatchObject({
      httpStatus: 400,
      message: 'Refund amount cannot be more than the remaining transaction amount',
    })
    await cards.refund(reference, 100_000, `refund-most-${reference}`)
    await expect(cards.refund(reference, 23_401, `refund-beyond-${reference}`)).rejects.toMatchObject({
      httpStatus: 400,
      message: 'Refund amount cannot be more than the remaining transaction amount',
    })
    const { reference: unpaid } = await startPayment()
    await expect(cards.refund(unpaid, 100, `refund-unpaid-${unpaid}`)).rejects.toMatchObject({ httpStatus: 400 })
    await expect(cards.refund('SOKO-unknown', 100, 'refund-unknown')).rejects.toMatchObject({ httpStatus: 404 })
  })

  it('answers a refund sent again with the same key with the first one, never refunding twice', async () => {
    const reference = await paidPayment()
    const first = await cards.refund(reference, 123_400, `refund-once-${reference}`)
    const again = await cards.refund(reference, 123_400, `refund-once-${reference}`)
    expect(again.id).toBe(first.id)
    // The whole charge was refunded once: a refund under another key finds nothing left.
    await expect(cards.refund(reference, 100, `refund-other-${reference}`)).rejects.toMatchObject({ httpStatus: 400 })
  })

  it('refuses a reused reference, an unknown one, and a wrong secret key', async () => {
    const { reference } = await startPayment()
    const initialize = () =>
      cards.initialize({ reference, amountCents: 100, email: 'a@example.com', callbackUrl: shopReturn })
    await expect(initialize()).rejects.toMatchObject({ httpStatus: 400, message: 'Duplicate Transaction Reference' })
    await expect(cards.verify('SOKO-unknown')).rejects.toMatchObject({
      httpStatus: 404,
      message: 'Transaction reference not found',
    } satisfies Partial<CardProviderError>)
    const wrongKey = new PaystackCompatibleProvider({ name: 'x', baseUrl: provider.url, secretKey: 'sk_wrong' })
    await expect(wrongKey.verify(reference)).rejects.toMatchObject({ httpStatus: 401 })
  })
})
