import { describe, expect, it } from 'vitest'
import { quoteAmounts } from './checkout.ts'
import {
  ACCOUNT_KINDS,
  type AccountRef,
  account,
  accountKey,
  balanced,
  balanceOf,
  collectedSettlement,
  collectionSettled,
  commissionCents,
  commissionRateFor,
  commissionReturned,
  commissionTaken,
  type Entry,
  isAccountKind,
  type LedgerTransaction,
  manualAdjustment,
  normalSide,
  partCommissionCents,
  partReleased,
  paymentCollected,
  paymentReceived,
  payoutFailed,
  payoutSent,
  payoutSettled,
  refundApproved,
  refundSent,
  totalOf,
  trialBalance,
  vatInside,
  vendorAccount,
} from './ledger.ts'

const VAT_BP = 1600
const COMMISSION_BP = 1000

/** Amounts with odd cents, halves, a single cent and large orders. */
const AMOUNTS = [1, 5, 49, 50, 99, 101, 116, 1_999, 9_950, 12_345, 100_001, 149_950, 999_999, 12_345_679]

const entriesOf = (...txs: LedgerTransaction[]): Entry[] => txs.flatMap((tx) => tx.entries)

describe('the chart of accounts', () => {
  it('gives every kind a normal side and a unique key per vendor', () => {
    for (const kind of ACCOUNT_KINDS) expect(isAccountKind(kind)).toBe(true)
    expect(isAccountKind('vendor_paid_twice')).toBe(false)
    expect(accountKey(vendorAccount('vendor_pending', 42))).toBe('vendor_pending:42')
    expect(accountKey(account('mpesa_float'))).toBe('mpesa_float')
    const sides: [AccountRef, 'debit' | 'credit'][] = [
      [account('mpesa_float'), 'debit'],
      [account('card_clearing'), 'debit'],
      [account('shopper_refunds'), 'debit'],
      [account('adjustments'), 'debit'],
      [account('commission_income'), 'credit'],
      [account('vat_on_commission'), 'credit'],
      [account('vat_on_sales'), 'credit'],
      [account('delivery_fees'), 'credit'],
      [account('refunds_payable'), 'credit'],
      [vendorAccount('vendor_pending', 1), 'credit'],
      [vendorAccount('vendor_available', 1), 'credit'],
      [vendorAccount('vendor_payout_in_transit', 1), 'credit'],
      [account('cash_on_delivery'), 'debit'],
      [vendorAccount('vendor_collected', 1), 'debit'],
    ]
    for (const [ref, side] of sides) expect(normalSide(ref), accountKey(ref)).toBe(side)
  })
})

describe('balanced', () => {
  const a = account('mpesa_float')
  const b = vendorAccount('vendor_pending', 1)
  const table: [string, Entry[], boolean][] = [
    ['no entries', [], true],
    [
      'equal sides',
      [
        { account: a, side: 'debit', cents: 100 },
        { account: b, side: 'credit', cents: 100 },
      ],
      true,
    ],
    [
      'a cent short',
      [
        { account: a, side: 'debit', cents: 100 },
        { account: b, side: 'credit', cents: 99 },
      ],
      false,
    ],
    [
      'a zero entry',
      [
        { account: a, side: 'debit', cents: 0 },
        { account: b, side: 'credit', cents: 0 },
      ],
      false,
    ],
    [
      'a negative entry',
      [
        { account: a, side: 'debit', cents: -5 },
        { account: b, side: 'credit', cents: -5 },
      ],
      false,
    ],
    [
      'a fraction of a cent',
      [
        { account: a, side: 'debit', cents: 0.5 },
        { account: b, side: 'credit', cents: 0.5 },
      ],
      false,
    ],
  ]
  it.each(table)('%s', (_name, entries, expected) => {
    expect(balanced({ entries })).toBe(expected)
  })
})

