import { describe, expect, it } from 'vitest'
import { DAY_MS, guestAccessEnds, guestAccessOpen } from './guest-access.ts'

const now = new Date('2026-11-24T12:00:00Z')
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS)

describe('how long an order opens for its buyer without an account', () => {
  it('opens an order that is not closed, however old', () => {
    for (const status of ['pending_payment', 'paid', 'processing', 'shipped']) {
      expect(guestAccessEnds({ status, updated_at: daysAgo(400) }, null, 7)).toBeNull()
      expect(guestAccessOpen({ status, updated_at: daysAgo(400) }, null, 7, now)).toBe(true)
    }
  })

  it('closes a delivered order the return window after its last delivery', () => {
    const order = { status: 'delivered', updated_at: daysAgo(1) }
    expect(guestAccessOpen(order, daysAgo(6.9), 7, now)).toBe(true)
    expect(guestAccessOpen(order, daysAgo(7), 7, now)).toBe(false)
    expect(guestAccessOpen(order, daysAgo(13), 14, now)).toBe(true)
    // No delivery time recorded: the order's last change stands for it.
    expect(guestAccessOpen({ status: 'delivered', updated_at: daysAgo(8) }, null, 7, now)).toBe(false)
  })

  it('closes a cancelled or refunded order the return window after it was', () => {
    expect(guestAccessOpen({ status: 'cancelled', updated_at: daysAgo(2) }, null, 7, now)).toBe(true)
    expect(guestAccessOpen({ status: 'refunded', updated_at: daysAgo(8) }, null, 7, now)).toBe(false)
  })
})
