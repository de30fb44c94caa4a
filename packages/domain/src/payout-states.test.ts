import { describe, expect, it } from 'vitest'
import {
  isFinalPayout,
  isInFlight,
  movePayout,
  nextPayoutRun,
  PAYOUT_ACTIONS,
  PAYOUT_ACTORS,
  PAYOUT_STATES,
  type PayoutAction,
  type PayoutActor,
  type PayoutSchedule,
  type PayoutState,
  payoutAmountCents,
} from './payout-states.ts'

/** The allowed moves, written out one by one: every other (state, action, actor) is refused. */
const ALLOWED: [PayoutState, PayoutAction, PayoutActor, PayoutState][] = [
  ['queued', 'send', 'mpesa', 'sent'],
  ['queued', 'settle', 'mpesa', 'paid'],
  ['sent', 'settle', 'mpesa', 'paid'],
  ['queued', 'fail', 'mpesa', 'failed'],
  ['sent', 'fail', 'mpesa', 'failed'],
  ['queued', 'fail', 'system', 'failed'],
]

describe('payout states', () => {
  for (const state of PAYOUT_STATES) {
    for (const action of PAYOUT_ACTIONS) {
      for (const actor of PAYOUT_ACTORS) {
        const allowed = ALLOWED.find(([s, a, who]) => s === state && a === action && who === actor)
        it(`${state} --${action} by ${actor}--> ${allowed ? allowed[3] : 'refused'}`, () => {
          const answer = movePayout(state, action, actor)
          if (allowed) expect(answer).toEqual({ ok: true, to: allowed[3] })
          else expect(answer.ok).toBe(false)
        })
      }
    }
  }

  it('paid and failed are final; queued and sent hold money in transit', () => {
    expect(PAYOUT_STATES.filter(isFinalPayout)).toEqual(['paid', 'failed'])
    expect(PAYOUT_STATES.filter(isInFlight)).toEqual(['queued', 'sent'])
  })
})

describe('payout amount', () => {
  const cases: [number, number, number | null][] = [
    [0, 500_00, null],
    [-100, 500_00, null],
    [499_99, 500_00, null],
    [500_00, 500_00, 500_00],
    [900_50, 500_00, 900_00],
    [1234_99, 0, 1234_00],
    [99, 0, null],
  ]
  it.each(cases)('available %i with minimum %i pays %s', (available, minimum, expected) => {
    expect(payoutAmountCents(available, minimum)).toBe(expected)
  })
})

describe('next payout run (Nairobi, UTC+3, no daylight saving)', () => {
  const friday10: PayoutSchedule = { day: 'friday', hour: 10 }
  const cases: [string, PayoutSchedule, string, string][] = [
    ['Wednesday morning: this Friday', friday10, '2026-11-25T05:00:00Z', '2026-11-27T07:00:00Z'],
    ['Friday 09:59 Nairobi: the same day', friday10, '2026-11-27T06:59:00Z', '2026-11-27T07:00:00Z'],
    ['Friday 10:00 Nairobi exactly: next week', friday10, '2026-11-27T07:00:00Z', '2026-12-04T07:00:00Z'],
    ['Friday 10:01 Nairobi: next week', friday10, '2026-11-27T07:01:00Z', '2026-12-04T07:00:00Z'],
    ['Thursday 22:00 UTC is Friday 01:00 Nairobi', friday10, '2026-11-26T22:00:00Z', '2026-11-27T07:00:00Z'],
    ['Saturday: the Friday after', friday10, '2026-11-28T12:00:00Z', '2026-12-04T07:00:00Z'],
    [
      'Monday 00:00 Nairobi is Sunday 21:00 UTC',
      { day: 'monday', hour: 0 },
      '2026-11-29T20:59:00Z',
      '2026-11-29T21:00:00Z',
    ],
    ['Sunday 23:00 across a year end', { day: 'sunday', hour: 23 }, '2026-12-31T12:00:00Z', '2027-01-03T20:00:00Z'],
    [
      'hour 2 Nairobi is the previous UTC day',
      { day: 'tuesday', hour: 2 },
      '2026-11-25T00:00:00Z',
      '2026-11-30T23:00:00Z',
    ],
    ['leap day', { day: 'tuesday', hour: 12 }, '2028-02-28T10:00:00Z', '2028-02-29T09:00:00Z'],
  ]
  it.each(cases)('%s', (_name, schedule, now, expected) => {
    expect(nextPayoutRun(schedule, new Date(now)).toISOString()).toBe(new Date(expected).toISOString())
  })

  it('refuses an hour outside 0-23', () => {
    expect(() => nextPayoutRun({ day: 'friday', hour: 24 }, new Date())).toThrow(RangeError)
  })
})
