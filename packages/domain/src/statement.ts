// A shop's statement for a period (issue 19; docs/decisions/0031-vendor-statements.md): what Soko owes the shop at
// the start, each movement in words a shop understands with the balance after it, and what is owed at the end.
// Periods are Nairobi calendar days. Pure and integer cents: the server reads the ledger, this assembles.

import type { Side, TransactionKind, VendorAccountKind } from './ledger.ts'
import type { Cents } from './money.ts'
import { NAIROBI_OFFSET_MS } from './payout-states.ts'
import { formatKenyanMobile } from './phone.ts'
import type { RefundCause } from './refund-states.ts'

// ── Nairobi days ────────────────────────────────────────────────────────────────────────────────────────────────

const DAY_MS = 24 * 60 * 60 * 1000

/** A calendar day written YYYY-MM-DD. */
export type Day = string

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether `value` is a real calendar day written YYYY-MM-DD (no 2026-02-30), years 1970 to 9999. */
export function isDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1970) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** The UTC day of a timestamp (ms), as YYYY-MM-DD. */
const utcDay = (ms: number): Day => new Date(ms).toISOString().slice(0, 10)

/** The Nairobi calendar day a moment falls on (Kenya keeps UTC+3 all year). */
export function nairobiDay(at: Date): Day {
  return utcDay(at.getTime() + NAIROBI_OFFSET_MS)
}

/** The moment a Nairobi day starts: 2026-11-01 → 2026-10-31T21:00:00Z. */
export function dayStart(day: Day): Date {
  if (!isDay(day)) throw new RangeError(`${day} is not a day written YYYY-MM-DD`)
  return new Date(Date.parse(`${day}T00:00:00Z`) - NAIROBI_OFFSET_MS)
}

/** The day `n` days after `day` (before, for a negative `n`). */
export function addDays(day: Day, n: number): Day {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS)
}

/** How many days a period covers, both ends counted: 2026-11-01 to 2026-11-30 is 30. */
export function daysIn(period: Period): number {
  return Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / DAY_MS) + 1
}

// ── The period ──────────────────────────────────────────────────────────────────────────────────────────────────

/** From the first day to the last, both Nairobi calendar days and both included. */
export interface Period {
  from: Day
  to: Day
}

/** A statement covers at most a year (a leap year's 366 days): longer ones are asked for a year at a time. */
export const STATEMENT_MAX_DAYS = 366

export const STATEMENT_MESSAGES = {
  notADay: 'Give a date as YYYY-MM-DD, for example 2026-11-01.',
  startInFuture: (today: Day) => `A statement can start today (${today}) at the latest: choose an earlier start.`,
  endInFuture: (today: Day) => `A statement can end today (${today}) at the latest: choose an earlier end.`,
  endBeforeStart: (from: Day) => `The end is before the start: choose an end on or after ${from}.`,
  tooLong: (earliest: Day) =>
    `A statement covers at most ${STATEMENT_MAX_DAYS} days: choose a start on or after ${earliest}, or ask for two statements.`,
} as const

export type PeriodCheck = { ok: true; period: Period } | { ok: false; errors: { from?: string[]; to?: string[] } }

/** The first day of the month `day` is in. */
export const monthStart = (day: Day): Day => `${day.slice(0, 8)}01`

/** The month before the one `day` is in, first to last day: the statement a shop asks for at the start of a month. */
export function lastMonth(day: Day): Period {
  const to = addDays(monthStart(day), -1)
  return { from: monthStart(to), to }
}

/**
 * The period asked for, checked against today (Nairobi). Without dates, the month so far (the first of this month to
 * today); with only a start, from it to today (at most a year); with only an end, that end's month up to it. Each
 * date must be a real day, not after today, the start not after the end, and the whole at most 366 days; each
 * refusal names its field with what to do.
 */
export function statementPeriod(input: { from?: string | undefined; to?: string | undefined }, now: Date): PeriodCheck {
  const today = nairobiDay(now)
  const from = input.from?.trim() || undefined
  const to = input.to?.trim() || undefined
  const errors: { from?: string[]; to?: string[] } = {}
  if (from !== undefined && !isDay(from)) errors.from = [STATEMENT_MESSAGES.notADay]
  else if (from !== undefined && from > today) errors.from = [STATEMENT_MESSAGES.startInFuture(today)]
  if (to !== undefined && !isDay(to)) errors.to = [STATEMENT_MESSAGES.notADay]
  else if (to !== undefined && to > today) errors.to = [STATEMENT_MESSAGES.endInFuture(today)]
  if (errors.from || errors.to) return { ok: false, errors }

  let period: Period
  if (from === undefined && to === undefined) period = { from: monthStart(today), to: today }
  else if (from === undefined && to !== undefined) period = { from: monthStart(to), to }
  else if (from !== undefined && to === undefined) {
    // ISO days sort as text: the earlier of a year on and today.
    period = { from, to: [addDays(from, STATEMENT_MAX_DAYS - 1), today].sort()[0] ?? today }
  } else period = { from: from as Day, to: to as Day }

  if (period.to < period.from) return { ok: false, errors: { to: [STATEMENT_MESSAGES.endBeforeStart(period.from)] } }
  if (daysIn(period) > STATEMENT_MAX_DAYS) {
    return { ok: false, errors: { from: [STATEMENT_MESSAGES.tooLong(addDays(period.to, -(STATEMENT_MAX_DAYS - 1)))] } }
  }
  return { ok: true, period }
}

