// A local stand-in for Safaricom's Daraja API (OAuth, STK push, STK query), speaking its wire format exactly, so
// the marketplace's real adapter can be exercised end to end without the internet or a phone.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { BodyTooLargeError, closeServer, listen, postWithRetries, readBody, sendJson } from '../http.ts'
import { nairobiTimestamp, parseNairobiTimestamp } from './nairobi-time.ts'
import { type StkOutcome, stkOutcomeFor } from './outcomes.ts'

export interface DarajaSimulatorOptions {
  port?: number
  host?: string
  consumerKey: string
  consumerSecret: string
  shortCode: string
  passkey: string
  /** How long the simulated customer takes to answer the prompt. */
  resolveDelayMs?: number
  /** Pause between tries when our callback endpoint does not accept a callback. */
  callbackRetryDelayMs?: number
}

export interface SimulatedStkSession {
  checkoutRequestId: string
  merchantRequestId: string
  phone: string
  amount: number
  accountReference: string
  state: 'pending' | 'paid' | 'failed'
  /** Null while pending. */
  resultCode: number | null
  resultDesc: string | null
  /** The M-Pesa receipt, once paid. */
  receipt: string | null
  /** Callbacks our endpoint accepted (2xx). */
  callbacksSent: number
  /** Every POST tried, accepted or not. */
  callbackAttempts: number
}

export interface DarajaSimulator {
  url: string
  close(): Promise<void>
  sessions(): SimulatedStkSession[]
  /** OAuth tokens issued so far: lets a test see that a client caches its token. */
  tokensIssued(): number
}

interface Session extends SimulatedStkSession {
  callbackUrl: string
  outcome: StkOutcome
}

/** The real token lives 3600 s but is announced as "3599", a string. */
const TOKEN_LIFETIME_MS = 3600 * 1000
/** How far a request's Timestamp may stray from the simulator's clock before it is refused. */
const TIMESTAMP_TOLERANCE_MS = 5 * 60 * 1000
/** Retries after the first callback POST, as Daraja is reported to make. */
const CALLBACK_RETRIES = 3
const MAX_AMOUNT_KES = 250_000
const MSISDN = /^254(7\d{8}|1[01]\d{7})$/
const TRANSACTION_TYPES = new Set(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline'])
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** Daraja's error envelope, answered for every refusal. */
class DarajaFault extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

const badRequest = (field: string) => new DarajaFault(400, '400.002.02', `Bad Request - Invalid ${field}`)

function randomChars(length: number, alphabet = ALPHANUMERIC): string {
  const bytes = randomBytes(length)
  let text = ''
  for (const byte of bytes) text += alphabet[byte % alphabet.length]
  return text
}

const requestId = () => `${randomBytes(2).toString('hex')}-${randomBytes(2).toString('hex')}-${Date.now() % 1e8}`

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Daraja takes numeric fields as JSON numbers or strings; both are read as their text. */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return null
}

function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('Request Payload')
  return value as Record<string, unknown>
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text: string
  try {
    text = await readBody(request)
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw badRequest('Request Payload: body too large')
    throw error
  }
  try {
    return asRecord(JSON.parse(text))
  } catch {
    throw badRequest('Request Payload')
  }
}

/**
 * Starts the simulator. Tokens: each issued token stays valid for its full hour even after newer ones are issued.
 * Daraja's FAQ says a new token invalidates the previous one, but that is unconfirmed and several processes of the
 * marketplace may each hold one; keeping old tokens valid makes the simulator the lenient side, and the client's
 * retry-once on `404.001.03` covers the strict behaviour anyway.
 */
