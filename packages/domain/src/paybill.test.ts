import { describe, expect, it } from 'vitest'
import { judgePaybillPayment, orderNumberFromAccount, type PaybillOrderState, transAmountCents } from './paybill.ts'

describe('orderNumberFromAccount', () => {
  it.each([
    ['SK-7KQ2M9', 'SK-7KQ2M9'],
    ['sk-7kq2m9', 'SK-7KQ2M9'],
    ['  SK-7KQ2M9  ', 'SK-7KQ2M9'],
    ['7KQ2M9', 'SK-7KQ2M9'],
    ['7kq2m9', 'SK-7KQ2M9'],
    ['SK7KQ2M9', 'SK-7KQ2M9'],
    ['SK 7KQ 2M9', 'SK-7KQ2M9'],
    ['SK-7KQ2MO', 'SK-7KQ2M0'],
    ['SK-IL0000', 'SK-110000'],
    ['', null],
    ['SK-', null],
    ['SK-7KQ2M', null],
    ['SK-7KQ2M99', null],
    ['SK-7KQ2MU', null],
    ['SK-7KQ#M9', null],
    ['0712345678', null],
  ])('%j names %j', (account, expected) => {
    expect(orderNumberFromAccount(account)).toBe(expected)
  })
})

describe('judgePaybillPayment', () => {
  const order = (state: PaybillOrderState, totalCents = 150_000) => ({ state, totalCents })
  it.each([
    ['no order', null, 150_000, 'unknown_account'],
    ['the exact total', order('awaiting'), 150_000, null],
    ['a shilling short', order('awaiting'), 149_900, 'wrong_amount'],
    ['a shilling over', order('awaiting'), 150_100, 'wrong_amount'],
    ['a paid order', order('paid'), 150_000, 'order_paid'],
    ['a cancelled order', order('cancelled'), 150_000, 'order_cancelled'],
    ['an expired order', order('expired'), 150_000, 'order_expired'],
    ['an expired order, wrong amount', order('expired'), 1, 'order_expired'],
  ] as const)('%s', (_name, given, amountCents, problem) => {
    const judged = judgePaybillPayment(given, amountCents)
    expect(judged).toEqual(problem === null ? { ok: true } : { ok: false, problem })
  })
})

describe('transAmountCents', () => {
  it.each([
    ['1500', 150_000],
    ['1500.00', 150_000],
    ['1500.5', 150_050],
    [1500, 150_000],
    [' 10 ', 1000],
    ['0', null],
    ['-5', null],
    ['1e3', null],
    ['12.345', null],
    ['', null],
    [null, null],
    [{}, null],
  ])('%j is %j cents', (value, expected) => {
    expect(transAmountCents(value)).toBe(expected)
  })
})
