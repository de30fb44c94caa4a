// A local card payment provider with Paystack's API shape: initialize a transaction, send the shopper to a hosted
// page, sign a webhook, verify. The card number is only ever typed into this provider's page, never the shop's.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { BodyTooLargeError, closeServer, listen, postWithRetries, readBody, sendHtml, sendJson } from '../http.ts'
import { messagePage, paymentPage } from './page.ts'
import { cardBrand, chargeResultFor, isLuhnValid } from './test-cards.ts'

export interface TestCardProviderOptions {
  port?: number
  host?: string
  secretKey: string
  /** Asked at each payment, since the marketplace may learn its own port only after this provider started. */
  webhookUrl: () => string | null
  merchantName?: string
  /** Pause between webhook tries. */
  webhookRetryDelayMs?: number
  /** How long a refund stays pending before it is processed and its webhook sent. */
  refundDelayMs?: number
}

export interface TestCardProvider {
  url: string
  close(): Promise<void>
}

interface Authorization {
  last4: string
  brand: string
  exp_month: string
  exp_year: string
}

interface Transaction {
  id: number
  reference: string
  accessCode: string
  email: string
  amount: number
  currency: string
  callbackUrl: string
  metadata: Record<string, unknown> | null
  status: 'ongoing' | 'success' | 'failed' | 'abandoned'
  gatewayResponse: string
  paidAt: string | null
  authorization: Authorization | null
}

/** A refund of a successful transaction, as Paystack's Refund API shows it. */
interface Refund {
  id: number
  transaction: Transaction
  amount: number
  currency: string
  status: 'pending' | 'processed' | 'failed'
  merchantNote: string | null
  customerNote: string | null
  createdAt: string
  refundedAt: string | null
}

/** Retries after the first webhook POST. */
const WEBHOOK_RETRIES = 3

/** Paystack's refusal shape. */
class PaystackFault extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

