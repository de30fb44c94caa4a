// The adapter for Safaricom's Daraja API: OAuth token, STK push (M-Pesa Express), STK query, and the pure helpers
// around them (timestamp, password, MSISDN, callback parsing). It knows the wire format and nothing of orders.
import { normaliseKenyanMobile, toMsisdn } from '@soko/domain/phone'
import { exchange, isRecord, type Json } from '../provider-http.ts'

export interface DarajaSettings {
  baseUrl: string
  consumerKey: string
  consumerSecret: string
  shortCode: string
  passkey: string
  transactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline'
  /** The PayBill number, or the till number for Buy Goods (where shortCode is the store number). */
  partyB: string
  timeoutMs?: number
}

/**
 * Anything Daraja refused, or a request that never got an answer. `httpStatus` 0 means no HTTP answer: `network`
 * (unreachable, timed out) or a request refused here before sending (`invalid_amount`, `invalid_phone`, ...).
 */
export class DarajaError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly errorCode: string,
    errorMessage: string,
  ) {
    super(errorMessage)
    this.name = 'DarajaError'
  }
}

/** Refresh this long before the token expires, so a request never carries a token that dies on the way. */
const TOKEN_REFRESH_MARGIN_MS = 5 * 60 * 1000
const MAX_AMOUNT_KES = 250_000
const INVALID_TOKEN = '404.001.03'

const nairobiParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/** `YYYYMMDDHHmmss` in Africa/Nairobi time, which Daraja expects whatever the server's own time zone. */
export function darajaTimestamp(date: Date = new Date()): string {
  const parts: Record<string, string> = {}
  for (const part of nairobiParts.formatToParts(date)) parts[part.type] = part.value
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}`
}

/** base64(ShortCode + Passkey + Timestamp), with the same timestamp the request body carries. */
export function darajaPassword(shortCode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortCode}${passkey}${timestamp}`).toString('base64')
}

/**
 * A Kenyan mobile number in any usual form (`0712…`, `0112…`, `+254712…`, `254712…`, or the bare 9 digits
 * `712…`) as the 12 digits Daraja wants, or null when it is not a mobile that can hold M-Pesa (07xx, 010x, 011x;
 * numbers are portable, so the operator is left for Daraja to judge).
 */
export function toDarajaMsisdn(phone: string): string | null {
  const compact = phone.trim().replace(/[\s\-.()]/g, '')
  const e164 = normaliseKenyanMobile(/^[17]\d{8}$/.test(compact) ? `0${compact}` : compact)
  return e164 === null ? null : toMsisdn(e164)
}

