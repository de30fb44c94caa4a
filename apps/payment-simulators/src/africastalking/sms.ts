// A local stand-in for Africa's Talking's SMS API (POST /version1/messaging, and delivery reports posted to the
// account's callback URL), speaking its wire format, so the marketplace's real adapter can be exercised end to end
// without the internet or a phone: its inbox page and JSON list show what was "sent".
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import {
  BodyTooLargeError,
  closeServer,
  delay,
  listen,
  postWithRetries,
  readBody,
  sendHtml,
  sendJson,
} from '../http.ts'
import { type SmsOutcome, smsOutcomeFor } from './outcomes.ts'
import { smsInboxPage } from './page.ts'

export interface SmsSimulatorOptions {
  port?: number
  host?: string
  /** The account's username and API key (the `username` field and the `apiKey` header). */
  username: string
  apiKey: string
  /** Where delivery reports are posted (the dashboard's "Delivery Reports" callback URL); null: none. */
  deliveryReportUrl: () => string | null
  /** How long the network takes to report a delivery. */
  deliveryDelayMs?: number
  /** Pause between tries when the callback endpoint does not accept a report. */
  callbackRetryDelayMs?: number
}

export interface SimulatedSms {
  messageId: string
  to: string
  from: string
  message: string
  parts: number
  sentAt: string
  /** The recipient's status in the answer (Success, InvalidPhoneNumber ...). */
  status: string
  statusCode: number
  /** The last delivery report posted, if any. */
  deliveryStatus: string | null
  reportsSent: number
}

export interface SmsSimulator {
  url: string
  close(): Promise<void>
  /** Every text accepted or refused per recipient, oldest first. */
  messages(): SimulatedSms[]
}

const E164 = /^\+\d{9,15}$/
/** An alphanumeric sender id is at most 11 characters; a numeric short code up to 15 digits. */
const SENDER_ID = /^(?:[A-Za-z0-9 ._-]{1,11}|\d{3,15})$/
const CALLBACK_RETRIES = 3
const COST_PER_PART = 0.8

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** GSM-7 parts, near enough for a cost: 160 characters in one, 153 each when joined (70/67 outside ASCII). */
function partsOf(message: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: GSM-7 includes line feeds and carriage returns
  const gsm = /^[\x0a\x0d\x20-\x7e£¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà€]*$/.test(message)
  const [single, multi] = gsm ? [160, 153] : [70, 67]
  return message.length <= single ? 1 : Math.ceil(message.length / multi)
}

const kes = (amount: number) => `KES ${amount.toFixed(4)}`

export async function startSmsSimulator(options: SmsSimulatorOptions): Promise<SmsSimulator> {
  const deliveryDelayMs = options.deliveryDelayMs ?? 1500
  const callbackRetryDelayMs = options.callbackRetryDelayMs ?? 1000
  const messages: SimulatedSms[] = []
  const failedOnce = new Set<string>()
  const shutdown = new AbortController()

  async function report(sms: SimulatedSms, outcome: SmsOutcome): Promise<void> {
    if (outcome.report === null) return
    await delay(deliveryDelayMs, shutdown.signal)
    for (let time = 0; time < outcome.reports; time++) {
      const url = options.deliveryReportUrl()
      if (url === null || shutdown.signal.aborted) return
      const body = new URLSearchParams({
        id: sms.messageId,
        status: outcome.report.status,
        phoneNumber: sms.to,
        networkCode: '63902',
        retryCount: '0',
        ...(outcome.report.failureReason ? { failureReason: outcome.report.failureReason } : {}),
      })
      sms.deliveryStatus = outcome.report.status
      const accepted = await postWithRetries({
        url,
        body: body.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        retries: CALLBACK_RETRIES,
        retryDelayMs: callbackRetryDelayMs,
        signal: shutdown.signal,
      })
      if (accepted) sms.reportsSent += 1
    }
  }

  function send(request: IncomingMessage, form: URLSearchParams, response: ServerResponse): void {
    const apiKey = request.headers.apikey
    if (
      typeof apiKey !== 'string' ||
      !sameSecret(apiKey, options.apiKey) ||
      !sameSecret(form.get('username') ?? '', options.username)
    ) {
      response.writeHead(401, { 'content-type': 'text/plain' })
      response.end('The supplied authentication is invalid')
      return
    }
    const message = form.get('message') ?? ''
    const to = (form.get('to') ?? '')
      .split(',')
      .map((number) => number.trim())
      .filter((number) => number !== '')
    if (message === '' || to.length === 0) {
      sendJson(response, 400, { SMSMessageData: { Message: 'InvalidRequest', Recipients: [] } })
      return
    }
    const from = form.get('from') ?? 'AFRICASTKNG'
    const badSender = !SENDER_ID.test(from)
    // A number that fails the whole request once (a gateway's bad moment) fails it before anything is sent.
    const failing = to.find((number) => smsOutcomeFor(number).kind === 'gateway-error-once' && !failedOnce.has(number))
    if (failing !== undefined) {
      failedOnce.add(failing)
      response.writeHead(500, { 'content-type': 'text/plain' })
      response.end('Internal Server Error')
      return
    }
    const parts = partsOf(message)
    let total = 0
    let sent = 0
    const recipients = to.map((number) => {
      const outcome: SmsOutcome = !E164.test(number)
        ? { kind: 'invalid-number', statusCode: 403, status: 'InvalidPhoneNumber', report: null, reports: 0 }
        : badSender
          ? { kind: 'invalid-number', statusCode: 402, status: 'InvalidSenderId', report: null, reports: 0 }
          : smsOutcomeFor(number)
      const accepted = outcome.statusCode < 200
      const messageId = accepted ? `ATXid_${randomBytes(16).toString('hex')}` : 'None'
      const cost = accepted ? parts * COST_PER_PART : 0
      total += cost
      if (accepted) sent += 1
      const sms: SimulatedSms = {
        messageId,
        to: number,
        from,
        message,
        parts,
        sentAt: new Date().toISOString(),
        status: outcome.status,
        statusCode: outcome.statusCode,
        deliveryStatus: null,
        reportsSent: 0,
      }
      messages.push(sms)
      if (accepted) void report(sms, outcome)
      return {
        statusCode: outcome.statusCode,
        number,
        status: outcome.status,
        cost: accepted ? kes(cost) : '0',
        messageId,
      }
    })
    sendJson(response, 201, {
      SMSMessageData: { Message: `Sent to ${sent}/${to.length} Total Cost: ${kes(total)}`, Recipients: recipients },
    })
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://simulator')
    if (request.method === 'GET' && url.pathname === '/__simulator/sms') {
      sendHtml(response, 200, smsInboxPage(messages))
      return
    }
    if (request.method === 'GET' && url.pathname === '/__simulator/sms.json') {
      sendJson(response, 200, messages.toReversed())
      return
    }
    if (request.method === 'POST' && url.pathname === '/version1/messaging') {
      const form = new URLSearchParams(await readBody(request))
      send(request, form, response)
      return
    }
    sendJson(response, 404, { error: 'Not found' })
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return response.destroy()
      if (error instanceof BodyTooLargeError) return sendJson(response, 413, { error: error.message })
      sendJson(response, 500, { error: 'Internal Server Error' })
    })
  })
  const url = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1')
  return {
    url,
    messages: () => messages.map((sms) => ({ ...sms })),
    async close() {
      shutdown.abort()
      await closeServer(server)
    },
  }
}
