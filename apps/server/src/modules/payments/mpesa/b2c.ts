// The adapter for Daraja's B2C (Business to Customer) payments and Transaction Status, and the pure readers of
// their Results. It shares the STK client's token (one token per consumer key: a new one may invalidate the old)
// and knows the wire format only: what a payout or a refund is belongs to the modules that call it.
import { constants, createPublicKey, type KeyObject, publicEncrypt, X509Certificate } from 'node:crypto'
import { isRecord, type Json } from '../provider-http.ts'
import { type DarajaClient, DarajaError, toDarajaMsisdn } from './daraja.ts'

export type B2cCommandId = 'BusinessPayment' | 'SalaryPayment' | 'PromotionPayment'

export interface B2cSettings {
  /** The B2C shortcode money is paid from (PartyA). */
  shortCode: string
  /** The API operator: `InitiatorName` in B2C, `Initiator` in Transaction Status. */
  initiatorName: string
  /** The initiator password encrypted with M-Pesa's certificate (see `securityCredential`). */
  securityCredential: string
  /** BusinessPayment unless set. */
  commandId?: B2cCommandId
}

/** Daraja's limits for one B2C payment [reference 6.2], in cents. */
export const B2C_MIN_CENTS = 10_00
export const B2C_MAX_CENTS = 250_000_00

/** Daraja's answer to a second request with the same OriginatorConversationID. */
export const DUPLICATE_ORIGINATOR = '500.002.1001'

/**
 * Why a B2C request failed, which tells the caller whether the money may have moved:
 * - `refused`: Daraja (or this adapter, before sending) refused it; no payment exists, the request may be fixed
 *   and sent again.
 * - `duplicate`: Daraja already holds a request with this OriginatorConversationID; never resend, ask Transaction
 *   Status or wait for its Result.
 * - `uncertain`: no usable answer (network, timeout, a 5xx): the payment may exist; ask Transaction Status before
 *   deciding anything.
 */
export type B2cFailure = 'refused' | 'duplicate' | 'uncertain'

export class B2cSendError extends DarajaError {
  constructor(
    readonly failure: B2cFailure,
    httpStatus: number,
    errorCode: string,
    message: string,
  ) {
    super(httpStatus, errorCode, message)
    this.name = 'B2cSendError'
  }
}

const ORIGINATOR_ID = /^[A-Za-z0-9_.:-]{1,100}$/

/**
 * The public key inside an M-Pesa certificate file: an X.509 certificate as PEM or DER (what Safaricom ships), or a
 * bare PEM public key (what the simulator hands out).
 */
export function certificatePublicKey(contents: string | Buffer): KeyObject {
  try {
    return new X509Certificate(contents).publicKey
  } catch {
    try {
      return createPublicKey(contents)
    } catch {
      throw new Error('The M-Pesa certificate is neither an X.509 certificate nor a PEM public key')
    }
  }
}

/**
 * The SecurityCredential: the initiator password encrypted with M-Pesa's public key, RSA with PKCS #1 v1.5 padding
 * (not OAEP), base64 [reference 6.2]. The padding is random, so each call answers a different, equally valid text.
 */
export function securityCredential(initiatorPassword: string, certificate: string | Buffer): string {
  if (initiatorPassword === '') throw new Error('The initiator password is empty')
  const key = certificatePublicKey(certificate)
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(initiatorPassword)).toString('base64')
}

/** Free text Daraja carries back in results: no control characters, spaces collapsed, at most `max` characters. */
function cleanText(text: string, max: number): string {
  return text
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim()
}

function requireUrl(url: string, field: string): void {
  let parsed: URL | null = null
  try {
    parsed = new URL(url)
  } catch {
    // refused below
  }
  if (parsed === null || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new B2cSendError('refused', 0, 'invalid_url', `${field} must be an http(s) URL`)
  }
}

