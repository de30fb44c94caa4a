import { type Cents, formatKes } from './money.ts'

// Text messages: how long a text is in SMS parts, and the words of every text Soko sends about an order. A text
// that fits one part (160 GSM-7 characters) costs one SMS; one character outside GSM-7 (an emoji in a shop's
// name, a curly quote) turns the whole text into UCS-2 at 70 characters a part, so every text is built in GSM-7.

/** One part of a GSM-7 text; a longer text is sent in parts of 153 (7 go to the header joining them). */
export const SMS_PART_CHARS = 160
const GSM7_MULTIPART_CHARS = 153
const UCS2_PART_CHARS = 70
const UCS2_MULTIPART_CHARS = 67

/** The GSM 03.38 default alphabet: one septet each. */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
)
/** The extension table: an escape and the character, two septets each. */
const GSM7_EXTENDED = new Set('\f^{}\\[~]|€')

export type SmsEncoding = 'gsm7' | 'ucs2'

export interface SmsLength {
  encoding: SmsEncoding
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number
  parts: number
}

/** How a text travels: its encoding, its length in that encoding's units, and how many SMS parts it takes. */
export function smsLength(text: string): SmsLength {
  let septets = 0
  for (const char of text) {
    if (GSM7_BASIC.has(char)) septets += 1
    else if (GSM7_EXTENDED.has(char)) septets += 2
    else {
      const units = text.length
      return {
        encoding: 'ucs2',
        units,
        parts: units <= UCS2_PART_CHARS ? 1 : Math.ceil(units / UCS2_MULTIPART_CHARS),
      }
    }
  }
  return {
    encoding: 'gsm7',
    units: septets,
    parts: septets <= SMS_PART_CHARS ? 1 : Math.ceil(septets / GSM7_MULTIPART_CHARS),
  }
}

/** Whether the text is one GSM-7 SMS part (160 septets at most). */
export function fitsOneSms(text: string): boolean {
  const length = smsLength(text)
  return length.encoding === 'gsm7' && length.parts === 1
}

const LOOKALIKES: Readonly<Record<string, string>> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '`': "'",
  '´': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '–': '-',
  '—': '-',
  '‐': '-',
  '−': '-',
  '…': '...',
  '\u00a0': ' ',
  '\t': ' ',
  '•': '-',
  '×': 'x',
}

/**
 * The text in the GSM-7 alphabet, so it is sent as GSM-7: curly quotes, dashes and ellipses become their plain
 * forms, accented letters outside GSM-7 lose their accents (`ê` → `e`), anything else (emoji) is dropped, and runs
 * of spaces close up.
 */
export function toGsm7(text: string): string {
  let out = ''
  for (const char of text) {
    if (GSM7_BASIC.has(char) || GSM7_EXTENDED.has(char)) out += char
    else if (LOOKALIKES[char] !== undefined) out += LOOKALIKES[char]
    else {
      const bare = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
      if ([...bare].every((c) => GSM7_BASIC.has(c))) out += bare
    }
  }
  return out.replace(/ {2,}/g, ' ').trim()
}

/** Cuts a value to `max` characters, ending in '.' when cut (`Mama Mboga Fresh Produce` → `Mama Mboga F.`). */
export function shorten(value: string, max: number): string {
  if (value.length <= max) return value
  if (max <= 1) return value.slice(0, Math.max(0, max))
  return `${value.slice(0, max - 1).trimEnd()}.`
}

/** How an unpaid order is paid, for the "placed" text. */
export type HowToPay =
  | { method: 'mpesa' }
  | { method: 'mpesa-paybill'; paybill: string }
  | { method: 'credit-card' }
  | { method: 'pay-on-delivery' }

/** The facts each order text is made of (names as the shopper or vendor sees them). */
export type OrderTextFacts =
  | { kind: 'placed'; orderNumber: string; totalCents: Cents; pay: HowToPay | null }
  | { kind: 'paid'; orderNumber: string; totalCents: Cents }
  | {
      kind: 'shipped'
      orderNumber: string
      shopName: string
      carrier: string
      reference: string | null
      /** A pickup order: the station it is going to (the carrier is then the station's own run). */
      station?: string | null
    }
  | { kind: 'at-station'; orderNumber: string; stationName: string; collectionCode: string; collectBy: string }
  | { kind: 'delivered'; orderNumber: string; shopName: string }
  | { kind: 'refund-sent'; orderNumber: string; amountCents: Cents; destination: string }
  | {
      kind: 'vendor-paid'
      orderNumber: string
      shopName: string
      itemCount: number
      amountCents: Cents
      /** Pay on delivery: what the rider collects at the door. */
      collectCents: Cents | null
    }

export type OrderTextKind = OrderTextFacts['kind']

export interface OrderText {
  text: string
  length: SmsLength
  /** Null when the text is one GSM-7 part; otherwise why it is not. */
  overLength: string | null
}