/** Keeps what M-Pesa's prompt is known to accept: special characters such as `@ # &` have failed silently. */
function sanitise(text: string, maxLength: number): string {
  return text
    .replace(/[^A-Za-z0-9 -]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trim()
}

export class DarajaClient {
  private token: { value: string; refreshAt: number } | null = null
  private pendingToken: Promise<string> | null = null

  constructor(private readonly settings: DarajaSettings) {}

  /** OAuth token, cached and refreshed about 5 minutes before it expires; concurrent callers share one request. */
  accessToken(): Promise<string> {
    if (this.token !== null && Date.now() < this.token.refreshAt) return Promise.resolve(this.token.value)
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null
    })
    return this.pendingToken
  }

  private async fetchToken(): Promise<string> {
    const { consumerKey, consumerSecret } = this.settings
    const basic = Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')
    const body = await this.send('/oauth/v1/generate?grant_type=client_credentials', {
      method: 'GET',
      headers: { authorization: `Basic ${basic}` },
    })
    // The documentation shows expires_in as a number; the live API sends a string.
    const expiresInSeconds = Number(body.expires_in)
    if (typeof body.access_token !== 'string' || body.access_token === '' || !(expiresInSeconds > 0)) {
      throw new DarajaError(200, 'invalid_response', 'Daraja answered the token request without a token')
    }
    const lifetimeMs = expiresInSeconds * 1000
    // A short-lived token (never seen, but possible) is refreshed at half its life rather than at once.
    const refreshInMs = lifetimeMs > 2 * TOKEN_REFRESH_MARGIN_MS ? lifetimeMs - TOKEN_REFRESH_MARGIN_MS : lifetimeMs / 2
    this.token = { value: body.access_token, refreshAt: Date.now() + refreshInMs }
    return body.access_token
  }

  /**
   * Sends the payment prompt to the shopper's phone. Amount and phone are checked here first: a request Daraja
   * would refuse is never sent. The answer only means the prompt was accepted; the result comes by callback.
   */
  async stkPush(input: {
    amountKes: number
    phone: string
    accountReference: string
    description: string
    callbackUrl: string
  }): Promise<{ merchantRequestId: string; checkoutRequestId: string; customerMessage: string }> {
    if (!Number.isInteger(input.amountKes) || input.amountKes < 1 || input.amountKes > MAX_AMOUNT_KES) {
      throw new DarajaError(0, 'invalid_amount', `M-Pesa takes whole shillings from 1 to ${MAX_AMOUNT_KES}`)
    }
    const msisdn = toDarajaMsisdn(input.phone)
    if (msisdn === null) throw new DarajaError(0, 'invalid_phone', 'Not a Kenyan mobile number that can pay by M-Pesa')
    const accountReference = sanitise(input.accountReference, 12)
    if (accountReference === '') {
      throw new DarajaError(0, 'invalid_reference', 'The account reference has no letters or digits')
    }
    const description = sanitise(input.description, 13) || 'Payment'
    const { shortCode, transactionType, partyB } = this.settings

    const body = await this.withCredentials('/mpesa/stkpush/v1/processrequest', {
      BusinessShortCode: shortCode,
      TransactionType: transactionType,
      Amount: input.amountKes,
      PartyA: msisdn,
      PartyB: partyB,
      PhoneNumber: msisdn,
      CallBackURL: input.callbackUrl,
      AccountReference: accountReference,
      TransactionDesc: description,
    })
    // ResponseCode is a string here; "0" means accepted for processing, nothing more.
    if (String(body.ResponseCode) !== '0') {
      throw new DarajaError(200, `response_${String(body.ResponseCode)}`, String(body.ResponseDescription ?? ''))
    }
    if (typeof body.MerchantRequestID !== 'string' || typeof body.CheckoutRequestID !== 'string') {
      throw new DarajaError(200, 'invalid_response', 'Daraja accepted the push without its request ids')
    }
    return {
      merchantRequestId: body.MerchantRequestID,
      checkoutRequestId: body.CheckoutRequestID,
      customerMessage: typeof body.CustomerMessage === 'string' ? body.CustomerMessage : '',
    }
  }

  /** Asks Daraja how a prompt ended: for a callback that is late or lost. 'pending' while the shopper decides. */
  async stkQuery(
    checkoutRequestId: string,
  ): Promise<{ state: 'pending' } | { state: 'done'; resultCode: number; resultDesc: string }> {
    let body: Json
    try {
      body = await this.withCredentials('/mpesa/stkpushquery/v1/query', {
        BusinessShortCode: this.settings.shortCode,
        CheckoutRequestID: checkoutRequestId,
      })
    } catch (error) {
      // 500.001.1001 also means "Wrong credentials": only its "being processed" wording means pending.
      if (
        error instanceof DarajaError &&
        error.errorCode === '500.001.1001' &&
        /being processed/i.test(error.message)
      ) {
        return { state: 'pending' }
      }
      throw error
    }
    // Unlike the callback, the query answers ResultCode as a string.
    const resultCode = Number(body.ResultCode)
    if (body.ResultCode === undefined || body.ResultCode === '' || !Number.isInteger(resultCode)) {
      throw new DarajaError(200, 'invalid_response', 'Daraja answered the query without a result code')
    }
    return { state: 'done', resultCode, resultDesc: typeof body.ResultDesc === 'string' ? body.ResultDesc : '' }
  }

  /**
   * C2B Register URL: where Daraja sends the validation and confirmation of payments to `shortCode` (a shopper
   * paying the Paybill from their own M-Pesa menu). ResponseType Completed: when our validation URL cannot be
   * reached, M-Pesa completes the payment, and the confirmation still tells us of it.
   */
  async registerC2bUrls(input: { shortCode: string; validationUrl: string; confirmationUrl: string }): Promise<void> {
    const body = await this.authorized('/mpesa/c2b/v2/registerurl', () => ({
      ShortCode: input.shortCode,
      ResponseType: 'Completed',
      ConfirmationURL: input.confirmationUrl,
      ValidationURL: input.validationUrl,
    }))
    if (body.ResponseCode !== undefined && String(body.ResponseCode) !== '0') {
      throw new DarajaError(200, `response_${String(body.ResponseCode)}`, String(body.ResponseDescription ?? ''))
    }
  }

  /** POSTs with a bearer token, adding Password and Timestamp from one Nairobi timestamp (two calls could straddle a second). */
  private withCredentials(path: string, fields: Json): Promise<Json> {
    return this.authorized(path, () => {
      const timestamp = darajaTimestamp()
      const password = darajaPassword(this.settings.shortCode, this.settings.passkey, timestamp)
      return { ...fields, Password: password, Timestamp: timestamp }
    })
  }

  /**
   * POSTs a JSON body with the shared bearer token (B2C and Transaction Status use this one client's token, as a
   * new token may invalidate the previous one). A token Daraja no longer honours is dropped and the request made
   * once more with a fresh one; `body` is called for each try.
   */
  async authorized(path: string, body: () => Json): Promise<Json> {
    for (let attempt = 1; ; attempt++) {
      const token = await this.accessToken()
      try {
        return await this.send(path, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body()),
        })
      } catch (error) {
        if (!(error instanceof DarajaError) || error.errorCode !== INVALID_TOKEN || attempt > 1) throw error
        // Another caller may already have replaced it; only drop the token this request used.
        if (this.token?.value === token) this.token = null
      }
    }
  }

  /** One HTTP exchange; any refusal or failure becomes a DarajaError. */
  private async send(path: string, init: RequestInit): Promise<Json> {
    const { response, json } = await exchange(
      this.settings,
      path,
      init,
      (reason) => new DarajaError(0, 'network', `Daraja could not be reached: ${reason}`),
    )
    if (!response.ok) {
      const answer = json ?? {}
      const code = typeof answer.errorCode === 'string' ? answer.errorCode : `http_${response.status}`
      const message =
        typeof answer.errorMessage === 'string' ? answer.errorMessage : `Daraja answered ${response.status}`
      throw new DarajaError(response.status, code, message)
    }
    if (json === null) {
      throw new DarajaError(response.status, 'invalid_response', 'Daraja answered something other than JSON')
    }
    return json
  }
}