export async function startDarajaSimulator(options: DarajaSimulatorOptions): Promise<DarajaSimulator> {
  const resolveDelayMs = options.resolveDelayMs ?? 2000
  const callbackRetryDelayMs = options.callbackRetryDelayMs ?? 1000
  const tokens = new Map<string, number>() // token → expiry (ms since epoch)
  const sessions = new Map<string, Session>()
  const timers = new Set<NodeJS.Timeout>()
  const shutdown = new AbortController()
  let tokensIssued = 0
  let merchantSequence = 0

  function requireToken(request: IncomingMessage): void {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')
    const expiresAt = match?.[1] === undefined ? undefined : tokens.get(match[1])
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      throw new DarajaFault(404, '404.001.03', 'Invalid Access Token')
    }
  }

  /** Shortcode, Timestamp and Password, which the push and the query both carry. */
  function checkCredentials(body: Record<string, unknown>): void {
    if (asText(body.BusinessShortCode) !== options.shortCode) throw badRequest('BusinessShortCode')
    const timestamp = asText(body.Timestamp)
    const instant = timestamp === null ? null : parseNairobiTimestamp(timestamp)
    // A UTC timestamp is three hours off: the classic bug this check exists to catch.
    if (timestamp === null || instant === null || Math.abs(instant.getTime() - Date.now()) > TIMESTAMP_TOLERANCE_MS) {
      throw badRequest('Timestamp')
    }
    const expected = Buffer.from(`${options.shortCode}${options.passkey}${timestamp}`).toString('base64')
    if (typeof body.Password !== 'string' || !sameSecret(body.Password, expected)) {
      throw new DarajaFault(500, '500.001.1001', 'Wrong credentials')
    }
  }

  function issueToken(request: IncomingMessage, url: URL, response: ServerResponse): void {
    if (url.searchParams.get('grant_type') !== 'client_credentials') {
      throw new DarajaFault(400, '400.008.02', 'Invalid grant type passed')
    }
    const expected = Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64')
    const match = /^Basic (\S+)$/.exec(request.headers.authorization ?? '')
    if (match?.[1] === undefined || !sameSecret(match[1], expected)) {
      throw new DarajaFault(400, '400.008.01', 'Invalid authentication type passed')
    }
    const token = randomChars(28, `${ALPHANUMERIC}abcdefghijklmnopqrstuvwxyz`)
    tokens.set(token, Date.now() + TOKEN_LIFETIME_MS)
    tokensIssued++
    sendJson(response, 200, { access_token: token, expires_in: '3599' })
  }

  async function push(request: IncomingMessage, response: ServerResponse): Promise<void> {
    requireToken(request)
    const body = await readJson(request)
    checkCredentials(body)
    if (typeof body.TransactionType !== 'string' || !TRANSACTION_TYPES.has(body.TransactionType)) {
      throw badRequest('TransactionType')
    }
    const amountText = asText(body.Amount)
    const amount = amountText !== null && /^\d+$/.test(amountText) ? Number(amountText) : Number.NaN
    if (!(amount >= 1 && amount <= MAX_AMOUNT_KES)) throw badRequest('Amount')
    const phone = asText(body.PhoneNumber)
    const partyA = asText(body.PartyA)
    if (phone === null || !MSISDN.test(phone) || partyA === null || !MSISDN.test(partyA)) {
      throw badRequest('PhoneNumber')
    }
    const partyB = asText(body.PartyB)
    if (partyB === null || !/^\d{5,7}$/.test(partyB)) throw badRequest('PartyB')
    if (typeof body.CallBackURL !== 'string' || !isHttpUrl(body.CallBackURL)) throw badRequest('CallBackURL')
    const reference = body.AccountReference
    if (typeof reference !== 'string' || reference.length < 1 || reference.length > 12) {
      throw badRequest('AccountReference')
    }
    // The only optional field.
    const description = body.TransactionDesc
    if (description !== undefined && (typeof description !== 'string' || description.length > 13)) {
      throw badRequest('TransactionDesc')
    }

    const outcome = stkOutcomeFor(phone)
    if (outcome.kind === 'push-fails-busy') throw new DarajaFault(500, '500.003.02', outcome.resultDesc)
    for (const session of sessions.values()) {
      if (session.phone === phone && session.state === 'pending') {
        throw new DarajaFault(
          500,
          '500.001.1001',
          'Unable to lock subscriber, a transaction is already in process for the current subscriber',
        )
      }
    }

    const session: Session = {
      checkoutRequestId: checkoutRequestId(phone),
      merchantRequestId: `${10000 + (Date.now() % 90000)}-${randomChars(8, '0123456789')}-${++merchantSequence}`,
      phone,
      amount,
      accountReference: reference,
      state: 'pending',
      resultCode: null,
      resultDesc: null,
      receipt: null,
      callbacksSent: 0,
      callbackAttempts: 0,
      callbackUrl: body.CallBackURL,
      outcome,
    }
    sessions.set(session.checkoutRequestId, session)
    later(resolveDelayMs, () => resolve(session))
    sendJson(response, 200, {
      MerchantRequestID: session.merchantRequestId,
      CheckoutRequestID: session.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    })
  }

  /** Shaped like observed ids: ws_CO_ + DDMMYYYYHHmmss + millis + national number; made unique if need be. */
  function checkoutRequestId(phone: string): string {
    const stamp = nairobiTimestamp()
    const millis = String(Date.now() % 1000).padStart(3, '0')
    const base = `ws_CO_${stamp.slice(6, 8)}${stamp.slice(4, 6)}${stamp.slice(0, 4)}${stamp.slice(8)}${millis}${phone.slice(3)}`
    let id = base
    for (let n = 1; sessions.has(id); n++) id = `${base}${n}`
    return id
  }

  function later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer)
      run()
    }, ms)
    timers.add(timer)
  }

  /** The customer answers: record the result, then tell our callback endpoint as often as the outcome says. */
  function resolve(session: Session): void {
    const { outcome } = session
    const paidAt = new Date()
    session.resultCode = outcome.resultCode
    session.resultDesc = outcome.resultDesc
    session.state = outcome.resultCode === 0 ? 'paid' : 'failed'
    if (session.state === 'paid') session.receipt = randomChars(10)
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: session.merchantRequestId,
      CheckoutRequestID: session.checkoutRequestId,
      ResultCode: outcome.resultCode,
      ResultDesc: outcome.resultDesc,
    }
    // Metadata only on success; the value-less Balance item in the middle is what real callbacks sometimes carry.
    if (session.state === 'paid') {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: session.amount },
          { Name: 'MpesaReceiptNumber', Value: session.receipt },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(nairobiTimestamp(paidAt)) },
          { Name: 'PhoneNumber', Value: Number(session.phone) },
        ],
      }
    }
    const payload = JSON.stringify({ Body: { stkCallback } })
    void deliver(session, payload, outcome.callbacks)
  }

  async function deliver(session: Session, payload: string, times: number): Promise<void> {
    for (let n = 0; n < times && !shutdown.signal.aborted; n++) {
      const accepted = await postWithRetries({
        url: session.callbackUrl,
        body: payload,
        retries: CALLBACK_RETRIES,
        retryDelayMs: callbackRetryDelayMs,
        signal: shutdown.signal,
        onAttempt: () => {
          session.callbackAttempts++
        },
      })
      if (accepted) session.callbacksSent++
    }
  }

  async function query(request: IncomingMessage, response: ServerResponse): Promise<void> {
    requireToken(request)
    const body = await readJson(request)
    checkCredentials(body)
    const id = body.CheckoutRequestID
    const session = typeof id === 'string' ? sessions.get(id) : undefined
    if (session === undefined) throw badRequest('CheckoutRequestID')
    if (session.state === 'pending' || session.resultCode === null) {
      return sendJson(response, 500, {
        requestId: requestId(),
        errorCode: '500.001.1001',
        errorMessage: 'The transaction is being processed',
      })
    }
    // Unlike the callback, the query answers ResultCode as a string.
    sendJson(response, 200, {
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successfully',
      MerchantRequestID: session.merchantRequestId,
      CheckoutRequestID: session.checkoutRequestId,
      ResultCode: String(session.resultCode),
      ResultDesc: session.resultDesc,
    })
  }

  const listSessions = (): SimulatedStkSession[] =>
    [...sessions.values()].map(({ callbackUrl: _url, outcome: _outcome, ...session }) => ({ ...session }))

  const routes: Record<
    string,
    Record<string, (request: IncomingMessage, response: ServerResponse, url: URL) => unknown>
  > = {
    '/oauth/v1/generate': { GET: (request, response, url) => issueToken(request, url, response) },
    '/mpesa/stkpush/v1/processrequest': { POST: push },
    '/mpesa/stkpushquery/v1/query': { POST: query },
    '/__simulator/sessions': { GET: (_request, response) => sendJson(response, 200, listSessions()) },
  }

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://simulator.invalid')
      const route = routes[url.pathname]
      if (route === undefined) throw new DarajaFault(404, '404.001.01', 'Resource not found')
      const handler = route[request.method ?? 'GET']
      if (handler === undefined) throw new DarajaFault(405, '405.001', 'Method Not Allowed')
      await handler(request, response, url)
    } catch (error) {
      if (response.headersSent) return
      if (error instanceof DarajaFault) {
        sendJson(response, error.status, { requestId: requestId(), errorCode: error.code, errorMessage: error.message })
      } else {
        sendJson(response, 500, {
          requestId: requestId(),
          errorCode: '500.003.1001',
          errorMessage: 'Internal Server Error',
        })
      }
    }
  })

  const url = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1')
  return {
    url,
    sessions: listSessions,
    tokensIssued: () => tokensIssued,
    async close() {
      shutdown.abort()
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      await closeServer(server)
    },
  }
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
