// C2B in the Daraja simulator: Register URL (where a shortcode's validation and confirmation requests go), and the
// shopper's phone paying that Paybill from its own M-Pesa menu: the validation request (which may refuse the payment
// before money moves), then the confirmation, with the payload fields Daraja sends.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { readBody, sendHtml, sendJson } from '../http.ts'
import { c2bPhonePage } from './c2b-page.ts'
import { nairobiTimestamp } from './nairobi-time.ts'
import { asText, badRequest, DarajaFault, isHttpUrl, MSISDN, randomChars, readJson, wholeShillings } from './wire.ts'

export interface C2bRegistration {
  shortCode: string
  responseType: 'Completed' | 'Cancelled'
  confirmationUrl: string
  validationUrl: string
}

/** What became of one payment sent from the simulated phone. */
export interface SimulatedC2bPayment {
  transId: string
  shortCode: string
  billRefNumber: string
  amount: number
  msisdn: string
  /** The validation reply (null: no validation URL, or it could not be reached). */
  validation: { resultCode: string; resultDesc: string } | null
  /** 'completed': confirmed to the business; 'rejected': refused at validation; 'failed': nowhere to send it. */
  state: 'completed' | 'rejected' | 'failed'
  /** Whether the confirmation URL answered 2xx. */
  confirmationAccepted: boolean
  message: string
}

/** Words Safaricom filters out of registered URLs (the reference's note on callback URLs). */
const REFUSED_URL_WORDS = /m-?pesa|safaricom/i
const MAX_AMOUNT_KES = 250_000

