// The adapter for a hosted-page card gateway. Soko never sees a card number: the shopper types it on the
// provider's page, and Soko learns the outcome from a signed webhook and from asking the provider (verify).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { exchange, isRecord, type Json } from '../provider-http.ts'

export interface CardCharge {
  reference: string
  status: 'success' | 'failed' | 'abandoned' | 'pending'
  amountCents: number
  currency: string
  /** The provider's words for the outcome (`gateway_response`), e.g. "Approved", "Declined". */
  message: string
  last4: string | null
  brand: string | null
  /** MM/YY. */
  expiry: string | null
}

/** A refund of a card payment as the provider tells it: processed (money on its way back), pending, or failed. */
export interface CardRefund {
  /** The provider's refund id. */
  id: string
  /** The refunded transaction's reference (ours). */
  reference: string
  status: 'processed' | 'pending' | 'failed'
  amountCents: number
  /** Our key for the refund, carried in the merchant note (see `refund`). */
  key: string | null
}

/** A verified webhook: about a payment (`charge.*`) or a refund (`refund.*`). */
export type CardWebhook = { event: string; charge: CardCharge } | { event: string; refund: CardRefund }

export interface CardProvider {
  readonly name: string
  /** Starts a hosted-page payment; returns where to send the shopper. */
  initialize(input: {
    reference: string
    amountCents: number
    email: string
    callbackUrl: string
    metadata?: Record<string, string>
  }): Promise<{ redirectUrl: string }>
  /** Asks the provider for the truth about a payment. */
  verify(reference: string): Promise<CardCharge>
  /**
   * Refunds `amountCents` of a paid transaction (all that is left of it when absent). `key` is our own id for the
   * refund, sent as the merchant note: a repeat with the same key is the same refund, never a second one.
   */
  refund(reference: string, amountCents: number, key: string): Promise<CardRefund>
  /** Asks the provider how a refund stands. */
  fetchRefund(id: string): Promise<CardRefund>
  /** Checks a webhook's signature over its exact raw body; returns the event, or null when forged or malformed. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): CardWebhook | null
}

/** The provider refused or could not be reached (`httpStatus` 0). */
export class CardProviderError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message)
    this.name = 'CardProviderError'
  }
}

/** Paystack's transaction statuses, folded into ours: anything not final is still pending. */
function chargeStatus(status: unknown): CardCharge['status'] {
  if (status === 'success' || status === 'failed' || status === 'abandoned') return status
  if (status === 'reversed') return 'failed'
  return 'pending'
}

/** A Paystack transaction (verify's `data`, or a webhook's) as a CardCharge; null when it lacks the essentials. */
function toCharge(data: unknown): CardCharge | null {
  if (!isRecord(data) || typeof data.reference !== 'string') return null
  if (typeof data.amount !== 'number' || !Number.isInteger(data.amount)) return null
  const authorization = isRecord(data.authorization) ? data.authorization : {}
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
  // Paystack sends the expiry as strings ("12", "2030"); numbers are read too.
  const digits = (value: unknown) =>
    (typeof value === 'string' || typeof value === 'number') && /^\d{1,4}$/.test(String(value)) ? String(value) : null
  const month = digits(authorization.exp_month)
  const year = digits(authorization.exp_year)
  return {
    reference: data.reference,
    status: chargeStatus(data.status),
    amountCents: data.amount,
    currency: text(data.currency) ?? 'KES',
    message: text(data.gateway_response) ?? '',
    last4: text(authorization.last4),
    brand: text(authorization.brand),
    expiry: month !== null && year !== null ? `${month.padStart(2, '0')}/${year.slice(-2)}` : null,
  }
}

/** Paystack's refund statuses folded into ours: anything not final is pending. */
function refundStatus(status: unknown): CardRefund['status'] {
  if (status === 'processed') return 'processed'
  if (status === 'failed') return 'failed'
  return 'pending'
}

/**
 * A Paystack refund (the Refund API's `data`, or a `refund.*` webhook's) as a CardRefund; null when it lacks the
 * essentials. The API names the transaction in `transaction.reference`, the webhook in `transaction_reference`;
 * amounts may come as numbers or numeric text.
 */
function toRefund(data: unknown): CardRefund | null {
  if (!isRecord(data)) return null
  const id = typeof data.id === 'number' || typeof data.id === 'string' ? String(data.id) : ''
  const transaction = isRecord(data.transaction) ? data.transaction : {}
  const reference =
    typeof data.transaction_reference === 'string'
      ? data.transaction_reference
      : typeof transaction.reference === 'string'
        ? transaction.reference
        : ''
  const amount = typeof data.amount === 'string' && /^\d+$/.test(data.amount) ? Number(data.amount) : data.amount
  if (id === '' || reference === '' || typeof amount !== 'number' || !Number.isInteger(amount)) return null
  return {
    id,
    reference,
    status: refundStatus(data.status),
    amountCents: amount,
    key: typeof data.merchant_note === 'string' && data.merchant_note !== '' ? data.merchant_note : null,
  }
}

