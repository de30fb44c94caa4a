import { describe, expect, it } from 'vitest'
import type { OrderStatus } from './order-states.ts'
import { availableFrom, type EarningState, earningState, pendingExplanation, vendorBalance } from './vendor-balance.ts'

const NOW = new Date('2026-11-24T12:00:00Z')
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000)
const rules = { returnWindowDays: 7, now: NOW }

/** status, confirmed how many days ago (null: not confirmed), an open return, and where its money stands. */
const CASES: [string, OrderStatus, number | null, boolean, EarningState][] = [
  ['unpaid', 'pending_payment', null, false, 'none'],
  ['paid', 'paid', null, false, 'awaiting'],
  ['processing', 'processing', null, false, 'awaiting'],
  ['shipped', 'shipped', null, false, 'awaiting'],
  ['delivered, not confirmed', 'delivered', null, false, 'pending'],
  ['confirmed just now', 'delivered', 0, false, 'pending'],
  ['confirmed, inside the window', 'delivered', 6.9, false, 'pending'],
  ['confirmed, the window ends right now', 'delivered', 7, false, 'available'],
  ['confirmed, after the window', 'delivered', 30, false, 'available'],
  ['after the window, with an open return', 'delivered', 30, true, 'pending'],
  ['not confirmed, with an open return', 'delivered', null, true, 'pending'],
  ['cancelled', 'cancelled', null, false, 'none'],
  ['refunded after delivery', 'refunded', 30, false, 'none'],
]

describe('earningState', () => {
  it.each(CASES)('%s', (_name, status, confirmedDaysAgo, hasOpenReturn, expected) => {
    const confirmedAt = confirmedDaysAgo === null ? null : daysAgo(confirmedDaysAgo)
    expect(earningState({ status, confirmedAt, hasOpenReturn }, rules)).toBe(expected)
  })

  it('holds no part back for a return when the returns input is left out', () => {
    expect(earningState({ status: 'delivered', confirmedAt: daysAgo(8) }, rules)).toBe('available')
  })

  it('follows the window it is given', () => {
    const part = { status: 'delivered' as const, confirmedAt: daysAgo(8) }
    expect(earningState(part, { ...rules, returnWindowDays: 14 })).toBe('pending')
    expect(availableFrom(daysAgo(8), 14)).toEqual(daysAgo(-6))
  })
})

describe('vendorBalance', () => {
  const parts = [
    { status: 'paid' as const, confirmedAt: null, netCents: 100 },
    { status: 'shipped' as const, confirmedAt: null, netCents: 200 },
    { status: 'delivered' as const, confirmedAt: null, netCents: 1_000 },
    { status: 'delivered' as const, confirmedAt: daysAgo(2), netCents: 2_000 },
    { status: 'delivered' as const, confirmedAt: daysAgo(10), netCents: 4_000 },
    { status: 'delivered' as const, confirmedAt: daysAgo(10), netCents: 8_000, hasOpenReturn: true },
    { status: 'cancelled' as const, confirmedAt: null, netCents: 16_000 },
  ]

  const table: [string, number, ReturnType<typeof vendorBalance>][] = [
    [
      'nothing paid out',
      0,
      {
        awaitingCents: 300,
        pendingCents: 11_000,
        availableCents: 4_000,
        earnedCents: 15_000,
        paidOutCents: 0,
        balanceCents: 15_000,
      },
    ],
    [
      'payouts come out of the available money',
      2_500,
      {
        awaitingCents: 300,
        pendingCents: 11_000,
        availableCents: 1_500,
        earnedCents: 15_000,
        paidOutCents: 2_500,
        balanceCents: 12_500,
      },
    ],
    [
      'paid out more than is available (before money waited): available goes below zero, pending stays',
      5_000,
      {
        awaitingCents: 300,
        pendingCents: 11_000,
        availableCents: -1_000,
        earnedCents: 15_000,
        paidOutCents: 5_000,
        balanceCents: 10_000,
      },
    ],
  ]

  it.each(table)('%s', (_name, paidOut, expected) => {
    expect(vendorBalance(parts, paidOut, rules)).toEqual(expected)
  })

  it('is all zeros for a shop with no parts', () => {
    expect(vendorBalance([], 0, rules)).toEqual({
      awaitingCents: 0,
      pendingCents: 0,
      availableCents: 0,
      earnedCents: 0,
      paidOutCents: 0,
      balanceCents: 0,
    })
  })
})

describe('pendingExplanation', () => {
  it('says the numbers it is given', () => {
    expect(pendingExplanation({ deliveryConfirmDays: 3, returnWindowDays: 7 })).toBe(
      'A delivered order is pending until its delivery is confirmed (by the shopper, or by itself 3 days after it ' +
        'was marked delivered) and the 7-day return window after that has passed with no open return. Then it ' +
        'becomes available to pay out.',
    )
    expect(pendingExplanation({ deliveryConfirmDays: 1, returnWindowDays: 1 })).toContain('itself 1 day after')
  })
})