describe('commission and its VAT', () => {
  const table: [number, number, number, number][] = [
    // amount, rate, commission, VAT inside it at 16 %
    [0, 1000, 0, 0],
    [1, 1000, 0, 0],
    [5, 1000, 1, 0],
    [4, 1000, 0, 0],
    [15, 1000, 2, 0],
    [100_000, 1000, 10_000, 1_379],
    [99_999, 1000, 10_000, 1_379],
    [12_345, 1250, 1_543, 213],
    [116, 10_000, 116, 16],
    [29, 10_000, 29, 4],
    [149_950, 1000, 14_995, 2_068],
  ]
  it.each(table)('%i cents at %i bp: commission %i, VAT inside %i', (amount, rate, commission, vat) => {
    expect(commissionCents(amount, rate)).toBe(commission)
    expect(vatInside(commission, VAT_BP)).toBe(vat)
  })

  it('rounds a half up, and never loses a cent between income and VAT', () => {
    // 116 × 1600 / 11600 = 16 exactly; 29 × 1600 / 11600 = 4; 0.5-cent halves round up.
    expect(vatInside(29, 1600)).toBe(4)
    expect(commissionCents(5, 1000)).toBe(1)
    for (const amount of AMOUNTS) {
      const commission = commissionCents(amount, COMMISSION_BP)
      const tx = commissionTaken({ vendorPartId: 1, vendorId: 7, commissionCents: commission, vatRateBp: VAT_BP })
      expect(balanced(tx)).toBe(true)
      const entries = tx.entries
      expect(balanceOf(entries, account('commission_income')) + balanceOf(entries, account('vat_on_commission'))).toBe(
        commission,
      )
      // Within half a cent of the exact VAT.
      expect(Math.abs(balanceOf(entries, account('vat_on_commission')) - (commission * 16) / 116)).toBeLessThanOrEqual(
        0.5,
      )
    }
  })

  it('refuses rates outside 0 to 100 %', () => {
    expect(() => commissionCents(100, -1)).toThrow(RangeError)
    expect(() => commissionCents(100, 10_001)).toThrow(RangeError)
    expect(() => vatInside(-1, 1600)).toThrow(RangeError)
  })

  it('sums per-line commissions rounded one by one', () => {
    expect(
      partCommissionCents([
        { amountCents: 15, rateBp: 1000 },
        { amountCents: 15, rateBp: 1000 },
      ]),
    ).toBe(4)
    expect(partCommissionCents([])).toBe(0)
  })
})

describe('commissionRateFor', () => {
  const rates = new Map([
    [1, 800], // Electronics
    [11, 500], // Electronics › Phones
    [3, 0], // Books: no commission
  ])
  const table: [string, number[], number][] = [
    ['the leaf has its own rate', [1, 11], 500],
    ['only the parent has one', [1, 12], 800],
    ['neither has one: the default', [2, 21], 1000],
    ['a rate of zero is a rate', [3, 31], 0],
    ['no category at all', [], 1000],
    ['a leaf rate with a parent without one', [2, 11], 500],
  ]
  it.each(table)('%s', (_name, path, expected) => {
    expect(commissionRateFor(path, rates, COMMISSION_BP)).toBe(expected)
  })
})

