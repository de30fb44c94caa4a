// A local stand-in for Safaricom's Daraja API (OAuth, STK push and query, B2C, Transaction Status), speaking its wire
// format exactly, so the marketplace's real adapter can be exercised end to end without the internet or a phone.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { closeServer, listen, postWithRetries, sendHtml, sendJson } from '../http.ts'
import { createB2cDesk, type SimulatedB2cPayment } from './b2c.ts'
import { b2cPaymentsPage } from './b2c-page.ts'
import { nairobiTimestamp, parseNairobiTimestamp } from './nairobi-time.ts'
import { type StkOutcome, stkOutcomeFor } from './outcomes.ts'
import { makeCredentialKeys } from './security-credential.ts'
import {
  ALPHANUMERIC,
  asText,
  badRequest,
  DarajaFault,
  isHttpUrl,
  MSISDN,
  randomChars,
  readJson,
  requestId,
  sameSecret,
} from './wire.ts'

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
  /** B2C: the shortcode payments are made from (PartyA); `600992` by default, the reference's sample. */
  b2cShortCode?: string
  /** B2C and Transaction Status: the API operator (InitiatorName / Initiator) and its password. */
  initiatorName?: string
  initiatorPassword?: string
  /** The B2C Utility account's balance at start, in shillings (1,000,000 by default). */
  b2cFloatKes?: number
  /** How long M-Pesa takes to settle a B2C payment or answer a status query (resolveDelayMs by default). */
  b2cResultDelayMs?: number
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
  /** Every B2C payment asked for, pending or settled. */
  b2cPayments(): SimulatedB2cPayment[]
  /** Adds to the B2C float (KES), as an operator's top-up does: payments refused for lack of float can pass again. */
  topUpB2cFloat(kes: number): void
  /**
   * The public key (PEM) a SecurityCredential is encrypted with: the simulator's stand-in for Safaricom's
   * certificate, made anew each run (on first use). Also served at `GET /__simulator/security-certificate`.
   */
  readonly securityCertificate: string
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
const TRANSACTION_TYPES = new Set(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline'])

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
  const keys = makeCredentialKeys()

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

  const b2c = createB2cDesk(
    {
      shortCode: options.b2cShortCode ?? '600992',
      initiatorName: options.initiatorName ?? 'testapi',
      initiatorPassword: options.initiatorPassword ?? 'soko-simulator-initiator',
      floatKes: options.b2cFloatKes ?? 1_000_000,
      resultDelayMs: options.b2cResultDelayMs ?? resolveDelayMs,
    },
    {
      requireToken,
      later,
      keys,
      deliver: (url, body, onAttempt) =>
        postWithRetries({
          url,
          body,
          retries: CALLBACK_RETRIES,
          retryDelayMs: callbackRetryDelayMs,
          signal: shutdown.signal,
          onAttempt,
        }),
    },
  )

  const listSessions = (): SimulatedStkSession[] =>
    [...sessions.values()].map(({ callbackUrl: _url, outcome: _outcome, ...session }) => ({ ...session }))

  const routes: Record<
    string,
    Record<string, (request: IncomingMessage, response: ServerResponse, url: URL) => unknown>
  > = {
    '/oauth/v1/generate': { GET: (request, response, url) => issueToken(request, url, response) },
    '/mpesa/stkpush/v1/processrequest': { POST: push },
    '/mpesa/stkpushquery/v1/query': { POST: query },
    '/mpesa/b2c/v3/paymentrequest': { POST: (request, response) => b2c.pay(request, response, 'v3') },
    '/mpesa/b2c/v1/paymentrequest': { POST: (request, response) => b2c.pay(request, response, 'v1') },
    '/mpesa/transactionstatus/v1/query': { POST: b2c.status },
    '/__simulator/sessions': { GET: (_request, response) => sendJson(response, 200, listSessions()) },
    '/__simulator/b2c-payments': { GET: (_request, response) => sendJson(response, 200, b2c.list()) },
    '/__simulator/b2c': {
      GET: (_request, response) => sendHtml(response, 200, b2cPaymentsPage(b2c.list(), b2c.floatKes())),
    },
    '/__simulator/security-certificate': {
      GET: (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/x-pem-file' }).end(keys.publicKeyPem)
      },
    },
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
    b2cPayments: b2c.list,
    topUpB2cFloat: b2c.topUp,
    get securityCertificate() {
      return keys.publicKeyPem
    },
    tokensIssued: () => tokensIssued,
    async close() {
      shutdown.abort()
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      await closeServer(server)
    },
  }
}