/** What an STK callback says, with its metadata looked up by name. */
export interface StkCallback {
  merchantRequestId: string
  checkoutRequestId: string
  resultCode: number
  resultDesc: string
  amountKes: number | null
  receipt: string | null
  /** 12 digits, `2547…`. */
  phone: string | null
  /** `YYYYMMDDHHmmss`, Nairobi time. */
  transactionDate: string | null
}

/**
 * Reads `{Body:{stkCallback:{…}}}`, or answers null for anything not shaped like one. Items are found by Name,
 * never by position: a value-less `Balance` item sometimes sits between the others.
 */
export function parseStkCallback(body: unknown): StkCallback | null {
  const callback = isRecord(body) && isRecord(body.Body) ? body.Body.stkCallback : undefined
  if (!isRecord(callback)) return null
  const { MerchantRequestID, CheckoutRequestID, ResultCode, ResultDesc } = callback
  if (typeof MerchantRequestID !== 'string' || typeof CheckoutRequestID !== 'string') return null
  // A number in callbacks; a numeric string is accepted too rather than misread as a failure.
  const resultCode =
    typeof ResultCode === 'number' ? ResultCode : typeof ResultCode === 'string' ? Number(ResultCode) : Number.NaN
  if (!Number.isInteger(resultCode) || (typeof ResultCode === 'string' && ResultCode.trim() === '')) return null

  const items = isRecord(callback.CallbackMetadata) ? callback.CallbackMetadata.Item : undefined
  const itemValue = (name: string): unknown =>
    Array.isArray(items) ? items.find((item): item is Json => isRecord(item) && item.Name === name)?.Value : undefined
  const amount = Number(itemValue('Amount'))
  const receipt = itemValue('MpesaReceiptNumber')
  const phone = String(itemValue('PhoneNumber') ?? '')
  const date = String(itemValue('TransactionDate') ?? '')
  return {
    merchantRequestId: MerchantRequestID,
    checkoutRequestId: CheckoutRequestID,
    resultCode,
    resultDesc: typeof ResultDesc === 'string' ? ResultDesc : '',
    amountKes: itemValue('Amount') !== undefined && Number.isFinite(amount) ? amount : null,
    receipt: typeof receipt === 'string' && receipt !== '' ? receipt : null,
    phone: /^254\d{9}$/.test(phone) ? phone : null,
    transactionDate: /^\d{14}$/.test(date) ? date : null,
  }
}