describe('payment received', () => {
  it.each(AMOUNTS)('balances an order of two shops, %i cents of goods for the second', (second) => {
    const parts = [
      { vendorId: 1, subtotalCents: 12_345 },
      { vendorId: 2, subtotalCents: second },
    ]
    const quote = quoteAmounts(
      parts.map((part) => ({ unitPriceCents: part.subtotalCents, quantity: 1 })),
      50_000,
      VAT_BP,
    )
    for (const method of ['mpesa', 'credit-card'] as const) {
      const tx = paymentReceived({
        paymentId: 3,
        orderId: 4,
        method,
        totalCents: quote.totalCents,
        shippingCents: quote.shippingCents,
        vatCents: quote.vatCents,
        parts,
      })
      expect(balanced(tx)).toBe(true)
      expect(tx.key).toBe('payment_received:payment:3')
      expect(totalOf(tx)).toBe(quote.totalCents)
      const cash = method === 'mpesa' ? account('mpesa_float') : account('card_clearing')
      expect(balanceOf(tx.entries, cash)).toBe(quote.totalCents)
      expect(balanceOf(tx.entries, vendorAccount('vendor_pending', 1))).toBe(12_345)
      expect(balanceOf(tx.entries, vendorAccount('vendor_pending', 2))).toBe(second)
      expect(balanceOf(tx.entries, account('delivery_fees'))).toBe(50_000)
      expect(balanceOf(tx.entries, account('vat_on_sales'))).toBe(quote.vatCents)
    }
  })

  it('enters a VAT below zero (the total rounded down to whole shillings) on the debit side', () => {
    const quote = quoteAmounts([{ unitPriceCents: 101, quantity: 1 }], 50_000, VAT_BP)
    expect(quote.vatCents).toBe(-1)
    const tx = paymentReceived({
      paymentId: 1,
      orderId: 1,
      method: 'mpesa',
      totalCents: quote.totalCents,
      shippingCents: quote.shippingCents,
      vatCents: quote.vatCents,
      parts: [{ vendorId: 1, subtotalCents: 101 }],
    })
    expect(balanced(tx)).toBe(true)
    expect(tx.entries).toContainEqual({ account: account('vat_on_sales'), side: 'debit', cents: 1 })
    expect(balanceOf(tx.entries, account('vat_on_sales'))).toBe(-1)
  })

  it('leaves out a free delivery rather than writing a zero line', () => {
    const tx = paymentReceived({
      paymentId: 1,
      orderId: 1,
      method: 'mpesa',
      totalCents: 11_600,
      shippingCents: 0,
      vatCents: 1_600,
      parts: [{ vendorId: 1, subtotalCents: 10_000 }],
    })
    expect(tx.entries.map((entry) => accountKey(entry.account))).toEqual([
      'mpesa_float',
      'vendor_pending:1',
      'vat_on_sales',
    ])
  })

  it('refuses a total that is not the sum of its parts, or no parts', () => {
    const base = { paymentId: 1, orderId: 1, method: 'mpesa' as const, shippingCents: 500, vatCents: 1_600 }
    expect(() =>
      paymentReceived({ ...base, totalCents: 12_101, parts: [{ vendorId: 1, subtotalCents: 10_000 }] }),
    ).toThrow(/total/)
    expect(() => paymentReceived({ ...base, totalCents: 2_100, parts: [] })).toThrow(/at least one/)
    expect(() =>
      paymentReceived({ ...base, totalCents: 12_100, parts: [{ vendorId: 1, subtotalCents: 100.5 as number }] }),
    ).toThrow(RangeError)
  })
})

describe('a sale from payment to payout', () => {
  it.each(AMOUNTS)('keeps every account right for %i cents of goods', (goods) => {
    const quote = quoteAmounts([{ unitPriceCents: goods, quantity: 1 }], 50_000, VAT_BP)
    const commission = commissionCents(goods, COMMISSION_BP)
    const net = goods - commission
    const txs = [
      paymentReceived({
        paymentId: 1,
        orderId: 1,
        method: 'mpesa',
        totalCents: quote.totalCents,
        shippingCents: quote.shippingCents,
        vatCents: quote.vatCents,
        parts: [{ vendorId: 9, subtotalCents: goods }],
      }),
      commissionTaken({ vendorPartId: 5, vendorId: 9, commissionCents: commission, vatRateBp: VAT_BP }),
      ...(net > 0
        ? [
            partReleased({ vendorPartId: 5, vendorId: 9, amountCents: net }),
            payoutSent({ payoutId: 2, vendorId: 9, amountCents: net }),
            payoutSettled({ payoutId: 2, vendorId: 9, amountCents: net }),
          ]
        : []),
    ]
    for (const tx of txs) expect(balanced(tx), tx.kind).toBe(true)
    const entries = entriesOf(...txs)
    for (const kind of ['vendor_pending', 'vendor_available', 'vendor_payout_in_transit'] as const) {
      expect(balanceOf(entries, vendorAccount(kind, 9)), kind).toBe(0)
    }
    expect(balanceOf(entries, account('mpesa_float'))).toBe(quote.totalCents - net)
    expect(
      balanceOf(entries, account('commission_income')) +
        balanceOf(entries, account('vat_on_commission')) +
        balanceOf(entries, account('delivery_fees')) +
        balanceOf(entries, account('vat_on_sales')),
    ).toBe(quote.totalCents - net)
    const trial = trialBalance(entries)
    expect(trial.debitCents).toBe(trial.creditCents)
  })
})