function isHttpUrl(text: unknown): text is string {
  if (typeof text !== 'string') return false
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

async function readText(request: IncomingMessage): Promise<string> {
  try {
    return await readBody(request)
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new PaystackFault(400, 'Request body too large')
    throw error
  }
}

/** Starts the provider; `url` is its API base and the origin of its hosted pages. */
export async function startTestCardProvider(options: TestCardProviderOptions): Promise<TestCardProvider> {
  const merchantName = options.merchantName ?? 'Soko'
  const webhookRetryDelayMs = options.webhookRetryDelayMs ?? 1000
  const transactions = new Map<string, Transaction>() // by reference
  const accessCodes = new Map<string, Transaction>()
  const refunds = new Map<number, Refund>()
  const refundDelayMs = options.refundDelayMs ?? 200
  let nextId = 1_004_723_000
  const shutdown = new AbortController()
  let baseUrl = ''

  function requireSecretKey(request: IncomingMessage): void {
    const given = Buffer.from(/^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '')
    const expected = Buffer.from(options.secretKey)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new PaystackFault(401, 'Invalid key')
    }
  }

  /** A request's JSON object body, or Paystack's 400 for anything else. */
  async function readObject(request: IncomingMessage): Promise<Record<string, unknown>> {
    let body: unknown
    try {
      body = JSON.parse(await readText(request))
    } catch (error) {
      if (error instanceof PaystackFault) throw error
      throw new PaystackFault(400, 'Invalid JSON body')
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new PaystackFault(400, 'Invalid body')
    return body as Record<string, unknown>
  }

  async function initialize(request: IncomingMessage, response: ServerResponse): Promise<void> {
    requireSecretKey(request)
    const input = await readObject(request)
    if (typeof input.email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(input.email)) {
      throw new PaystackFault(400, 'Invalid Email Address Passed')
    }
    if (typeof input.amount !== 'number' || !Number.isInteger(input.amount) || input.amount < 100) {
      throw new PaystackFault(400, 'Invalid Amount Sent')
    }
    const currency = input.currency ?? 'KES'
    if (currency !== 'KES') throw new PaystackFault(400, 'Currency not supported by merchant')
    if (typeof input.reference !== 'string' || !/^[A-Za-z0-9.=_-]{1,100}$/.test(input.reference)) {
      throw new PaystackFault(400, 'Invalid transaction reference')
    }
    if (!isHttpUrl(input.callback_url)) throw new PaystackFault(400, 'Invalid callback_url')
    const metadata = input.metadata
    if (metadata !== undefined && (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))) {
      throw new PaystackFault(400, 'Invalid metadata')
    }
    if (transactions.has(input.reference)) throw new PaystackFault(400, 'Duplicate Transaction Reference')

    const transaction: Transaction = {
      id: ++nextId,
      reference: input.reference,
      accessCode: randomBytes(8).toString('hex').slice(0, 15),
      email: input.email,
      amount: input.amount,
      currency,
      callbackUrl: input.callback_url,
      metadata: (metadata as Record<string, unknown> | undefined) ?? null,
      status: 'ongoing',
      gatewayResponse: 'The transaction is in progress',
      paidAt: null,
      authorization: null,
    }
    transactions.set(transaction.reference, transaction)
    accessCodes.set(transaction.accessCode, transaction)
    sendJson(response, 200, {
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: `${baseUrl}/pay/${transaction.accessCode}`,
        access_code: transaction.accessCode,
        reference: transaction.reference,
      },
    })
  }

  function verify(request: IncomingMessage, response: ServerResponse, reference: string): void {
    requireSecretKey(request)
    const transaction = transactions.get(reference)
    if (transaction === undefined) throw new PaystackFault(404, 'Transaction reference not found')
    sendJson(response, 200, { status: true, message: 'Verification successful', data: describe(transaction) })
  }

  /** The transaction as Paystack's verify endpoint and webhooks show it. */
  function describe(transaction: Transaction) {
    return {
      id: transaction.id,
      reference: transaction.reference,
      amount: transaction.amount,
      currency: transaction.currency,
      status: transaction.status,
      gateway_response: transaction.gatewayResponse,
      paid_at: transaction.paidAt,
      channel: 'card',
      authorization: transaction.authorization,
      customer: { email: transaction.email },
      metadata: transaction.metadata,
    }
  }

  /** What was refunded of a transaction already (a failed refund gave nothing back). */
  function refundedOf(transaction: Transaction): number {
    let total = 0
    for (const refund of refunds.values()) {
      if (refund.transaction === transaction && refund.status !== 'failed') total += refund.amount
    }
    return total
  }

  function describeRefund(refund: Refund) {
    return {
      id: refund.id,
      transaction: { id: refund.transaction.id, reference: refund.transaction.reference },
      amount: refund.amount,
      currency: refund.currency,
      status: refund.status,
      merchant_note: refund.merchantNote,
      customer_note: refund.customerNote,
      refunded_at: refund.refundedAt,
      created_at: refund.createdAt,
    }
  }

  /**
   * Paystack's `POST /refund`: `transaction` (reference or id), `amount` in the smallest unit (the whole of what is
   * left when absent), optional notes. A refund is never more than what is left of the charge. Paystack has no
   * idempotency key; this provider treats a repeat with the same `merchant_note` on the same transaction (Soko puts
   * its own refund key there) as the same refund and answers it again instead of refunding twice. Answers pending;
   * the refund is processed a moment later and its `refund.processed` webhook sent.
   */
  async function createRefund(request: IncomingMessage, response: ServerResponse): Promise<void> {
    requireSecretKey(request)
    const input = await readObject(request)
    const key = typeof input.transaction === 'number' ? String(input.transaction) : input.transaction
    if (typeof key !== 'string' || key === '') throw new PaystackFault(400, 'Transaction reference or id is required')
    const transaction =
      transactions.get(key) ?? [...transactions.values()].find((candidate) => String(candidate.id) === key)
    if (transaction === undefined) throw new PaystackFault(404, 'Transaction not found')
    if (transaction.status !== 'success')
      throw new PaystackFault(400, 'Cannot refund a transaction that was not successful')
    const currency = input.currency ?? transaction.currency
    if (currency !== transaction.currency) throw new PaystackFault(400, 'Currency does not match the transaction')
    const note = (value: unknown) =>
      typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : null
    const merchantNote = note(input.merchant_note)
    if (merchantNote !== null) {
      const earlier = [...refunds.values()].find(
        (refund) => refund.transaction === transaction && refund.merchantNote === merchantNote,
      )
      if (earlier !== undefined) {
        sendJson(response, 200, {
          status: true,
          message: 'Refund has been queued for processing',
          data: describeRefund(earlier),
        })
        return
      }
    }
    const left = transaction.amount - refundedOf(transaction)
    const amount =
      input.amount === undefined ? left : typeof input.amount === 'string' ? Number(input.amount) : input.amount
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
      throw new PaystackFault(400, left <= 0 ? 'Transaction has been fully reversed' : 'Invalid amount')
    }
    if (amount > left) {
      throw new PaystackFault(400, 'Refund amount cannot be more than the remaining transaction amount')
    }
    const refund: Refund = {
      id: ++nextId,
      transaction,
      amount,
      currency: transaction.currency,
      status: 'pending',
      merchantNote,
      customerNote: note(input.customer_note),
      createdAt: new Date().toISOString(),
      refundedAt: null,
    }
    refunds.set(refund.id, refund)
    sendJson(response, 200, {
      status: true,
      message: 'Refund has been queued for processing',
      data: describeRefund(refund),
    })
    const timer = setTimeout(() => {
      refund.status = 'processed'
      refund.refundedAt = new Date().toISOString()
      sendRefundWebhook(refund)
    }, refundDelayMs)
    timer.unref()
  }

  /** Paystack's `GET /refund/:id`. */
  function fetchRefund(request: IncomingMessage, response: ServerResponse, id: string): void {
    requireSecretKey(request)
    const refund = refunds.get(Number(id))
    if (refund === undefined) throw new PaystackFault(404, 'Refund not found')
    sendJson(response, 200, { status: true, message: 'Refund retrieved', data: describeRefund(refund) })
  }

  /** `refund.processed` or `refund.failed`, shaped like Paystack's (the transaction's reference, the refund's id). */
  function sendRefundWebhook(refund: Refund): void {
    const url = options.webhookUrl()
    if (url === null) return
    const body = JSON.stringify({
      event: `refund.${refund.status}`,
      data: {
        id: refund.id,
        status: refund.status,
        transaction_reference: refund.transaction.reference,
        refund_reference: null,
        amount: refund.amount,
        currency: refund.currency,
        merchant_note: refund.merchantNote,
        customer: { email: refund.transaction.email },
      },
    })
    const signature = createHmac('sha512', options.secretKey).update(body).digest('hex')
    void postWithRetries({
      url,
      body,
      headers: { 'x-paystack-signature': signature },
      retries: WEBHOOK_RETRIES,
      retryDelayMs: webhookRetryDelayMs,
      signal: shutdown.signal,
    })
  }

  function showPage(response: ServerResponse, transaction: Transaction | undefined, status = 200, extra = {}) {
    if (transaction === undefined) {
      sendHtml(response, 404, messagePage('Payment not found', 'This payment link is not valid.'))
      return
    }
    if (transaction.status !== 'ongoing') {
      const closed = 'This payment link has already been used.'
      sendHtml(response, 409, messagePage('Payment closed', closed, returnUrl(transaction)))
      return
    }
    sendHtml(
      response,
      status,
      paymentPage({
        accessCode: transaction.accessCode,
        merchantName,
        amountCents: transaction.amount,
        currency: transaction.currency,
        email: transaction.email,
        ...extra,
      }),
    )
  }

  async function pay(request: IncomingMessage, response: ServerResponse, accessCode: string): Promise<void> {
    const form = new URLSearchParams(await readText(request))
    const transaction = accessCodes.get(accessCode)
    if (transaction === undefined || transaction.status !== 'ongoing') return showPage(response, transaction)
    if (form.get('action') === 'cancel') {
      transaction.status = 'abandoned'
      transaction.gatewayResponse = 'The transaction was cancelled by the customer'
      return redirectBack(response, transaction)
    }

    const digits = (form.get('card_number') ?? '').replace(/[\s-]/g, '')
    const expiry = (form.get('expiry') ?? '').trim()
    const name = (form.get('name') ?? '').trim()
    const cvc = (form.get('cvc') ?? '').trim()
    const refuse = (error: string) => showPage(response, transaction, 400, { error, expiry, name })
    if (!isLuhnValid(digits)) return refuse('The card number is not valid. Check it and try again.')
    // The slash is optional: a phone's numeric keypad may have none.
    const expiryMatch = /^(0[1-9]|1[0-2])\s*\/?\s*(\d{2})$/.exec(expiry)
    if (!expiryMatch) return refuse('Enter the expiry date as MM/YY.')
    const [month, year] = [Number(expiryMatch[1]), 2000 + Number(expiryMatch[2])]
    // A card is valid until the end of its expiry month.
    if (Date.UTC(year, month, 1) <= Date.now()) return refuse('This card has expired.')
    if (!/^\d{3,4}$/.test(cvc)) return refuse('Enter the 3 or 4 digit CVC from the back of the card.')
    if (name === '') return refuse('Enter the name on the card.')

    const result = chargeResultFor(digits)
    transaction.status = result.status
    transaction.gatewayResponse = result.gatewayResponse
    transaction.paidAt = result.status === 'success' ? new Date().toISOString() : null
    transaction.authorization = {
      last4: digits.slice(-4),
      brand: cardBrand(digits),
      exp_month: String(month).padStart(2, '0'),
      exp_year: String(year),
    }
    sendWebhook(transaction)
    redirectBack(response, transaction)
  }

  /** Signed like Paystack's: hex HMAC-SHA512 of the exact body, keyed with the secret key. Sent in the background. */
  function sendWebhook(transaction: Transaction): void {
    const url = options.webhookUrl()
    if (url === null) return
    const event = transaction.status === 'success' ? 'charge.success' : 'charge.failed'
    const body = JSON.stringify({ event, data: describe(transaction) })
    const signature = createHmac('sha512', options.secretKey).update(body).digest('hex')
    void postWithRetries({
      url,
      body,
      headers: { 'x-paystack-signature': signature },
      retries: WEBHOOK_RETRIES,
      retryDelayMs: webhookRetryDelayMs,
      signal: shutdown.signal,
    })
  }

  function returnUrl(transaction: Transaction): string {
    const url = new URL(transaction.callbackUrl)
    url.searchParams.set('reference', transaction.reference)
    url.searchParams.set('trxref', transaction.reference)
    return url.toString()
  }

  function redirectBack(response: ServerResponse, transaction: Transaction): void {
    response.writeHead(303, { location: returnUrl(transaction), 'content-length': 0 })
    response.end()
  }

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://provider.invalid')
      const method = request.method ?? 'GET'
      const page = /^\/pay\/([^/]+)$/.exec(url.pathname)
      const verifying = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname)
      const refund = /^\/refund\/(\d+)$/.exec(url.pathname)
      if (url.pathname === '/transaction/initialize' && method === 'POST') await initialize(request, response)
      else if (verifying?.[1] !== undefined && method === 'GET') verify(request, response, decode(verifying[1]))
      else if (url.pathname === '/refund' && method === 'POST') await createRefund(request, response)
      else if (refund?.[1] !== undefined && method === 'GET') fetchRefund(request, response, refund[1])
      else if (page?.[1] !== undefined && method === 'GET') showPage(response, accessCodes.get(decode(page[1])))
      else if (page?.[1] !== undefined && method === 'POST') await pay(request, response, decode(page[1]))
      else throw new PaystackFault(404, 'Not found')
    } catch (error) {
      if (response.headersSent) return
      if (error instanceof PaystackFault) sendJson(response, error.status, { status: false, message: error.message })
      else sendJson(response, 500, { status: false, message: 'An error occurred' })
    }
  })

  baseUrl = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1')
  return {
    url: baseUrl,
    async close() {
      shutdown.abort()
      await closeServer(server)
    },
  }
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
