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
  /** Checks a webhook's signature over its exact raw body; returns the event, or null when forged or malformed. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): { event: string; charge: CardCharge } | null
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

  /** The signature is a hex HMAC-SHA512 of the exact bytes received, keyed with the secret key. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): { event: string; charge: CardCharge } | null {
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