describe('pay on delivery', () => {
  const saleCollectedBy = (collectedBy: 'vendor' | 'marketplace', goods: number) => {
    const quote = quoteAmounts([{ unitPriceCents: goods, quantity: 1 }], 50_000, VAT_BP)
    const commission = commissionCents(goods, COMMISSION_BP)
    const net = goods - commission
    const collected = paymentCollected({
      vendorPartId: 5,
      orderId: 1,
      vendorId: 9,
      collectedBy,
      goodsCents: goods,
      deliveryCents: quote.shippingCents,
      vatCents: quote.vatCents,
    })
    const txs = [
      collected,
      commissionTaken({ vendorPartId: 5, vendorId: 9, commissionCents: commission, vatRateBp: VAT_BP }),
      partReleased({ vendorPartId: 5, vendorId: 9, amountCents: net }),
    ]
    return { quote, commission, net, txs }
  }

  it.each(AMOUNTS)(
    'a shop that collected %i cents of goods owes delivery, VAT and commission once settled',
    (goods) => {
      const { quote, commission, net, txs } = saleCollectedBy('vendor', goods)
      let entries = entriesOf(...txs)
      const settle = collectedSettlement({
        availableCents: balanceOf(entries, vendorAccount('vendor_available', 9)),
        collectedCents: balanceOf(entries, vendorAccount('vendor_collected', 9)),
      })
      expect(settle).toBe(net)
      const all =
        net > 0
          ? [...txs, collectionSettled({ vendorPartId: 5, vendorId: 9, amountCents: settle, occasion: 'released' })]
          : txs
      for (const tx of all) expect(balanced(tx), tx.kind).toBe(true)
      entries = entriesOf(...all)
      expect(balanceOf(entries, vendorAccount('vendor_available', 9))).toBe(0)
      expect(balanceOf(entries, vendorAccount('vendor_pending', 9))).toBe(0)
      expect(balanceOf(entries, vendorAccount('vendor_collected', 9))).toBe(
        quote.shippingCents + quote.vatCents + commission,
      )
      expect(balanceOf(entries, account('cash_on_delivery'))).toBe(0)
      const trial = trialBalance(entries)
      expect(trial.debitCents).toBe(trial.creditCents)
    },
  )

  it.each(AMOUNTS)(
    'money the marketplace collected (%i cents of goods) is owed to the shop like any payment',
    (goods) => {
      const { quote, net, txs } = saleCollectedBy('marketplace', goods)
      const entries = entriesOf(...txs)
      expect(balanceOf(entries, account('cash_on_delivery'))).toBe(quote.totalCents)
      expect(balanceOf(entries, vendorAccount('vendor_available', 9))).toBe(net)
      expect(balanceOf(entries, vendorAccount('vendor_collected', 9))).toBe(0)
    },
  )

  it.each([
    [0, 0, 0],
    [5_000, 0, 0],
    [0, 5_000, 0],
    [5_000, 3_000, 3_000],
    [3_000, 5_000, 3_000],
    [-2_000, 5_000, 0],
    [5_000, -1, 0],
  ])('settles available %i against collected %i: %i', (availableCents, collectedCents, expected) => {
    expect(collectedSettlement({ availableCents, collectedCents })).toBe(expected)
  })

  it('names each settlement by its part and occasion, and refuses nothing to settle', () => {
    const tx = collectionSettled({ vendorPartId: 5, vendorId: 9, amountCents: 100, occasion: 'collected' })
    expect(tx.key).toBe('collection_settled:vendor_part:5:collected')
    expect(() => collectionSettled({ vendorPartId: 5, vendorId: 9, amountCents: 0, occasion: 'released' })).toThrow(
      RangeError,
    )
    expect(() =>
      paymentCollected({
        vendorPartId: 5,
        orderId: 1,
        vendorId: 9,
        collectedBy: 'vendor',
        goodsCents: 0,
        deliveryCents: 0,
        vatCents: 0,
      }),
    ).toThrow(RangeError)
  })
})

