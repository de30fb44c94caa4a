import { describe, expect, it } from 'vitest'
import { REFUND_STATES, type RefundMove, type RefundState, refundMove } from './refund-states.ts'

// Every (state × move): the one table the send-refund flow and the admin's retry decide by.
const EXPECTED: Record<RefundState, Record<RefundMove, RefundState | null>> = {
  approved: { send: 'sending', confirm: null, fail: null, retry: null },
  sending: { send: null, confirm: 'sent', fail: 'failed', retry: null },
  sent: { send: null, confirm: null, fail: null, retry: null },
  failed: { send: null, confirm: null, fail: null, retry: 'approved' },
}

describe('refund moves', () => {
  const cases = REFUND_STATES.flatMap((state) =>
    (Object.keys(EXPECTED[state]) as RefundMove[]).map((move) => [state, move, EXPECTED[state][move]] as const),
  )
  it.each(cases)('%s --%s--> %s', (state, move, to) => {
    expect(refundMove(state, move)).toBe(to)
  })

  it('a sent refund is final: no move leaves it', () => {
    expect((['send', 'confirm', 'fail', 'retry'] as const).map((move) => refundMove('sent', move))).toEqual([
      null,
      null,
      null,
      null,
    ])
  })
})
