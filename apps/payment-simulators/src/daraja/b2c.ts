// The simulator's B2C desk: Business to Customer payments (`/mpesa/b2c/v3/paymentrequest`, and the older v1 path)
// and Transaction Status (`/mpesa/transactionstatus/v1/query`), both asynchronous as on Daraja: a synchronous
// acknowledgement, then a Result POSTed to the ResultURL the request named.
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendJson } from '../http.ts'
import { B2C_PAID_DESC, type B2cOutcome, b2cOutcomeFor } from './b2c-outcomes.ts'
import { nairobiTimestamp } from './nairobi-time.ts'
import type { CredentialKeys } from './security-credential.ts'
import { asText, badRequest, DarajaFault, isHttpUrl, MSISDN, randomChars, readJson, wholeShillings } from './wire.ts'

export interface B2cDeskOptions {
  /** The B2C shortcode every request must name as PartyA. */
  shortCode: string
  initiatorName: string
  initiatorPassword: string
  /** The Utility account's balance at start, in shillings: payments draw it down. */
  floatKes: number
  resultDelayMs: number
}

export interface SimulatedB2cPayment {
  originatorConversationId: string
  conversationId: string
  commandId: string
  /** PartyB, 12 digits. */
  phone: string
  amount: number
  remarks: string
  occasion: string | null
  state: 'pending' | 'paid' | 'failed'
  resultCode: number | string | null
  resultDesc: string | null
  /** The M-Pesa receipt when paid; a transaction id of its own when failed; null while pending. */
  transactionId: string | null
  receiverName: string
  /** ISO time the payment was settled, null while pending. */
  completedAt: string | null
  /** Results our ResultURL accepted (2xx). */
  resultsSent: number
  /** Every POST tried, accepted or not. */
  resultAttempts: number
}

/** What the desk needs from the simulator around it. */
export interface B2cDeskTools {
  requireToken(request: IncomingMessage): void
  later(ms: number, run: () => void): void
  /** POSTs a JSON body with the simulator's retries; answers whether it was accepted. */
  deliver(url: string, body: string, onAttempt: () => void): Promise<boolean>
  keys: CredentialKeys
}

interface Payment extends SimulatedB2cPayment {
  resultUrl: string
  outcome: B2cOutcome
  initiatedAt: Date
  /** Resolved once the payment is settled, for status queries that arrive before. */
  settled: Promise<void>
  settle: () => void
  /** Whether the request's initiator and credential were right; a wrong one fails with 2001. */
  credentialsValid: boolean
}

const COMMAND_IDS = new Set(['BusinessPayment', 'SalaryPayment', 'PromotionPayment'])
const REASON_TYPES: Record<string, string> = {
  BusinessPayment: 'Business Payment to Customer via API',
  SalaryPayment: 'Salary Payment via API',
  PromotionPayment: 'Promotion Payment via API',
}
const MIN_AMOUNT_KES = 10
const MAX_AMOUNT_KES = 250_000
/** Illustrative: what the simulator charges per payment (Daraja's tariff is not in the reference). */
const FEE_CENTS = 2240
const ORIGINATOR_ID = /^[A-Za-z0-9_.:-]{1,100}$/
const ACCEPTED = 'Accept the service request successfully.'
const INVALID_INITIATOR = { code: 2001, desc: 'The initiator information is invalid.' }
const QUEUE_TIMEOUT_REFERENCE = 'https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit'
const NAMES = ['JOHN KAMAU', 'MARY WANJIKU', 'PETER OTIENO', 'GRACE AKINYI', 'JAMES MWANGI', 'FAITH CHEPKOECH']

/** `AG_YYYYMMDD_` and 20 hex digits, as Daraja's ConversationIDs look. */
const conversationId = () => `AG_${nairobiTimestamp().slice(0, 8)}_${randomBytes(10).toString('hex').slice(0, 20)}`

/** `DD.MM.YYYY HH:mm:ss`, Nairobi time: B2C's own date format, unlike STK's. */
function completedDateTime(date: Date): string {
  const s = nairobiTimestamp(date)
  return `${s.slice(6, 8)}.${s.slice(4, 6)}.${s.slice(0, 4)} ${s.slice(8, 10)}:${s.slice(10, 12)}:${s.slice(12, 14)}`
}