describe('payouts', () => {
  it('holds a payout in transit, and a failed one goes back to available', () => {
    const event = { payoutId: 8, vendorId: 3, amountCents: 10_001 }
    const release = partReleased({ vendorPartId: 1, vendorId: 3, amountCents: 10_001 })
    const sent = payoutSent(event)
    expect(balanceOf(entriesOf(release, sent), vendorAccount('vendor_available', 3))).toBe(0)
    expect(balanceOf(entriesOf(release, sent), vendorAccount('vendor_payout_in_transit', 3))).toBe(10_001)
    const failed = payoutFailed(event)
    expect(balanced(failed)).toBe(true)
    expect(failed.key).toBe('payout_failed:payout:8')
    const after = entriesOf(release, sent, failed)
    expect(balanceOf(after, vendorAccount('vendor_available', 3))).toBe(10_001)
    expect(balanceOf(after, vendorAccount('vendor_payout_in_transit', 3))).toBe(0)
    expect(balanceOf(after, account('mpesa_float'))).toBe(0)
  })

  it.each([0, -1, 1.5])('refuses a payout of %d cents', (cents) => {
    expect(() => payoutSent({ payoutId: 1, vendorId: 1, amountCents: cents })).toThrow(RangeError)
  })
})

describe('refunds', () => {
  const base = { refundId: 6, vendorPartId: 5, vendorId: 9, from: 'pending' as const, refundedBeforeCents: 0 }

  /** goods, delivery, VAT, goodwill, paid for the part, refunded before, allowed */
  const caps: [string, number, number, number, number, number, number, boolean][] = [
    ['all the goods', 10_001, 0, 0, 0, 10_001, 0, true],
    ['goods, delivery and VAT: everything paid', 10_001, 500, 1_599, 0, 12_100, 0, true],
    ['a cent over what was paid', 10_001, 500, 1_600, 0, 12_100, 0, false],
    ['the rest after an earlier partial refund', 5_000, 0, 0, 0, 12_100, 7_100, true],
    ['a cent over the rest', 5_001, 0, 0, 0, 12_100, 7_100, false],
    ['goodwill counts toward the cap', 0, 0, 0, 12_101, 12_100, 0, false],
    ['goodwill within the cap', 0, 0, 0, 99, 12_100, 0, true],
    ['nothing left to refund', 1, 0, 0, 0, 12_100, 12_100, false],
    ['refunded more than paid before (no negative room)', 1, 0, 0, 0, 100, 200, false],
  ]
  it.each(caps)('%s', (_name, goods, delivery, vat, goodwill, paid, before, allowed) => {
    const build = () =>
      refundApproved({
        ...base,
        goodsCents: goods,
        deliveryCents: delivery,
        vatCents: vat,
        marketplaceCents: goodwill,
        paidForPartCents: paid,
        refundedBeforeCents: before,
      })
    if (!allowed) {
      expect(build).toThrow(/exceed/)
      return
    }
    const tx = build()
    expect(balanced(tx)).toBe(true)
    expect(balanceOf(tx.entries, account('refunds_payable'))).toBe(goods + delivery + vat + goodwill)
    expect(balanceOf(tx.entries, vendorAccount('vendor_pending', 9)) + goods).toBe(0)
    expect(balanceOf(tx.entries, account('shopper_refunds'))).toBe(goodwill)
  })

  it('refuses a refund of nothing', () => {
    expect(() => refundApproved({ ...base, goodsCents: 0, paidForPartCents: 100 })).toThrow(/more than nothing/)
  })

  it.each(AMOUNTS)('a sale of %i cents refunded in full leaves the shop and the float at zero', (goods) => {
    const quote = quoteAmounts([{ unitPriceCents: goods, quantity: 1 }], 50_000, VAT_BP)
    const commission = commissionCents(goods, COMMISSION_BP)
    const txs = [
      paymentReceived({
        paymentId: 1,
        orderId: 1,
        method: 'credit-card',
        totalCents: quote.totalCents,
        shippingCents: 50_000,
        vatCents: quote.vatCents,
        parts: [{ vendorId: 9, subtotalCents: goods }],
      }),
      commissionTaken({ vendorPartId: 5, vendorId: 9, commissionCents: commission, vatRateBp: VAT_BP }),
      refundApproved({
        ...base,
        goodsCents: goods,
        deliveryCents: 50_000,
        vatCents: quote.vatCents,
        paidForPartCents: quote.totalCents,
      }),
      commissionReturned({ refundId: 6, vendorId: 9, commissionCents: commission, vatRateBp: VAT_BP }),
      refundSent({ refundId: 6, method: 'credit-card', amountCents: quote.totalCents }),
    ]
    for (const tx of txs) expect(balanced(tx), tx.kind).toBe(true)
    const entries = entriesOf(...txs)
    for (const ref of [
      account('card_clearing'),
      account('commission_income'),
      account('vat_on_commission'),
      account('vat_on_sales'),
      account('delivery_fees'),
      account('refunds_payable'),
      vendorAccount('vendor_pending', 9),
    ]) {
      expect(balanceOf(entries, ref), accountKey(ref)).toBe(0)
    }
  })
})

