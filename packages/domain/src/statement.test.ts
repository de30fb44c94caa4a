import { describe, expect, it } from 'vitest'
import { parseCsv, toCsv } from './csv.ts'
import {
  buildStatement,
  csvAmount,
  dayStart,
  daysIn,
  describeMovement,
  isDay,
  lastMonth,
  type Movement,
  NO_MONEY,
  nairobiDay,
  owedToShop,
  periodBounds,
  STATEMENT_CSV_TEXT_COLUMNS,
  STATEMENT_MESSAGES,
  statementCsvRows,
  statementFilename,
  statementPeriod,
} from './statement.ts'

// 25 November 2026, 13:00 in Nairobi.
const NOW = new Date('2026-11-25T10:00:00Z')

describe('Nairobi days', () => {
  const cases: [string, string][] = [
    ['2026-11-25T10:00:00Z', '2026-11-25'],
    ['2026-11-24T20:59:59Z', '2026-11-24'],
    ['2026-11-24T21:00:00Z', '2026-11-25'], // midnight in Nairobi
    ['2026-12-31T21:30:00Z', '2027-01-01'],
  ]
  for (const [at, day] of cases) it(`${at} is ${day} in Nairobi`, () => expect(nairobiDay(new Date(at))).toBe(day))

  it('a day starts at 21:00 UTC the day before', () => {
    expect(dayStart('2026-11-01').toISOString()).toBe('2026-10-31T21:00:00.000Z')
    expect(periodBounds({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      start: new Date('2026-10-31T21:00:00Z'),
      end: new Date('2026-11-30T21:00:00Z'),
    })
  })

  const days: [string, boolean][] = [
    ['2026-11-01', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-11-1', false],
    ['26-11-01', false],
    ['1969-12-31', false],
    ['2026-11-01T00:00', false],
    ['', false],
  ]
  for (const [value, ok] of days)
    it(`${JSON.stringify(value)} is ${ok ? '' : 'not '}a day`, () => expect(isDay(value)).toBe(ok))

  it('counts both ends of a period', () => {
    expect(daysIn({ from: '2026-11-01', to: '2026-11-30' })).toBe(30)
    expect(daysIn({ from: '2026-11-25', to: '2026-11-25' })).toBe(1)
    expect(daysIn({ from: '2024-01-01', to: '2024-12-31' })).toBe(366)
  })

  it('last month of a day', () => {
    expect(lastMonth('2026-11-25')).toEqual({ from: '2026-10-01', to: '2026-10-31' })
    expect(lastMonth('2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' })
    expect(lastMonth('2024-03-01')).toEqual({ from: '2024-02-01', to: '2024-02-29' })
  })
})

describe('the period asked for', () => {
  const ok: [string, { from?: string; to?: string }, { from: string; to: string }][] = [
    ['nothing: the month so far', {}, { from: '2026-11-01', to: '2026-11-25' }],
    ['blank fields: the month so far', { from: ' ', to: '' }, { from: '2026-11-01', to: '2026-11-25' }],
    ['a whole month', { from: '2026-10-01', to: '2026-10-31' }, { from: '2026-10-01', to: '2026-10-31' }],
    ['one day', { from: '2026-11-25', to: '2026-11-25' }, { from: '2026-11-25', to: '2026-11-25' }],
    ['a start only: to today', { from: '2026-09-10' }, { from: '2026-09-10', to: '2026-11-25' }],
    ['a start long ago only: a year of it', { from: '2020-01-01' }, { from: '2020-01-01', to: '2020-12-31' }],
    ['an end only: its month', { to: '2026-10-15' }, { from: '2026-10-01', to: '2026-10-15' }],
    ['366 days', { from: '2025-11-25', to: '2026-11-25' }, { from: '2025-11-25', to: '2026-11-25' }],
  ]
  for (const [name, input, period] of ok) {
    it(name, () => expect(statementPeriod(input, NOW)).toEqual({ ok: true, period }))
  }

  const refused: [string, { from?: string; to?: string }, { from?: string[]; to?: string[] }][] = [
    ['a start not a date', { from: '01/11/2026' }, { from: [STATEMENT_MESSAGES.notADay] }],
    ['an end not a day', { to: '2026-02-30' }, { to: [STATEMENT_MESSAGES.notADay] }],
    [
      'both wrong',
      { from: 'yesterday', to: '2026-1-1' },
      { from: [STATEMENT_MESSAGES.notADay], to: [STATEMENT_MESSAGES.notADay] },
    ],
    ['an end tomorrow', { to: '2026-11-26' }, { to: [STATEMENT_MESSAGES.endInFuture('2026-11-25')] }],
    ['a start tomorrow', { from: '2026-11-26' }, { from: [STATEMENT_MESSAGES.startInFuture('2026-11-25')] }],
    [
      'an end before the start',
      { from: '2026-11-10', to: '2026-11-09' },
      { to: [STATEMENT_MESSAGES.endBeforeStart('2026-11-10')] },
    ],
    ['367 days', { from: '2025-11-24', to: '2026-11-25' }, { from: [STATEMENT_MESSAGES.tooLong('2025-11-25')] }],
  ]
  for (const [name, input, errors] of refused) {
    it(`refuses ${name}`, () => expect(statementPeriod(input, NOW)).toEqual({ ok: false, errors }))
  }
})

const at = (iso: string) => new Date(iso)
let nextId = 1
function movement(kind: Movement['kind'], iso: string, entries: Movement['entries'], facts: Movement['facts'] = {}) {
  return { transactionId: nextId++, kind, at: at(iso), memo: 'A reason', entries, facts } satisfies Movement
}

describe('the statement', () => {
  const period = { from: '2026-11-01', to: '2026-11-30' }
  const order = { orderNumber: 'SK-1001' }
  const sale = movement(
    'payment_received',
    '2026-11-02T08:00:00Z',
    [{ account: 'vendor_pending', side: 'credit', cents: 100_000 }],
    order,
  )
  const commission = movement(
    'commission_taken',
    '2026-11-02T08:00:00Z',
    [{ account: 'vendor_pending', side: 'debit', cents: 10_000 }],
    order,
  )
  const release = movement(
    'part_released',
    '2026-11-12T08:00:00Z',
    [
      { account: 'vendor_pending', side: 'debit', cents: 90_000 },
      { account: 'vendor_available', side: 'credit', cents: 90_000 },
    ],
    order,
  )
  const refund = movement(
    'refund_approved',
    '2026-11-13T08:00:00Z',
    [{ account: 'vendor_available', side: 'debit', cents: 50_000 }],
    { ...order, refundCause: 'return' },
  )
  const commissionBack = movement(
    'commission_returned',
    '2026-11-13T08:00:00Z',
    [{ account: 'vendor_available', side: 'credit', cents: 5_000 }],
    order,
  )
  const payoutPayload = { method: 'mpesa_b2c', phone: '+254712345678', receipt: 'QK12AB34CD', reference: null } as const
  const sent = movement(
    'payout_sent',
    '2026-11-20T08:00:00Z',
    [
      { account: 'vendor_available', side: 'debit', cents: 45_000 },
      { account: 'vendor_payout_in_transit', side: 'credit', cents: 45_000 },
    ],
    { payout: payoutPayload },
  )
  const settled = movement(
    'payout_settled',
    '2026-11-20T08:01:00Z',
    [{ account: 'vendor_payout_in_transit', side: 'debit', cents: 45_000 }],
    { payout: payoutPayload },
  )
  const adjustment = movement('manual_adjustment', '2026-11-21T08:00:00Z', [
    { account: 'vendor_available', side: 'credit', cents: 1_234 },
  ])
  const collected = movement(
    'payment_collected',
    '2026-11-22T08:00:00Z',
    [
      { account: 'vendor_collected', side: 'debit', cents: 35_000 },
      { account: 'vendor_pending', side: 'credit', cents: 30_000 },
    ],
    { orderNumber: 'SK-1002' },
  )
  const all = [sale, commission, release, refund, commissionBack, sent, settled, adjustment, collected]

  it('starts from the opening balance, moves line by line and ends at the closing one', () => {
    const opening = { ...NO_MONEY, vendor_available: 20_000, vendor_pending: 5_000 }
    // Given out of order: the statement sorts by time, then by transaction.
    const statement = buildStatement(period, opening, [...all].reverse())
    expect(statement.openingCents).toBe(25_000)
    expect(statement.lines.map((line) => [line.description, line.inCents, line.outCents, line.balanceCents])).toEqual([
      ['Sale, order SK-1001', 100_000, 0, 125_000],
      ['Soko commission, order SK-1001', 0, 10_000, 115_000],
      ['Refund of returned items, order SK-1001', 0, 50_000, 65_000],
      ['Commission given back with a refund, order SK-1001', 5_000, 0, 70_000],
      ['Payout to M-Pesa 0712 345 678, receipt QK12AB34CD', 0, 45_000, 25_000],
      ['Adjustment by Soko: A reason', 1_234, 0, 26_234],
      ['Sale, paid on delivery, order SK-1002', 30_000, 0, 56_234],
      ['Cash your rider collected on delivery, order SK-1002 (held for Soko)', 0, 35_000, 21_234],
    ])
    expect(statement.totalInCents).toBe(136_234)
    expect(statement.totalOutCents).toBe(140_000)
    expect(statement.closingCents).toBe(21_234)
    expect(statement.openingCents + statement.totalInCents - statement.totalOutCents).toBe(statement.closingCents)
    expect(statement.closing).toEqual({
      vendor_pending: 5_000 + 100_000 - 10_000 - 90_000 + 30_000,
      vendor_available: 20_000 + 90_000 - 50_000 + 5_000 - 45_000 + 1_234,
      vendor_payout_in_transit: 0,
      vendor_collected: 35_000,
    })
    expect(owedToShop(statement.closing)).toBe(statement.closingCents)
    expect(statement.lines[0]?.day).toBe('2026-11-02')
  })

  it('a period without movements opens and closes at the same balance', () => {
    const opening = { ...NO_MONEY, vendor_available: 7_000, vendor_collected: 2_000 }
    const statement = buildStatement(period, opening, [])
    expect(statement).toMatchObject({ openingCents: 5_000, closingCents: 5_000, lines: [], totalInCents: 0 })
  })

  it('a payout still on its way counts in the closing balance, in transit', () => {
    const statement = buildStatement(period, { ...NO_MONEY, vendor_available: 45_000 }, [sent])
    expect(statement.lines).toEqual([])
    expect(statement.closingCents).toBe(45_000)
    expect(statement.closing).toMatchObject({ vendor_available: 0, vendor_payout_in_transit: 45_000 })
  })

  const words: [string, Pick<Movement, 'kind' | 'memo' | 'facts'>, string][] = [
    [
      'a payout by hand',
      {
        kind: 'payout_settled',
        memo: '',
        facts: { payout: { method: 'manual', phone: null, receipt: null, reference: 'BANK-9' } },
      },
      'Payout sent by Soko, reference BANK-9',
    ],
    [
      'a failed payout',
      { kind: 'payout_failed', memo: '', facts: { payout: { ...payoutPayload, receipt: null } } },
      'Payout to M-Pesa 0712 345 678 failed: back in your balance',
    ],
    [
      'a dispute',
      { kind: 'refund_approved', memo: '', facts: { orderNumber: 'SK-9', refundCause: 'dispute' } },
      'Refund awarded in a dispute, order SK-9',
    ],
    [
      'a cancellation',
      { kind: 'refund_approved', memo: '', facts: { orderNumber: 'SK-9', refundCause: 'cancellation' } },
      'Refund of a cancelled order, order SK-9',
    ],
    ['a refund of an unknown order', { kind: 'refund_approved', memo: '', facts: {} }, 'Refund to the shopper'],
  ]
  for (const [name, given, text] of words) it(`describes ${name}`, () => expect(describeMovement(given)).toBe(text))
})

describe('the CSV', () => {
  it('amounts as plain numbers', () => {
    const cases: [number, string][] = [
      [0, '0.00'],
      [5, '0.05'],
      [123_456, '1234.56'],
      [-5, '-0.05'],
      [-100_000, '-1000.00'],
    ]
    for (const [cents, text] of cases) expect(csvAmount(cents)).toBe(text)
  })

  it('opens and closes with the balances, and a formula in a reason is written as text', () => {
    const statement = buildStatement(
      { from: '2026-11-01', to: '2026-11-30' },
      { ...NO_MONEY, vendor_available: 1_000 },
      [
        movement('manual_adjustment', '2026-11-03T08:00:00Z', [
          { account: 'vendor_available', side: 'debit', cents: 250 },
        ]),
      ],
    )
    const rows = statementCsvRows(statement)
    expect(rows[1]).toEqual(['2026-11-01', 'Opening balance', '', '', '', '10.00'])
    expect(rows[2]).toEqual(['2026-11-03', 'Adjustment by Soko: A reason', '', '', '2.50', '7.50'])
    expect(rows[3]).toEqual(['2026-11-30', 'Closing balance', '', '0.00', '2.50', '7.50'])
    const formula = statementCsvRows({
      ...statement,
      lines: [{ ...(statement.lines[0] as (typeof statement.lines)[number]), description: '=HYPERLINK("x")' }],
    })
    const text = toCsv(formula, STATEMENT_CSV_TEXT_COLUMNS)
    expect(text).toContain(`,"'=HYPERLINK(""x"")",`)
    const parsed = parseCsv(text)
    expect(parsed.ok && parsed.records.length).toBe(4)
  })

  it('names the file after the shop and the period', () => {
    const period = { from: '2026-10-01', to: '2026-10-31' }
    expect(statementFilename('mama-mboga-ltd', period)).toBe('soko-statement-mama-mboga-ltd-2026-10-01-2026-10-31.csv')
    expect(statementFilename('Duka "la" Juma/..', period)).toBe('soko-statement-duka-la-juma-2026-10-01-2026-10-31.csv')
    expect(statementFilename('', period)).toBe('soko-statement-shop-2026-10-01-2026-10-31.csv')
  })
})