/** The moments a period's entries fall between: from its first day's start (included) to the day after its end's. */
export function periodBounds(period: Period): { start: Date; end: Date } {
  return { start: dayStart(period.from), end: dayStart(addDays(period.to, 1)) }
}

// ── The lines ───────────────────────────────────────────────────────────────────────────────────────────────────

/** What a ledger transaction is about, found from its reference: the order, the refund's cause, the payout. */
export interface MovementFacts {
  orderNumber?: string | null
  refundCause?: RefundCause | null
  payout?: {
    method: 'mpesa_b2c' | 'manual'
    /** E.164, for M-Pesa payouts. */
    phone: string | null
    /** The M-Pesa receipt once paid. */
    receipt: string | null
    /** A payout sent by hand: the reference the admin typed. */
    reference: string | null
  } | null
}

/** One ledger transaction as it touched the shop's accounts: only the shop's own entries. */
export interface Movement {
  transactionId: number
  kind: TransactionKind
  at: Date
  /** The transaction's memo: an adjustment's reason. */
  memo: string
  entries: readonly { account: VendorAccountKind; side: Side; cents: Cents }[]
  facts: MovementFacts
}

export interface StatementLine {
  transactionId: number
  at: Date
  day: Day
  description: string
  orderNumber: string | null
  /** Money that raised what Soko owes the shop, and money that lowered it (one of the two is 0). */
  inCents: Cents
  outCents: Cents
  /** What Soko owes the shop after this line. */
  balanceCents: Cents
}

/** The shop's four accounts, each on its normal side (decision 0014): what is pending, available, in transit, owed. */
export type ShopAccounts = Record<VendorAccountKind, Cents>

export const NO_MONEY: ShopAccounts = {
  vendor_pending: 0,
  vendor_available: 0,
  vendor_payout_in_transit: 0,
  vendor_collected: 0,
}

export interface Statement {
  period: Period
  /** What Soko owed the shop when the period began: pending + available + in transit − collected and owed back. */
  openingCents: Cents
  opening: ShopAccounts
  lines: StatementLine[]
  totalInCents: Cents
  totalOutCents: Cents
  closingCents: Cents
  /** Where the closing balance was when the period ended. */
  closing: ShopAccounts
}

/** What Soko owes the shop, from its accounts: a debit-normal account (collected on delivery) counts against it. */
export function owedToShop(accounts: ShopAccounts): Cents {
  return (
    accounts.vendor_pending + accounts.vendor_available + accounts.vendor_payout_in_transit - accounts.vendor_collected
  )
}

/**
 * An entry's effect on what Soko owes the shop: every shop account is a liability but the collected one, a
 * receivable; so a credit always raises it (more owed, or less owed back) and a debit lowers it.
 */
const effect = (entry: { side: Side; cents: Cents }): Cents => (entry.side === 'credit' ? entry.cents : -entry.cents)

/** An entry's effect on its account's balance, on the account's normal side. */
function onAccount(entry: { account: VendorAccountKind; side: Side; cents: Cents }): Cents {
  const normal: Side = entry.account === 'vendor_collected' ? 'debit' : 'credit'
  return entry.side === normal ? entry.cents : -entry.cents
}

const REFUND_WORDS: Record<RefundCause, string> = {
  return: 'Refund of returned items',
  dispute: 'Refund awarded in a dispute',
  cancellation: 'Refund of a cancelled order',
  order_refund: 'Refund by Soko',
  late_payment: 'Payment returned to the shopper (it came after the order closed)',
}

const ofOrder = (facts: MovementFacts) => (facts.orderNumber ? `, order ${facts.orderNumber}` : '')

function payoutWords(facts: MovementFacts): string {
  const payout = facts.payout
  if (!payout) return 'Payout'
  if (payout.method === 'mpesa_b2c') {
    const to = payout.phone ? ` to M-Pesa ${formatKenyanMobile(payout.phone)}` : ' to M-Pesa'
    return `Payout${to}${payout.receipt ? `, receipt ${payout.receipt}` : ''}`
  }
  return `Payout sent by Soko${payout.reference ? `, reference ${payout.reference}` : ''}`
}

/**
 * A movement in words a shop understands. `part` says which side of a pay-on-delivery sale a line is: the goods
 * sold (in), or the cash the shop's rider took at the door, which the shop holds for Soko (out).
 */