describe('manual adjustments', () => {
  const base = {
    adminId: 1,
    reason: 'M-Pesa charged a B2C fee twice',
    key: 'req-1',
    reference: { type: 'payout' as const, id: 4 },
    debit: account('adjustments'),
    credit: vendorAccount('vendor_available', 2),
    amountCents: 3_301,
  }

  it('moves money with its reason and its admin', () => {
    const tx = manualAdjustment(base)
    expect(balanced(tx)).toBe(true)
    expect(tx.memo).toBe('M-Pesa charged a B2C fee twice')
    expect(tx.actorId).toBe(1)
    expect(tx.key).toBe('manual_adjustment:req-1')
    expect(balanceOf(tx.entries, vendorAccount('vendor_available', 2))).toBe(3_301)
    expect(balanceOf(tx.entries, account('adjustments'))).toBe(3_301)
  })

  const refused: [string, Partial<typeof base>, RegExp][] = [
    ['without a reason', { reason: '' }, /reason/],
    ['with a blank reason', { reason: '   ' }, /reason/],
    ['without a key', { key: ' ' }, /key/],
    ['of nothing', { amountCents: 0 }, /above zero/],
    ['of a fraction of a cent', { amountCents: 10.5 }, /whole number/],
    ['from an account to itself', { debit: account('adjustments'), credit: account('adjustments') }, /two accounts/],
    ['to a vendor without an id', { credit: vendorAccount('vendor_available', 0) }, /vendor id/],
  ]
  it.each(refused)('is refused %s', (_name, change, message) => {
    expect(() => manualAdjustment({ ...base, ...change })).toThrow(message)
  })
})