/** The C2B validation reply Daraja reads: ResultCode "0" lets the payment through, a C2B000xx code refuses it. */
export interface C2bValidationAnswer {
  ResultCode: string
  ResultDesc: string
}

/** A C2B validation or confirmation request: a payment the shopper made to our Paybill from their own phone. */
export interface C2bPaymentNotice {
  transactionType: string
  transId: string
  /** `YYYYMMDDHHmmss`, Nairobi time, as sent. */
  transTime: string
  /** TransAmount as sent ("1500.00"); read into cents by the caller's rules. */
  transAmount: unknown
  businessShortCode: string
  billRefNumber: string
  /** Masked by M-Pesa (`25470****149`). */
  msisdn: string
  firstName: string
}

const text = (value: unknown, max: number): string =>
  (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '').trim().slice(0, max)

/** Reads a C2B payload, or null for anything without a TransID (its key for being applied once). */
export function parseC2bNotice(body: unknown): C2bPaymentNotice | null {
  if (!isRecord(body)) return null
  const transId = text(body.TransID, 40)
  if (!/^[A-Za-z0-9]{6,40}$/.test(transId)) return null
  return {
    transactionType: text(body.TransactionType, 40),
    transId,
    transTime: text(body.TransTime, 20),
    transAmount: body.TransAmount,
    businessShortCode: text(body.BusinessShortCode, 10),
    billRefNumber: text(body.BillRefNumber, 40),
    msisdn: text(body.MSISDN, 20),
    firstName: text(body.FirstName, 40),
  }
}

/** What to tell the shopper for each STK result code (Daraja's own descriptions are for engineers). */
export const MPESA_RESULT_MESSAGES: Record<number, string> = {
  0: 'Payment received. Thank you.',
  1: 'Your M-Pesa balance was not enough for this payment.',
  2: 'The amount is below the M-Pesa minimum.',
  3: 'The amount is above the M-Pesa limit for one payment.',
  4: 'This payment would pass your daily M-Pesa limit.',
  8: 'The shop cannot receive this payment right now. Please try again later or pay by card.',
  17: 'A payment for the same amount was just made from this number. Wait two minutes and try again.',
  1019: 'The M-Pesa request expired before it was completed. Please try again.',
  1025: 'M-Pesa could not send the request to your phone. Please try again.',
  1032: 'You cancelled the M-Pesa request on your phone.',
  1037: 'Your phone could not be reached. Check it is on and has signal.',
  2001: 'The M-Pesa PIN was wrong.',
  2028: 'The shop cannot receive M-Pesa payments right now. Please pay by card.',
  8006: 'Your M-Pesa PIN is locked. Call Safaricom on 100 to unlock it.',
}

export const MPESA_DEFAULT_RESULT_MESSAGE = 'The M-Pesa payment did not go through. Please try again.'

/** The shopper-facing sentence for a result code, with a general one for codes not in the table. */
export function mpesaResultMessage(resultCode: number): string {
  return MPESA_RESULT_MESSAGES[resultCode] ?? MPESA_DEFAULT_RESULT_MESSAGE
}