const formatKes = (cents: number) =>
  `KES ${(cents / 100).toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** The failure a DarajaError from sending stands for (see B2cFailure). */
function classify(error: DarajaError): B2cFailure {
  if (error.errorCode === DUPLICATE_ORIGINATOR) return 'duplicate'
  if (error.httpStatus === 0) return error.errorCode === 'network' ? 'uncertain' : 'refused'
  if (error.httpStatus >= 400 && error.httpStatus < 500) return 'refused'
  return 'uncertain'
}

export class DarajaB2cClient {
  constructor(
    private readonly daraja: DarajaClient,
    private readonly settings: B2cSettings,
  ) {}

  /**
   * Asks M-Pesa to pay `amountCents` to `phone`. Daraja pays whole shillings only: an amount with cents is refused
   * here (`invalid_amount`), never rounded, so what the ledger says was sent is what M-Pesa sends; the caller
   * decides what to do with cents. `originatorId` is the OriginatorConversationID: unique per payment and reused
   * for every retry of it, so Daraja refuses a second copy (`duplicate`) instead of paying twice. The answer only
   * means the request was accepted: the Result comes to `resultUrl`.
   */
  async sendB2C(input: {
    originatorId: string
    phone: string
    amountCents: number
    remarks: string
    occasion?: string
    resultUrl: string
    timeoutUrl: string
  }): Promise<{ conversationId: string; originatorConversationId: string; responseDescription: string }> {
    const { amountCents } = input
    if (!Number.isSafeInteger(amountCents) || amountCents % 100 !== 0) {
      throw new B2cSendError(
        'refused',
        0,
        'invalid_amount',
        Number.isFinite(amountCents)
          ? `M-Pesa pays whole shillings only: ${formatKes(amountCents)} has cents`
          : 'The amount is not a number',
      )
    }
    if (amountCents < B2C_MIN_CENTS || amountCents > B2C_MAX_CENTS) {
      throw new B2cSendError(
        'refused',
        0,
        'invalid_amount',
        `M-Pesa pays from ${formatKes(B2C_MIN_CENTS)} to ${formatKes(B2C_MAX_CENTS)} at a time`,
      )
    }
    if (!ORIGINATOR_ID.test(input.originatorId)) {
      throw new B2cSendError(
        'refused',
        0,
        'invalid_originator',
        'The originator id must be 1-100 letters, digits or _.:-',
      )
    }
    const msisdn = toDarajaMsisdn(input.phone)
    if (msisdn === null) {
      throw new B2cSendError('refused', 0, 'invalid_phone', 'Not a Kenyan mobile number that can receive M-Pesa')
    }
    const remarks = cleanText(input.remarks, 100)
    if (remarks.length < 2) throw new B2cSendError('refused', 0, 'invalid_remarks', 'Remarks need 2 to 100 characters')
    const occasion = cleanText(input.occasion ?? '', 100)
    requireUrl(input.resultUrl, 'ResultURL')
    requireUrl(input.timeoutUrl, 'QueueTimeOutURL')

    const { shortCode, initiatorName, securityCredential: credential, commandId = 'BusinessPayment' } = this.settings
    let body: Json
    try {
      body = await this.daraja.authorized('/mpesa/b2c/v3/paymentrequest', () => ({
        OriginatorConversationID: input.originatorId,
        InitiatorName: initiatorName,
        SecurityCredential: credential,
        CommandID: commandId,
        Amount: amountCents / 100,
        PartyA: shortCode,
        PartyB: msisdn,
        Remarks: remarks,
        QueueTimeOutURL: input.timeoutUrl,
        ResultURL: input.resultUrl,
        // Double "s": B2C's own spelling.
        ...(occasion === '' ? {} : { Occassion: occasion }),
      }))
    } catch (error) {
      if (error instanceof DarajaError) {
        throw new B2cSendError(classify(error), error.httpStatus, error.errorCode, error.message)
      }
      throw error
    }
    if (String(body.ResponseCode) !== '0') {
      const description = typeof body.ResponseDescription === 'string' ? body.ResponseDescription : ''
      throw new B2cSendError('refused', 200, `response_${String(body.ResponseCode)}`, description)
    }
    if (typeof body.ConversationID !== 'string' || body.ConversationID === '') {
      throw new B2cSendError(
        'uncertain',
        200,
        'invalid_response',
        'Daraja accepted the payment without its ConversationID',
      )
    }
    return {
      conversationId: body.ConversationID,
      originatorConversationId:
        typeof body.OriginatorConversationID === 'string' ? body.OriginatorConversationID : input.originatorId,
      responseDescription: typeof body.ResponseDescription === 'string' ? body.ResponseDescription : '',
    }
  }

  /**
   * Asks M-Pesa how a payment ended, by its originator id (OriginalConversationID) or its receipt (TransactionID),
   * for a payment whose Result never came. Asynchronous too: the answer comes to `resultUrl` (read it with
   * `parseTransactionStatusResult`); this answers the query's own ids.
   */
  async queryTransactionStatus(input: {
    originatorId?: string
    transactionId?: string
    resultUrl: string
    timeoutUrl: string
    remarks?: string
    occasion?: string
  }): Promise<{ conversationId: string; originatorConversationId: string }> {
    if (input.originatorId === undefined && input.transactionId === undefined) {
      throw new DarajaError(0, 'invalid_query', 'A status query needs the originator id or the transaction id')
    }
    requireUrl(input.resultUrl, 'ResultURL')
    requireUrl(input.timeoutUrl, 'QueueTimeOutURL')
    const remarks = cleanText(input.remarks ?? '', 100) || 'Payout status'
    const occasion = cleanText(input.occasion ?? '', 100)
    const { shortCode, initiatorName, securityCredential: credential } = this.settings
    const body = await this.daraja.authorized('/mpesa/transactionstatus/v1/query', () => ({
      // Transaction Status says Initiator where B2C says InitiatorName, and Occasion with one "s".
      Initiator: initiatorName,
      SecurityCredential: credential,
      CommandID: 'TransactionStatusQuery',
      ...(input.transactionId === undefined ? {} : { TransactionID: input.transactionId }),
      ...(input.originatorId === undefined ? {} : { OriginalConversationID: input.originatorId }),
      PartyA: shortCode,
      IdentifierType: '4',
      ResultURL: input.resultUrl,
      QueueTimeOutURL: input.timeoutUrl,
      Remarks: remarks,
      ...(occasion === '' ? {} : { Occasion: occasion }),
    }))
    if (String(body.ResponseCode) !== '0') {
      const description = typeof body.ResponseDescription === 'string' ? body.ResponseDescription : ''
      throw new DarajaError(200, `response_${String(body.ResponseCode)}`, description)
    }
    if (typeof body.ConversationID !== 'string' || typeof body.OriginatorConversationID !== 'string') {
      throw new DarajaError(200, 'invalid_response', 'Daraja accepted the status query without its ids')
    }
    return { conversationId: body.ConversationID, originatorConversationId: body.OriginatorConversationID }
  }
}

// ---- Results ------------------------------------------------------------------------------------------------------

export type B2cResult =
  | {
      outcome: 'paid'
      originatorConversationId: string
      conversationId: string
      /** The M-Pesa receipt (TransactionReceipt; the same as TransactionID). */
      receipt: string
      amountCents: number
      /** `2547… - NAME` as M-Pesa shows the receiver, when given. */
      receiverName: string | null
      completedAt: Date | null
      /** What is left in the B2C Utility account, when given: the float that pays the next payouts. */
      utilityFundsCents: number | null
    }
  | {
      outcome: 'failed'
      originatorConversationId: string
      conversationId: string
      transactionId: string | null
      /** Daraja's ResultCode as text: `1`, `2001`, `SFC_IC0003`, ... */
      resultCode: string
      resultDesc: string
      /** What to tell the vendor or shopper who was to receive the money. */
      message: string
    }

/** A ResultParameter (or ReferenceItem) list: an array, or a lone object when there is one item. */
function parameters(list: unknown): Map<string, unknown> {
  const items = Array.isArray(list) ? list : isRecord(list) ? [list] : []
  const found = new Map<string, unknown>()
  for (const item of items) {
    // Keys are matched without spaces or case: status results say both "ConversationID" and "Conversation ID".
    if (isRecord(item) && typeof item.Key === 'string')
      found.set(item.Key.replace(/\s+/g, '').toLowerCase(), item.Value)
  }
  return found
}

/** ResultCode as text, from a number or a string; null when it is neither. */
function codeText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isInteger(value)) return String(value)
  if (typeof value === 'string' && /^[A-Za-z0-9_.-]{1,32}$/.test(value.trim())) return value.trim()
  return null
}

const isSuccess = (code: string) => /^0+$/.test(code)

/** Shillings (a number or numeric text, up to 2 decimals) as cents, or null. */
function toCents(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null
  return Math.round(Number(text) * 100)
}

function signedCents(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.round(value * 100)
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 100)
  return null
}

const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000

function nairobiDate(year: number, month: number, day: number, hour: number, minute: number, second: number) {
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second) - NAIROBI_OFFSET_MS)
  const local = new Date(date.getTime() + NAIROBI_OFFSET_MS)
  // Date.UTC rolls 31.02 over into March: such a date is not a date.
  return local.getUTCDate() === day && local.getUTCMonth() === month - 1 && local.getUTCHours() === hour ? date : null
}

/** The six numbers a date pattern captured, in `order` (the positions of year, month, day, hour, minute, second). */
function dateParts(match: RegExpExecArray | null, order: readonly number[]): Date | null {
  if (!match) return null
  const [year, month, day, hour, minute, second] = order.map((index) => Number(match[index])) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  return nairobiDate(year, month, day, hour, minute, second)
}

/** B2C's `DD.MM.YYYY HH:mm:ss`, Nairobi time, or null. */
export function parseB2cDateTime(value: unknown): Date | null {
  const text = typeof value === 'string' ? value : ''
  return dateParts(/^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text), [3, 2, 1, 4, 5, 6])
}

/** Transaction Status's `YYYYMMDDHHmmss` (a number or text), Nairobi time, or null. */
function parseCompactDateTime(value: unknown): Date | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : ''
  return dateParts(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text), [1, 2, 3, 4, 5, 6])
}

const nonEmpty = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null

/** The `Result` envelope's common fields, or null. */
function envelope(body: unknown) {
  const result = isRecord(body) ? body.Result : undefined
  if (!isRecord(result)) return null
  const resultCode = codeText(result.ResultCode)
  const originatorConversationId = nonEmpty(result.OriginatorConversationID)
  const conversationId = nonEmpty(result.ConversationID)
  if (resultCode === null || originatorConversationId === null || conversationId === null) return null
  return {
    result,
    resultCode,
    resultDesc: typeof result.ResultDesc === 'string' ? result.ResultDesc : '',
    originatorConversationId,
    conversationId,
    transactionId: nonEmpty(result.TransactionID),
    parameters: isRecord(result.ResultParameters) ? parameters(result.ResultParameters.ResultParameter) : new Map(),
  }
}

/**
 * Reads a B2C Result (the POST to ResultURL) into a paid or failed outcome, or answers null for anything not shaped
 * like one: no `Result`, no ResultCode, no conversation ids, or a success without a receipt or a valid amount
 * (which could not be settled, so it is refused rather than guessed). ResultCode may be a number or a string
 * (`"0"`, `"SFC_IC0003"`); parameters are found by Key, never by position.
 */
export function parseB2CResult(body: unknown): B2cResult | null {
  const read = envelope(body)
  if (read === null) return null
  const { resultCode, resultDesc, originatorConversationId, conversationId, transactionId } = read
  if (!isSuccess(resultCode)) {
    return {
      outcome: 'failed',
      originatorConversationId,
      conversationId,
      transactionId,
      resultCode,
      resultDesc,
      message: b2cResultMessage(resultCode),
    }
  }
  const p = read.parameters
  const receipt = nonEmpty(p.get('transactionreceipt')) ?? transactionId
  const amountCents = toCents(p.get('transactionamount'))
  if (receipt === null || amountCents === null || amountCents <= 0) return null
  return {
    outcome: 'paid',
    originatorConversationId,
    conversationId,
    receipt,
    amountCents,
    receiverName: nonEmpty(p.get('receiverpartypublicname')),
    completedAt: parseB2cDateTime(p.get('transactioncompleteddatetime')),
    utilityFundsCents: signedCents(p.get('b2cutilityaccountavailablefunds')),
  }
}

export type TransactionStatusResult =
  | {
      outcome: 'found'
      /** The status query's own ids (its acknowledgement carried the same). */
      queryConversationId: string
      queryOriginatorConversationId: string
      /** The queried payment's OriginatorConversationID, when the result names it. */
      originatorConversationId: string | null
      /** `completed` with receipt and amount; `failed`; `other` for any other TransactionStatus (e.g. pending). */
      status: 'completed' | 'failed' | 'other'
      statusText: string
      receipt: string | null
      amountCents: number | null
      finalisedAt: Date | null
      /** Why it failed, when M-Pesa says. */
      reason: string | null
    }
  | {
      outcome: 'query_failed'
      queryConversationId: string
      queryOriginatorConversationId: string
      resultCode: string
      resultDesc: string
    }

/**
 * Reads a Transaction Status Result. `found` says how the queried payment stands; `query_failed` means the query
 * itself failed (wrong initiator, unknown id, ...) and says nothing about the payment. A `Completed` status without
 * a receipt or an amount, and anything not shaped like a Result, answer null.
 */
export function parseTransactionStatusResult(body: unknown): TransactionStatusResult | null {
  const read = envelope(body)
  if (read === null) return null
  const query = {
    queryConversationId: read.conversationId,
    queryOriginatorConversationId: read.originatorConversationId,
  }
  if (!isSuccess(read.resultCode)) {
    return { outcome: 'query_failed', ...query, resultCode: read.resultCode, resultDesc: read.resultDesc }
  }
  const p = read.parameters
  const statusText = nonEmpty(p.get('transactionstatus'))
  if (statusText === null) return null
  const status = /^completed$/i.test(statusText)
    ? 'completed'
    : /^(failed|declined|cancelled)$/i.test(statusText)
      ? 'failed'
      : 'other'
  const receipt = nonEmpty(p.get('receiptno'))
  const amountCents = toCents(p.get('amount'))
  if (status === 'completed' && (receipt === null || amountCents === null || amountCents <= 0)) return null
  return {
    outcome: 'found',
    ...query,
    originatorConversationId: nonEmpty(p.get('originatorconversationid')),
    status,
    statusText,
    receipt,
    amountCents,
    finalisedAt: parseCompactDateTime(p.get('finalisedtime')),
    reason: nonEmpty(p.get('transactionreason')),
  }
}

/** What to tell the person a payout or refund was for, by B2C ResultCode (Daraja's descriptions are for engineers). */
export const B2C_RESULT_MESSAGES: Readonly<Record<string, string>> = {
  '1': "The marketplace's M-Pesa payout account did not have enough money for this payment.",
  '2': 'The amount is below the M-Pesa minimum of KES 10.',
  '3': 'The amount is above the M-Pesa limit for one payment.',
  '4': 'The payment would pass a daily M-Pesa limit.',
  '8': 'The payment would pass an M-Pesa account limit.',
  '11': "The marketplace's M-Pesa account cannot send money right now.",
  '21': "Safaricom refused the marketplace's M-Pesa payout settings.",
  '2001': "Safaricom refused the marketplace's M-Pesa payout settings.",
  '2006': "The marketplace's M-Pesa account cannot send money right now.",
  '2028': "The marketplace's M-Pesa account is not allowed to make this payment.",
  '2040': 'The receiving number is not registered for M-Pesa. Register it with M-Pesa or use another number.',
  '8006': "Safaricom has locked the marketplace's M-Pesa payout settings.",
  SFC_IC0003: 'The receiving number is not an M-Pesa number. Check the number.',
}

export const B2C_DEFAULT_RESULT_MESSAGE = 'M-Pesa did not complete this payment.'

export function b2cResultMessage(resultCode: string): string {
  return B2C_RESULT_MESSAGES[resultCode] ?? B2C_DEFAULT_RESULT_MESSAGE
}

/** A success M-Pesa reported in a B2C Result or a Transaction Status Result, for reconciliation. */
export interface B2cSuccess {
  originatorConversationId: string | null
  receipt: string
  amountCents: number
}

/**
 * The success a stored B2C message reports (`result`: a B2C Result; `status`: a Transaction Status Result), or null
 * for a failure, a pending status or anything unreadable.
 */
export function b2cSuccessOf(kind: 'result' | 'status', body: unknown): B2cSuccess | null {
  if (kind === 'result') {
    const result = parseB2CResult(body)
    if (result?.outcome !== 'paid') return null
    return {
      originatorConversationId: result.originatorConversationId,
      receipt: result.receipt,
      amountCents: result.amountCents,
    }
  }
  const status = parseTransactionStatusResult(body)
  if (status?.outcome !== 'found' || status.status !== 'completed' || status.receipt === null) return null
  if (status.amountCents === null) return null
  return {
    originatorConversationId: status.originatorConversationId,
    receipt: status.receipt,
    amountCents: status.amountCents,
  }
}