describe('trialBalance', () => {
  it('lists each account once with its debits and credits', () => {
    const trial = trialBalance(
      entriesOf(
        partReleased({ vendorPartId: 1, vendorId: 3, amountCents: 700 }),
        payoutSent({ payoutId: 1, vendorId: 3, amountCents: 300 }),
      ),
    )
    expect(trial.lines.map((line) => [accountKey(line.account), line.debitCents, line.creditCents])).toEqual([
      ['vendor_available:3', 300, 700],
      ['vendor_payout_in_transit:3', 0, 300],
      ['vendor_pending:3', 700, 0],
    ])
    expect(trial.debitCents).toBe(1_000)
    expect(trial.creditCents).toBe(1_000)
  })
})

describe('who pays for a voucher (decision 0023)', () => {
  // Two shops: goods 1,000 and 2,000; a voucher of 300 off; delivery 500; VAT on the goods as paid.
  it.each([
    ['the marketplace: the shops earn on the full price, the discount is its expense', null, 30_000, 0],
    ["a shop's own: its goods lower, nothing for the marketplace to bear", 1, 0, 30_000],
  ] as const)('%s', (_name, funder, marketplaceCents, shopCents) => {
    const quote = quoteAmounts(
      [
        { unitPriceCents: 100_000, quantity: 1 },
        { unitPriceCents: 200_000, quantity: 1 },
      ],
      50_000,
      VAT_BP,
      30_000,
    )
    const parts =
      funder === null
        ? [
            { vendorId: 1, subtotalCents: 100_000 },
            { vendorId: 2, subtotalCents: 200_000 },
          ]
        : [
            { vendorId: 1, subtotalCents: 100_000 - shopCents },
            { vendorId: 2, subtotalCents: 200_000 },
          ]
    const tx = paymentReceived({
      paymentId: 1,
      orderId: 1,
      method: 'mpesa',
      totalCents: quote.totalCents,
      shippingCents: quote.shippingCents,
      vatCents: quote.vatCents,
      parts,
      marketplaceDiscountCents: marketplaceCents,
    })
    expect(balanced(tx)).toBe(true)
    expect(balanceOf(tx.entries, account('mpesa_float'))).toBe(quote.totalCents)
    expect(balanceOf(tx.entries, account('marketplace_discounts'))).toBe(marketplaceCents)
    expect(balanceOf(tx.entries, vendorAccount('vendor_pending', 1))).toBe(100_000 - shopCents)
    expect(balanceOf(tx.entries, vendorAccount('vendor_pending', 2))).toBe(200_000)
    expect(balanceOf(tx.entries, account('vat_on_sales'))).toBe(quote.vatCents)
  })

  it('refuses a marketplace discount that does not add up to the total', () => {
    expect(() =>
      paymentReceived({
        paymentId: 1,
        orderId: 1,
        method: 'mpesa',
        totalCents: 11_600,
        shippingCents: 0,
        vatCents: 1_600,
        parts: [{ vendorId: 1, subtotalCents: 10_000 }],
        marketplaceDiscountCents: 1_000,
      }),
    ).toThrow(/less the marketplace/)
  })

  it.each(['vendor', 'marketplace'] as const)('a part paid at the door, collected by the %s, less its share', (by) => {
    const tx = paymentCollected({
      vendorPartId: 5,
      orderId: 1,
      vendorId: 9,
      collectedBy: by,
      goodsCents: 100_000,
      deliveryCents: 50_000,
      vatCents: 14_400,
      marketplaceDiscountCents: 10_000,
    })
    expect(balanced(tx)).toBe(true)
    expect(totalOf(tx)).toBe(164_400)
    expect(balanceOf(tx.entries, account('marketplace_discounts'))).toBe(10_000)
    expect(balanceOf(tx.entries, vendorAccount('vendor_pending', 9))).toBe(100_000)
  })
})