const kes = (cents: number) => Math.round(cents) / 100

/** A string of `min` to `max` characters, else Daraja's Bad Request naming the field. */
function text(body: Record<string, unknown>, field: string, min: number, max: number): string {
  const value = body[field]
  if (typeof value !== 'string' || value.trim().length < min || value.length > max) throw badRequest(field)
  return value
}

function optionalText(body: Record<string, unknown>, field: string, max: number): string | null {
  const value = body[field]
  if (value === undefined || value === null || value === '') return null
  if (typeof value !== 'string' || value.length > max) throw badRequest(field)
  return value
}

function url(body: Record<string, unknown>, field: string): string {
  const value = body[field]
  if (typeof value !== 'string' || !isHttpUrl(value)) throw badRequest(field)
  return value
}

export function createB2cDesk(options: B2cDeskOptions, tools: B2cDeskTools) {
  const payments = new Map<string, Payment>() // by OriginatorConversationID
  let utilityCents = Math.round(options.floatKes * 100)
  let chargesCents = 0

  function credentialsValid(name: string, credential: string): boolean {
    return name === options.initiatorName && tools.keys.open(credential) === options.initiatorPassword
  }

  function partyA(body: Record<string, unknown>): void {
    if (asText(body.PartyA) !== options.shortCode) throw badRequest('PartyA')
  }

  /** POST /mpesa/b2c/v3/paymentrequest (v1 too, where OriginatorConversationID did not exist yet). */
  async function pay(request: IncomingMessage, response: ServerResponse, version: 'v1' | 'v3'): Promise<void> {
    tools.requireToken(request)
    const body = await readJson(request)
    let originatorId = body.OriginatorConversationID
    if (originatorId === undefined && version === 'v1') originatorId = `${randomChars(5, '0123456789')}-${Date.now()}`
    if (typeof originatorId !== 'string' || !ORIGINATOR_ID.test(originatorId)) {
      throw badRequest('OriginatorConversationID')
    }
    const initiatorName = text(body, 'InitiatorName', 1, 100)
    const credential = text(body, 'SecurityCredential', 1, 4096)
    const commandId = body.CommandID
    if (typeof commandId !== 'string' || !COMMAND_IDS.has(commandId)) throw badRequest('CommandID')
    const amount = wholeShillings(body.Amount, MIN_AMOUNT_KES, MAX_AMOUNT_KES)
    if (Number.isNaN(amount)) throw badRequest('Amount')
    partyA(body)
    const phone = asText(body.PartyB)
    if (phone === null || !MSISDN.test(phone)) throw badRequest('PartyB')
    const remarks = text(body, 'Remarks', 2, 100)
    // Checked but never called: Daraja's QueueTimeOutURL payload is undocumented, so a timeout is only silence.
    url(body, 'QueueTimeOutURL')
    const resultUrl = url(body, 'ResultURL')
    // Double "s" in B2C.
    const occasion = optionalText(body, 'Occassion', 100)
    if (payments.has(originatorId)) {
      throw new DarajaFault(500, '500.002.1001', 'Duplicate OriginatorConversationID.')
    }

    let settle = () => {}
    const settled = new Promise<void>((resolve) => {
      settle = resolve
    })
    const payment: Payment = {
      originatorConversationId: originatorId,
      conversationId: conversationId(),
      commandId,
      phone,
      amount,
      remarks,
      occasion,
      state: 'pending',
      resultCode: null,
      resultDesc: null,
      transactionId: null,
      receiverName: NAMES[Number(phone.slice(-2)) % NAMES.length] ?? 'JOHN KAMAU',
      completedAt: null,
      resultsSent: 0,
      resultAttempts: 0,
      resultUrl,
      outcome: b2cOutcomeFor(phone),
      initiatedAt: new Date(),
      settled,
      settle,
      credentialsValid: credentialsValid(initiatorName, credential),
    }
    payments.set(originatorId, payment)
    tools.later(options.resultDelayMs, () => resolve(payment))
    sendJson(response, 200, {
      ConversationID: payment.conversationId,
      OriginatorConversationID: payment.originatorConversationId,
      ResponseCode: '0',
      ResponseDescription: ACCEPTED,
    })
  }

  /** M-Pesa settles the payment: the float is checked and drawn, then the Result is posted as the outcome says. */
  function resolve(payment: Payment): void {
    let { resultCode, resultDesc } = payment.outcome
    const amountCents = payment.amount * 100
    if (!payment.credentialsValid) {
      resultCode = INVALID_INITIATOR.code
      resultDesc = INVALID_INITIATOR.desc
    } else if (resultCode === 0 && amountCents > utilityCents) {
      resultCode = 1
      resultDesc = 'The balance is insufficient for the transaction.'
    }
    const completedAt = new Date()
    payment.resultCode = resultCode
    payment.resultDesc = resultDesc
    payment.state = resultCode === 0 ? 'paid' : 'failed'
    payment.transactionId = randomChars(10)
    payment.completedAt = completedAt.toISOString()
    if (payment.state === 'paid') {
      utilityCents -= amountCents
      chargesCents -= FEE_CENTS
    }
    payment.settle()

    const result: Record<string, unknown> = {
      ResultType: 0,
      ResultCode: resultCode,
      ResultDesc: resultDesc,
      OriginatorConversationID: payment.originatorConversationId,
      ConversationID: payment.conversationId,
      TransactionID: payment.transactionId,
    }
    if (payment.state === 'paid') {
      result.ResultParameters = {
        ResultParameter: [
          { Key: 'TransactionAmount', Value: payment.amount },
          { Key: 'TransactionReceipt', Value: payment.transactionId },
          { Key: 'ReceiverPartyPublicName', Value: `${payment.phone} - ${payment.receiverName}` },
          { Key: 'TransactionCompletedDateTime', Value: completedDateTime(completedAt) },
          { Key: 'B2CUtilityAccountAvailableFunds', Value: kes(utilityCents) },
          { Key: 'B2CWorkingAccountAvailableFunds', Value: 0 },
          { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
          { Key: 'B2CChargesPaidAccountAvailableFunds', Value: kes(chargesCents) },
        ],
      }
    }
    result.ReferenceData = { ReferenceItem: { Key: 'QueueTimeoutURL', Value: QUEUE_TIMEOUT_REFERENCE } }
    const body = JSON.stringify({ Result: result })
    const times = payment.credentialsValid ? payment.outcome.results : 1
    void (async () => {
      for (let n = 0; n < times; n++) {
        const accepted = await tools.deliver(payment.resultUrl, body, () => {
          payment.resultAttempts++
        })
        if (accepted) payment.resultsSent++
      }
    })()
  }

  /** The payment a status query names: by receipt (TransactionID), or by either conversation id. */
  function find(transactionId: string | null, conversation: string | null): Payment | undefined {
    for (const payment of payments.values()) {
      if (transactionId !== null && payment.transactionId === transactionId) return payment
      if (
        conversation !== null &&
        (payment.originatorConversationId === conversation || payment.conversationId === conversation)
      ) {
        return payment
      }
    }
    return undefined
  }

  /** POST /mpesa/transactionstatus/v1/query: acknowledged at once; the Result goes to ResultURL once settled. */
  async function status(request: IncomingMessage, response: ServerResponse): Promise<void> {
    tools.requireToken(request)
    const body = await readJson(request)
    // Transaction Status says Initiator where B2C says InitiatorName.
    const initiator = text(body, 'Initiator', 1, 100)
    const credential = text(body, 'SecurityCredential', 1, 4096)
    if (body.CommandID !== 'TransactionStatusQuery') throw badRequest('CommandID')
    const transactionId = optionalText(body, 'TransactionID', 100)
    const conversation = optionalText(body, 'OriginalConversationID', 100)
    if (transactionId === null && conversation === null) throw badRequest('TransactionID')
    partyA(body)
    if (asText(body.IdentifierType) !== '4') throw badRequest('IdentifierType')
    const resultUrl = url(body, 'ResultURL')
    url(body, 'QueueTimeOutURL')
    text(body, 'Remarks', 1, 100)
    const occasion = optionalText(body, 'Occasion', 100)
    const payment = find(transactionId, conversation)
    // Not described by the reference: the simulator refuses an id it never issued at once.
    if (payment === undefined) throw badRequest(transactionId !== null ? 'TransactionID' : 'OriginalConversationID')

    const query = {
      originatorConversationId: `${randomChars(5, '0123456789')}-${Date.now()}`,
      conversationId: conversationId(),
    }
    const valid = credentialsValid(initiator, credential)
    tools.later(options.resultDelayMs, () => {
      void payment.settled.then(() => {
        const reply = JSON.stringify({ Result: statusResult(payment, query, valid, occasion) })
        void tools.deliver(resultUrl, reply, () => {})
      })
    })
    sendJson(response, 200, {
      OriginatorConversationID: query.originatorConversationId,
      ConversationID: query.conversationId,
      ResponseCode: '0',
      ResponseDescription: ACCEPTED,
    })
  }

  function statusResult(
    payment: Payment,
    query: { originatorConversationId: string; conversationId: string },
    valid: boolean,
    occasion: string | null,
  ): Record<string, unknown> {
    const envelope = {
      ResultType: 0,
      ResultCode: valid ? 0 : INVALID_INITIATOR.code,
      ResultDesc: valid ? B2C_PAID_DESC : INVALID_INITIATOR.desc,
      OriginatorConversationID: query.originatorConversationId,
      ConversationID: query.conversationId,
      TransactionID: payment.transactionId,
    }
    const reference = { ReferenceItem: occasion === null ? { Key: 'Occasion' } : { Key: 'Occasion', Value: occasion } }
    if (!valid) return { ...envelope, ReferenceData: reference }
    const initiated = Number(nairobiTimestamp(payment.initiatedAt))
    const finalised = Number(nairobiTimestamp(new Date(payment.completedAt ?? Date.now())))
    const paid = payment.state === 'paid'
    const parameters: { Key: string; Value?: unknown }[] = [
      { Key: 'DebitPartyName', Value: `${options.shortCode} - Soko Simulator` },
      { Key: 'CreditPartyName', Value: `${payment.phone} - ${payment.receiverName}` },
      { Key: 'Originator Conversation ID', Value: payment.originatorConversationId },
      { Key: 'InitiatedTime', Value: initiated },
      { Key: 'DebitAccountType', Value: 'Utility Account' },
      { Key: 'DebitPartyCharges', Value: paid ? `Fee For B2C Payment|KES|${(FEE_CENTS / 100).toFixed(2)}` : '' },
      // The simulator's choice for a failed payment (the reference shows only a completed one): why it failed.
      paid ? { Key: 'TransactionReason' } : { Key: 'TransactionReason', Value: payment.resultDesc ?? '' },
      { Key: 'ReasonType', Value: REASON_TYPES[payment.commandId] ?? 'Business Payment to Customer via API' },
      { Key: 'TransactionStatus', Value: paid ? 'Completed' : 'Failed' },
      { Key: 'FinalisedTime', Value: finalised },
      { Key: 'Amount', Value: payment.amount },
      { Key: 'Conversation ID', Value: payment.conversationId },
      { Key: 'ReceiptNo', Value: paid ? payment.transactionId : '' },
    ]
    return { ...envelope, ResultParameters: { ResultParameter: parameters }, ReferenceData: reference }
  }

  const list = (): SimulatedB2cPayment[] =>
    [...payments.values()].map(
      ({ resultUrl: _u, outcome: _o, initiatedAt: _i, settled: _s, settle: _t, credentialsValid: _c, ...payment }) => ({
        ...payment,
      }),
    )

  /** The marketplace tops up its B2C float (what an operator does after an "insufficient float" failure). */
  const topUp = (kesAmount: number): void => {
    utilityCents += Math.round(kesAmount * 100)
  }

  return { pay, status, list, floatKes: () => kes(utilityCents), topUp }
}