export function describeMovement(movement: Pick<Movement, 'kind' | 'memo' | 'facts'>, part?: 'collected'): string {
  const { facts } = movement
  switch (movement.kind) {
    case 'payment_received':
      return `Sale${ofOrder(facts)}`
    case 'payment_collected':
      return part === 'collected'
        ? `Cash your rider collected on delivery${ofOrder(facts)} (held for Soko)`
        : `Sale, paid on delivery${ofOrder(facts)}`
    case 'commission_taken':
      return `Soko commission${ofOrder(facts)}`
    case 'commission_returned':
      return `Commission given back with a refund${ofOrder(facts)}`
    case 'refund_approved':
      return `${facts.refundCause ? REFUND_WORDS[facts.refundCause] : 'Refund to the shopper'}${ofOrder(facts)}`
    case 'payout_sent':
    case 'payout_settled':
      return payoutWords(facts)
    case 'payout_failed':
      return `${payoutWords(facts)} failed: back in your balance`
    case 'part_released':
      return `Money available to pay out${ofOrder(facts)}`
    case 'collection_settled':
      return `Cash collected on delivery set against your earnings${ofOrder(facts)}`
    case 'manual_adjustment':
      return `Adjustment by Soko: ${movement.memo}`
    case 'refund_sent':
      return `Refund sent${ofOrder(facts)}`
  }
}

/**
 * The statement: the opening balance (the shop's accounts before the period), one line per movement that changed
 * what Soko owes the shop, oldest first, with the balance after each, and the closing balance, which is always the
 * opening plus every line. A movement between the shop's own accounts (money released from pending to available, a
 * payout on its way to M-Pesa, cash collected set against earnings) changes nothing owed and makes no line; it
 * shows in the closing split. A pay-on-delivery sale the shop's rider took makes two lines: the sale, and the cash
 * held for Soko.
 */
export function buildStatement(period: Period, opening: ShopAccounts, movements: readonly Movement[]): Statement {
  const sorted = [...movements].sort((a, b) => a.at.getTime() - b.at.getTime() || a.transactionId - b.transactionId)
  const closing: ShopAccounts = { ...opening }
  const openingCents = owedToShop(opening)
  let balance = openingCents
  let totalIn = 0
  let totalOut = 0
  const lines: StatementLine[] = []
  const add = (movement: Movement, cents: Cents, description: string) => {
    if (cents === 0) return
    balance += cents
    if (cents > 0) totalIn += cents
    else totalOut -= cents
    lines.push({
      transactionId: movement.transactionId,
      at: movement.at,
      day: nairobiDay(movement.at),
      description,
      orderNumber: movement.facts.orderNumber ?? null,
      inCents: cents > 0 ? cents : 0,
      outCents: cents < 0 ? -cents : 0,
      balanceCents: balance,
    })
  }
  for (const movement of sorted) {
    for (const entry of movement.entries) closing[entry.account] += onAccount(entry)
    if (movement.kind === 'payment_collected') {
      const collected = movement.entries.filter((entry) => entry.account === 'vendor_collected')
      const sold = movement.entries.filter((entry) => entry.account !== 'vendor_collected')
      add(movement, sum(sold.map(effect)), describeMovement(movement))
      add(movement, sum(collected.map(effect)), describeMovement(movement, 'collected'))
    } else {
      add(movement, sum(movement.entries.map(effect)), describeMovement(movement))
    }
  }
  return {
    period,
    openingCents,
    opening: { ...opening },
    lines,
    totalInCents: totalIn,
    totalOutCents: totalOut,
    closingCents: owedToShop(closing),
    closing,
  }
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0)

// ── The CSV ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** Cents as a plain number a spreadsheet sums: 123456 → 1234.56, -5 → -0.05. */
export function csvAmount(cents: Cents): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** The statement's CSV columns; the description (a shop name, an admin's reason) is text a spreadsheet must not run. */
export const STATEMENT_CSV_HEADER = [
  'Date',
  'Description',
  'Order',
  'Money in (KES)',
  'Money out (KES)',
  'Balance (KES)',
]
export const STATEMENT_CSV_TEXT_COLUMNS: ReadonlySet<number> = new Set([1, 2])

/** The statement's rows (the header first): the opening balance, each line, the closing balance. */
export function statementCsvRows(statement: Statement): string[][] {
  return [
    [...STATEMENT_CSV_HEADER],
    [statement.period.from, 'Opening balance', '', '', '', csvAmount(statement.openingCents)],
    ...statement.lines.map((line) => [
      line.day,
      line.description,
      line.orderNumber ?? '',
      line.inCents ? csvAmount(line.inCents) : '',
      line.outCents ? csvAmount(line.outCents) : '',
      csvAmount(line.balanceCents),
    ]),
    [
      statement.period.to,
      'Closing balance',
      '',
      csvAmount(statement.totalInCents),
      csvAmount(statement.totalOutCents),
      csvAmount(statement.closingCents),
    ],
  ]
}

/** The file a shop downloads: soko-statement-<shop>-<from>-<to>.csv, the shop's slug kept to letters, digits, dashes. */
export function statementFilename(shopSlug: string, period: Period): string {
  const shop =
    shopSlug
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'shop'
  return `soko-statement-${shop}-${period.from}-${period.to}.csv`
}
