import { describe, expect, it } from 'vitest'
import {
  countExceptions,
  distinctReceipts,
  type ExceptionCode,
  type MovementFacts,
  mpesaCents,
  reconciliationExceptions,
} from './reconciliation.ts'

const paid = (receipt: string | null, amountCents: number) => ({ receipt, amountCents })
const ledger = (key: string, floatCents: number) => ({ key, floatCents })

const base: MovementFacts = {
  kind: 'stk',
  expectedCents: 120_000,
  successes: [paid('SKA1', 120_000)],
  standing: 'taken',
  ledger: ledger('payment_received:payment:1', 120_000),
  handled: false,
}

/** [case, facts (over `base`), the exception codes, a piece of the first exception's words]. */
const CASES: [string, Partial<MovementFacts>, ExceptionCode[], string?][] = [
  ['an STK payment, paid and posted', {}, []],
  ['an STK payment paid by status query (no receipt, no amount from M-Pesa)', { successes: [] }, []],
  ['the same callback twice (one receipt)', { successes: [paid('SKA1', 120_000), paid('SKA1', 120_000)] }, []],
  [
    'two receipts for one STK payment',
    { successes: [paid('SKA1', 120_000), paid('SKA2', 120_000)] },
    ['sent_twice'],
    'Paid twice at M-Pesa: receipts SKA1, SKA2',
  ],
  [
    'three receipts',
    { successes: [paid('A', 120_000), paid('B', 120_000), paid('C', 120_000)] },
    ['sent_twice'],
    'Paid 3 times at M-Pesa',
  ],
  [
    'an STK callback of another amount, refused: not posted',
    { successes: [paid('SKA1', 100_000)], standing: 'open', ledger: null },
    ['amount_differs', 'not_in_ledger'],
    'Amount differs: asked KSh 1,200, the callback says KSh 1,000',
  ],
  [
    'an STK payment after its order was cancelled (posted, owed back)',
    { standing: 'no_order', noOrderReason: 'The payment came in after the order was cancelled.' },
    ['no_order'],
    'Paid at M-Pesa, but no order took it: The payment came in after the order was cancelled.',
  ],
  ['an STK late payment not posted', { standing: 'no_order', ledger: null }, ['no_order', 'not_in_ledger']],
  [
    'the ledger moved another amount than M-Pesa',
    { ledger: ledger('payment_received:payment:1', 110_000) },
    ['amount_differs'],
    'Amount differs: the ledger has KSh 1,100, M-Pesa moved KSh 1,200',
  ],
  ['a Paybill payment that paid its order', { kind: 'paybill', successes: [paid('SKL1', 120_000)] }, []],
  [
    'a Paybill payment naming no order: left out of the ledger by design',
    { kind: 'paybill', expectedCents: null, successes: [paid('SKL1', 5_000)], standing: 'no_order', ledger: null },
    ['no_order'],
  ],
  [
    'a Paybill payment of the wrong amount',
    { kind: 'paybill', successes: [paid('SKL1', 100_000)], standing: 'no_order', ledger: null },
    ['no_order', 'amount_differs'],
  ],
  [
    'a Paybill payment an admin marked handled',
    { kind: 'paybill', successes: [paid('SKL1', 100_000)], standing: 'no_order', ledger: null, handled: true },
    [],
  ],
  [
    'a payout paid and settled',
    { kind: 'payout', successes: [paid('PAY1', 120_000)], ledger: ledger('payout_settled:payout:1', 120_000) },
    [],
  ],
  [
    "a payout's Result received twice with the same receipt (a retry)",
    {
      kind: 'payout',
      successes: [paid('PAY1', 120_000), paid('PAY1', 120_000)],
      ledger: ledger('payout_settled:payout:1', 120_000),
    },
    [],
  ],
  [
    'a payout sent twice (two receipts)',
    {
      kind: 'payout',
      successes: [paid('PAY1', 120_000), paid('PAY2', 120_000)],
      ledger: ledger('payout_settled:payout:1', 120_000),
    },
    ['sent_twice'],
    'Sent twice at M-Pesa: receipts PAY1, PAY2',
  ],
  [
    "a payout's Result of another amount (refused)",
    { kind: 'payout', successes: [paid('PAY1', 90_000)], standing: 'open', ledger: null },
    ['amount_differs', 'not_in_ledger'],
    "Amount differs: payout of KSh 1,200, M-Pesa's Result says KSh 900",
  ],
  [
    'a payout M-Pesa paid after it was recorded failed',
    { kind: 'payout', successes: [paid('PAY1', 120_000)], standing: 'open', ledger: null },
    ['not_in_ledger'],
  ],
  [
    'a payout the ledger has settled with no receipt',
    { kind: 'payout', successes: [], ledger: ledger('payout_settled:payout:1', 120_000) },
    ['no_receipt'],
    'The ledger has this payout sent (KSh 1,200), but M-Pesa gave no receipt for it',
  ],
  ['a payout still waiting for M-Pesa', { kind: 'payout', successes: [], standing: 'open', ledger: null }, []],
  [
    'a refund sent',
    { kind: 'refund', successes: [paid('REF1', 120_000)], ledger: ledger('refund_sent:refund:1', 120_000) },
    [],
  ],
  [
    'a refund sent twice',
    {
      kind: 'refund',
      successes: [paid('REF1', 120_000), paid('REF2', 120_000)],
      ledger: ledger('refund_sent:refund:1', 120_000),
    },
    ['sent_twice'],
  ],
  [
    "a refund's Result of another amount",
    { kind: 'refund', successes: [paid('REF1', 100_000)], standing: 'open', ledger: null },
    ['amount_differs', 'not_in_ledger'],
    "Amount differs: refund of KSh 1,200, M-Pesa's Result says KSh 1,000",
  ],
  [
    'a refund the ledger has sent with no receipt',
    { kind: 'refund', successes: [], ledger: ledger('refund_sent:refund:1', 120_000) },
    ['no_receipt'],
  ],
]

describe('reconciliationExceptions', () => {
  for (const [name, over, codes, words] of CASES) {
    it(`${name}: ${codes.length ? codes.join(', ') : 'none'}`, () => {
      const found = reconciliationExceptions({ ...base, ...over })
      expect(found.map((e) => e.code)).toEqual(codes)
      if (words) expect(found[0]?.text).toContain(words)
    })
  }
})

describe('the pieces', () => {
  it('distinct receipts keep the first order and skip messages without one', () => {
    expect(distinctReceipts([paid('B', 1), paid(null, 1), paid('A', 1), paid('B', 1)])).toEqual(['B', 'A'])
  })

  it("what M-Pesa moved is the first success's amount", () => {
    expect(mpesaCents({ ...base, successes: [paid('A', 5), paid('B', 7)] })).toBe(5)
    expect(mpesaCents({ ...base, successes: [] })).toBeNull()
  })

  it('counts each movement once per exception, and the movements with any', () => {
    const counts = countExceptions([
      [],
      [
        { code: 'amount_differs', text: '' },
        { code: 'not_in_ledger', text: '' },
      ],
      [{ code: 'amount_differs', text: '' }],
    ])
    expect(counts).toEqual({
      no_order: 0,
      sent_twice: 0,
      amount_differs: 2,
      not_in_ledger: 1,
      no_receipt: 0,
      movements: 2,
    })
  })
})