/** A template: the text for given values of its shortenable fields, the fields in the order they give way. */
interface Template {
  render(values: Record<string, string>): string
  /** Fields that may be cut to fit, first cut first, each no shorter than its minimum. */
  shortenable: ReadonlyArray<readonly [string, number]>
  values: Record<string, string>
}

const items = (count: number) => `${count} item${count === 1 ? '' : 's'}`

function howToPay(pay: HowToPay, totalCents: Cents, orderNumber: string): string {
  switch (pay.method) {
    case 'mpesa':
      return 'Enter your M-Pesa PIN on the prompt to pay.'
    case 'mpesa-paybill':
      return `Pay by M-Pesa Paybill ${pay.paybill}, account ${orderNumber}.`
    case 'credit-card':
      return 'Pay by card on the payment page to confirm it.'
    default:
      return `Pay ${formatKes(totalCents)} in cash or M-Pesa on delivery.`
  }
}

function templateOf(facts: OrderTextFacts): Template {
  switch (facts.kind) {
    case 'placed':
      return {
        values: {},
        shortenable: [],
        render: () =>
          facts.pay === null
            ? `Soko: order ${facts.orderNumber} placed, ${formatKes(facts.totalCents)}. We will text you when it ships.`
            : `Soko: order ${facts.orderNumber} placed, ${formatKes(facts.totalCents)}. ${howToPay(facts.pay, facts.totalCents, facts.orderNumber)}`,
      }
    case 'paid':
      return {
        values: {},
        shortenable: [],
        render: () =>
          `Soko: payment of ${formatKes(facts.totalCents)} received for order ${facts.orderNumber}. We will text you when it ships.`,
      }
    case 'shipped':
      if (facts.station) {
        return {
          values: { shop: facts.shopName, station: facts.station },
          shortenable: [
            ['shop', 12],
            ['station', 16],
          ],
          render: (v) =>
            `Soko: ${v.shop} sent your order ${facts.orderNumber} to ${v.station}. We will text you when it is ready to collect.`,
        }
      }
      return {
        values: { shop: facts.shopName, carrier: facts.carrier, reference: facts.reference ?? '' },
        shortenable: [
          ['shop', 12],
          ['carrier', 12],
          ['reference', 20],
        ],
        render: (v) =>
          `Soko: ${v.shop} shipped your order ${facts.orderNumber} with ${v.carrier}${v.reference ? `, ref ${v.reference}` : ''}.`,
      }
    case 'at-station':
      return {
        values: { station: facts.stationName },
        shortenable: [['station', 16]],
        render: (v) =>
          `Soko: order ${facts.orderNumber} is at ${v.station}. Collect by ${facts.collectBy} with code ${facts.collectionCode} and your ID. Keep the code private.`,
      }
    case 'delivered':
      return {
        values: { shop: facts.shopName },
        shortenable: [['shop', 12]],
        render: (v) =>
          `Soko: your order ${facts.orderNumber} from ${v.shop} was delivered. Something wrong? Report it on your order page.`,
      }
    case 'refund-sent':
      return {
        values: { to: facts.destination },
        shortenable: [['to', 12]],
        render: (v) =>
          `Soko: refund of ${formatKes(facts.amountCents)} for order ${facts.orderNumber} sent to ${v.to}.`,
      }
    default:
      return {
        values: { shop: facts.shopName },
        shortenable: [['shop', 12]],
        render: (v) =>
          facts.collectCents === null
            ? `Soko: new paid order ${facts.orderNumber} for ${v.shop}: ${items(facts.itemCount)}, ${formatKes(facts.amountCents)}. Ship it from your vendor portal.`
            : `Soko: new order ${facts.orderNumber} for ${v.shop}: ${items(facts.itemCount)}, ${formatKes(facts.amountCents)}. Pay on delivery: collect ${formatKes(facts.collectCents)}.`,
      }
  }
}

/**
 * The text of an order message, in GSM-7 and one SMS part: values that can be long (a shop's, a station's or a
 * carrier's name, a tracking reference) are cut, in a fixed order and each no shorter than its minimum, until it
 * fits; a text that still does not fit is returned whole with the reason (`overLength`), never cut mid-fact.
 */
export function orderText(facts: OrderTextFacts): OrderText {
  const template = templateOf(facts)
  const values: Record<string, string> = {}
  for (const [key, value] of Object.entries(template.values)) values[key] = toGsm7(value)
  const render = () => toGsm7(template.render(values))
  let text = render()
  for (const [field, min] of template.shortenable) {
    const over = smsLength(text).units - SMS_PART_CHARS
    if (over <= 0) break
    const value = values[field] ?? ''
    values[field] = shorten(value, Math.max(min, value.length - over))
    text = render()
  }
  const length = smsLength(text)
  const overLength =
    length.encoding === 'gsm7' && length.parts === 1
      ? null
      : `${length.units} ${length.encoding === 'gsm7' ? 'GSM-7 characters' : 'UCS-2 characters'} after shortening every name as far as it goes: ${length.parts} SMS parts`
  return { text, length, overLength }
}
