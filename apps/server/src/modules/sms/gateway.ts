// The one interface every SMS gateway is used through (decision 0029), and Africa's Talking's adapter for it: the
// built-in stand-in (apps/payment-simulators) speaks the same protocol, so the same adapter talks to either.

/** One recipient's answer to a send. */
export interface SmsRecipientResult {
  /** E.164, as sent. */
  number: string
  /** The gateway's code: 100-102 accepted; 4xx refused for good (bad number, no balance, blacklisted); 5xx its fault. */
  statusCode: number
  status: string
  /** Null when it was not accepted. */
  messageId: string | null
  cost: string
}

export interface SmsGateway {
  /** Sends one text to one or more numbers (a bulk send) from the sender id; one result per number. */
  send(message: { to: readonly string[]; text: string }): Promise<SmsRecipientResult[]>
}

/**
 * A send that failed as a whole. `notSent`: the gateway certainly did not take it (no connection, or an error answer),
 * so sending again cannot make a second text; otherwise it may have gone (a timeout after the request left).
 */
export class SmsGatewayError extends Error {
  override name = 'SmsGatewayError'
  constructor(
    message: string,
    readonly notSent: boolean,
  ) {
    super(message)
  }
}

/** Codes the gateway answers for an accepted text: Processed, Sent, Queued. */
export const isAccepted = (statusCode: number) => statusCode >= 100 && statusCode < 200

export interface AfricasTalkingOptions {
  baseUrl: string
  username: string
  apiKey: string
  /** Unset: the account's default sender. */
  senderId: string | undefined
  timeoutMs?: number
}

/** Connection errors that happen before a request can have reached the gateway. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])

function causeCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined
  return typeof cause?.code === 'string' ? cause.code : undefined
}

/**
 * Africa's Talking's SMS API: POST {base}/version1/messaging, form-encoded `username`, `to` (numbers joined by
 * commas), `message` and `from`, the `apiKey` header; the answer's `SMSMessageData.Recipients` has one entry per
 * number with its statusCode and messageId (delivery reports name that id).
 */
export class AfricasTalkingSms implements SmsGateway {
  constructor(private readonly options: AfricasTalkingOptions) {}

  async send(message: { to: readonly string[]; text: string }): Promise<SmsRecipientResult[]> {
    const { baseUrl, username, apiKey, senderId, timeoutMs = 15_000 } = this.options
    const form = new URLSearchParams({ username, to: message.to.join(','), message: message.text })
    if (senderId !== undefined) form.set('from', senderId)
    let answer: Response
    try {
      answer = await fetch(`${baseUrl}/version1/messaging`, {
        method: 'POST',
        headers: {
          apiKey,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      const code = causeCode(error)
      throw new SmsGatewayError(
        `SMS gateway unreachable${code ? ` (${code})` : ''}: ${error instanceof Error ? error.message : String(error)}`,
        code !== undefined && NOT_CONNECTED.has(code),
      )
    }
    const body = await answer.text()
    if (!answer.ok) {
      // An error status: the gateway says it did not take the message.
      throw new SmsGatewayError(`SMS gateway answered ${answer.status}: ${body.slice(0, 200)}`, true)
    }
    return parseRecipients(body, message.to)
  }
}

/** The recipients of a send's answer; an answer we cannot read may still have sent the text (not "notSent"). */
function parseRecipients(body: string, to: readonly string[]): SmsRecipientResult[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    throw new SmsGatewayError(`SMS gateway answered something that is not JSON: ${body.slice(0, 200)}`, false)
  }
  const data = (parsed as { SMSMessageData?: { Recipients?: unknown } } | null)?.SMSMessageData
  const recipients = Array.isArray(data?.Recipients) ? (data.Recipients as unknown[]) : null
  if (recipients === null) throw new SmsGatewayError('SMS gateway answered without recipients', false)
  const results = recipients.flatMap((entry): SmsRecipientResult[] => {
    if (typeof entry !== 'object' || entry === null) return []
    const row = entry as Record<string, unknown>
    const statusCode = Number(row.statusCode)
    const messageId = typeof row.messageId === 'string' && row.messageId !== 'None' ? row.messageId : null
    return [
      {
        number: String(row.number ?? ''),
        statusCode: Number.isFinite(statusCode) ? statusCode : 0,
        status: String(row.status ?? ''),
        messageId: isAccepted(statusCode) ? messageId : null,
        cost: String(row.cost ?? ''),
      },
    ]
  })
  // A number the answer does not mention was not accepted (Africa's Talking drops numbers it cannot parse).
  return to.map(
    (number) =>
      results.find((result) => result.number === number) ?? {
        number,
        statusCode: 403,
        status: 'InvalidPhoneNumber',
        messageId: null,
        cost: '0',
      },
  )
}