export function createC2bDesk(
  settings: { defaultShortCode: string },
  wire: {
    requireToken(request: IncomingMessage): void
    /** POSTs JSON to the business, with Daraja's retries; whether it was accepted. */
    deliver(url: string, body: string): Promise<boolean>
  },
) {
  const registrations = new Map<string, C2bRegistration>()
  const payments: SimulatedC2bPayment[] = []

  /** POST /mpesa/c2b/v1|v2/registerurl. Registering again replaces the URLs (the sandbox allows it). */
  async function register(request: IncomingMessage, response: ServerResponse): Promise<void> {
    wire.requireToken(request)
    const body = await readJson(request)
    const shortCode = asText(body.ShortCode)
    if (shortCode === null || !/^\d{5,7}$/.test(shortCode)) throw badRequest('ShortCode')
    const responseType = body.ResponseType
    if (responseType !== 'Completed' && responseType !== 'Cancelled') throw badRequest('ResponseType')
    for (const field of ['ConfirmationURL', 'ValidationURL'] as const) {
      const url = body[field]
      if (typeof url !== 'string' || !isHttpUrl(url) || REFUSED_URL_WORDS.test(url)) throw badRequest(field)
    }
    registrations.set(shortCode, {
      shortCode,
      responseType,
      confirmationUrl: String(body.ConfirmationURL),
      validationUrl: String(body.ValidationURL),
    })
    sendJson(response, 200, {
      OriginatorCoversationID: `${randomChars(4, '0123456789')}-${randomChars(8, '0123456789')}-1`,
      ResponseCode: '0',
      ResponseDescription: 'Success',
    })
  }

  /** A 12-digit MSISDN as C2B payloads carry it: masked, `25470****149`. */
  const masked = (msisdn: string) => `${msisdn.slice(0, 5)}****${msisdn.slice(-3)}`

  async function askValidation(
    url: string,
    payload: string,
  ): Promise<{ resultCode: string; resultDesc: string } | null> {
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload,
        signal: AbortSignal.timeout(8000),
      })
      const body = (await answer.json()) as Record<string, unknown>
      if (!answer.ok) return null
      return { resultCode: String(body.ResultCode ?? ''), resultDesc: String(body.ResultDesc ?? '') }
    } catch {
      return null
    }
  }

  /** The phone pays: validation, then (when accepted) confirmation. Refusals of the input throw a 400. */
  async function pay(input: {
    shortCode: string
    billRefNumber: string
    amount: unknown
    phone: string
    firstName: string
  }): Promise<SimulatedC2bPayment> {
    if (!/^\d{5,7}$/.test(input.shortCode)) throw badRequest('ShortCode')
    const amount = wholeShillings(input.amount, 1, MAX_AMOUNT_KES)
    if (Number.isNaN(amount)) throw badRequest('Amount')
    if (!MSISDN.test(input.phone)) throw badRequest('MSISDN')
    const billRef = input.billRefNumber.trim().slice(0, 20)
    if (billRef === '') throw badRequest('BillRefNumber')
    const transId = `${'SKL'}${randomChars(7)}`
    const record: SimulatedC2bPayment = {
      transId,
      shortCode: input.shortCode,
      billRefNumber: billRef,
      amount,
      msisdn: masked(input.phone),
      validation: null,
      state: 'failed',
      confirmationAccepted: false,
      message: '',
    }
    payments.push(record)
    const registration = registrations.get(input.shortCode)
    if (registration === undefined) {
      record.message = `No URLs are registered for business number ${input.shortCode}: M-Pesa would refuse the payment.`
      return record
    }
    const payload = JSON.stringify({
      TransactionType: 'Pay Bill',
      TransID: transId,
      TransTime: nairobiTimestamp(),
      TransAmount: `${amount}.00`,
      BusinessShortCode: input.shortCode,
      BillRefNumber: billRef,
      InvoiceNumber: '',
      OrgAccountBalance: '',
      ThirdPartyTransID: '',
      MSISDN: record.msisdn,
      FirstName: input.firstName.trim().slice(0, 30) || 'JOHN',
      MiddleName: '',
      LastName: '',
    })
    record.validation = await askValidation(registration.validationUrl, payload)
    const refused =
      record.validation === null ? registration.responseType === 'Cancelled' : record.validation.resultCode !== '0'
    if (refused) {
      record.state = 'rejected'
      record.message = record.validation
        ? `Refused by the business (${record.validation.resultCode}): ${record.validation.resultDesc}`
        : 'The business could not be reached, and it asked for payments to be cancelled then.'
      return record
    }
    record.state = 'completed'
    record.confirmationAccepted = await wire.deliver(registration.confirmationUrl, payload)
    record.message = `${transId} Confirmed. Ksh${amount.toLocaleString('en-KE')}.00 sent to business ${input.shortCode} for account ${billRef}.`
    return record
  }

  /** POST /__simulator/c2b/pay (JSON): a test's way of paying from the phone; answers what happened. */
  async function payJson(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readJson(request)
    const record = await pay({
      shortCode: asText(body.ShortCode) ?? settings.defaultShortCode,
      billRefNumber: asText(body.BillRefNumber) ?? '',
      amount: body.Amount,
      phone: asText(body.MSISDN) ?? '254708374149',
      firstName: asText(body.FirstName) ?? 'JOHN',
    })
    sendJson(response, 200, record)
  }

  /** GET /__simulator/c2b: the phone's Pay Bill screen. */
  function phonePage(_request: IncomingMessage, response: ServerResponse, url: URL): void {
    sendHtml(
      response,
      200,
      c2bPhonePage({
        shortCode: url.searchParams.get('business') ?? settings.defaultShortCode,
        account: url.searchParams.get('account') ?? '',
        amount: url.searchParams.get('amount') ?? '',
        phone: '0708374149',
        result: null,
        error: null,
      }),
    )
  }

  /** POST /__simulator/c2b (the page's form): pays, then shows the SMS the phone would get. */
  async function payForm(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(request))
    const values = {
      shortCode: (form.get('business') ?? '').trim(),
      account: form.get('account') ?? '',
      amount: (form.get('amount') ?? '').trim(),
      phone: (form.get('phone') ?? '').trim(),
    }
    const msisdn = values.phone.replace(/^\+/, '').replace(/^0/, '254')
    try {
      const result = await pay({
        shortCode: values.shortCode,
        billRefNumber: values.account,
        amount: values.amount,
        phone: msisdn,
        firstName: 'JOHN',
      })
      sendHtml(response, 200, c2bPhonePage({ ...values, result, error: null }))
    } catch (error) {
      if (!(error instanceof DarajaFault)) throw error
      sendHtml(response, 400, c2bPhonePage({ ...values, result: null, error: error.message }))
    }
  }

  return {
    register,
    payJson,
    phonePage,
    payForm,
    list: (): SimulatedC2bPayment[] => payments.map((payment) => ({ ...payment })),
    registrations: (): C2bRegistration[] => [...registrations.values()].map((entry) => ({ ...entry })),
  }
}