/** Paystack's API, or anything that speaks it (the local test provider in development and tests). */
export class PaystackCompatibleProvider implements CardProvider {
  readonly name: string

  constructor(private readonly settings: { name: string; baseUrl: string; secretKey: string; timeoutMs?: number }) {
    this.name = settings.name
  }

  async initialize(input: {
    reference: string
    amountCents: number
    email: string
    callbackUrl: string
    metadata?: Record<string, string>
  }): Promise<{ redirectUrl: string }> {
    const data = await this.send('/transaction/initialize', {
      method: 'POST',
      body: JSON.stringify({
        email: input.email,
        amount: input.amountCents,
        currency: 'KES',
        reference: input.reference,
        callback_url: input.callbackUrl,
        ...(input.metadata === undefined ? {} : { metadata: input.metadata }),
      }),
    })
    if (typeof data.authorization_url !== 'string') {
      throw new CardProviderError(200, 'The card provider answered without a payment page address')
    }
    return { redirectUrl: data.authorization_url }
  }

  async verify(reference: string): Promise<CardCharge> {
    const data = await this.send(`/transaction/verify/${encodeURIComponent(reference)}`, { method: 'GET' })
    const charge = toCharge(data)
    if (charge === null) throw new CardProviderError(200, 'The card provider answered an unreadable transaction')
    // A provider answering for another reference must not settle this one.
    if (charge.reference !== reference) throw new CardProviderError(200, 'The card provider answered another reference')
    return charge
  }

  async refund(reference: string, amountCents: number, key: string): Promise<CardRefund> {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
      throw new CardProviderError(0, 'A refund is of a whole, positive number of cents')
    }
    const data = await this.send('/refund', {
      method: 'POST',
      body: JSON.stringify({ transaction: reference, amount: amountCents, currency: 'KES', merchant_note: key }),
    })
    const refund = toRefund(data)
    if (refund === null) throw new CardProviderError(200, 'The card provider answered an unreadable refund')
    if (refund.reference !== reference) throw new CardProviderError(200, 'The card provider refunded another reference')
    return refund
  }

  async fetchRefund(id: string): Promise<CardRefund> {
    const data = await this.send(`/refund/${encodeURIComponent(id)}`, { method: 'GET' })
    const refund = toRefund(data)
    if (refund === null) throw new CardProviderError(200, 'The card provider answered an unreadable refund')
    if (refund.id !== id) throw new CardProviderError(200, 'The card provider answered another refund')
    return refund
  }

  /** The signature is a hex HMAC-SHA512 of the exact bytes received, keyed with the secret key. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): CardWebhook | null {
    const header = headers['x-paystack-signature']
    const signature = Array.isArray(header) ? header[0] : header
    if (signature === undefined || !/^[0-9a-f]{128}$/i.test(signature)) return null
    const expected = createHmac('sha512', this.settings.secretKey).update(rawBody).digest()
    if (!timingSafeEqual(Buffer.from(signature, 'hex'), expected)) return null
    let body: unknown
    try {
      body = JSON.parse(rawBody.toString('utf8'))
    } catch {
      return null
    }
    if (!isRecord(body) || typeof body.event !== 'string') return null
    if (body.event.startsWith('refund.')) {
      const refund = toRefund(body.data)
      return refund === null ? null : { event: body.event, refund }
    }
    const charge = toCharge(body.data)
    return charge === null ? null : { event: body.event, charge }
  }

  /** One exchange with Paystack's `{status, message, data}` envelope; answers `data`. */
  private async send(path: string, init: RequestInit): Promise<Json> {
    const headers = { authorization: `Bearer ${this.settings.secretKey}`, 'content-type': 'application/json' }
    const { response, json } = await exchange(
      this.settings,
      path,
      { ...init, headers },
      (reason) => new CardProviderError(0, `The card provider could not be reached: ${reason}`),
    )
    const envelope = json ?? {}
    if (!response.ok || envelope.status !== true) {
      const message = typeof envelope.message === 'string' ? envelope.message : `Answered ${response.status}`
      throw new CardProviderError(response.ok ? 502 : response.status, message)
    }
    if (!isRecord(envelope.data)) throw new CardProviderError(response.status, 'The card provider answered no data')
    return envelope.data
  }
}
