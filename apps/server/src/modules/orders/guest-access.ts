import type { OrderStatus } from '@soko/domain/order-states'

// How long an order opens for its buyer without an account (its token, from the emailed link or a look-up at
// /orders): while it is open, and for the return window after it closed (docs/decisions/0011-guest-orders.md).

/** An order in one of these has nothing left to happen but a return. */
const CLOSED: readonly OrderStatus[] = ['delivered', 'cancelled', 'refunded']

export const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Until when an order's token opens it: null while the order is open. A delivered order closes with its last
 * vendor part's delivery; a cancelled or refunded one when that happened (its last change).
 */
export function guestAccessEnds(
  order: { status: string; updated_at: Date },
  lastDeliveredAt: Date | null,
  returnWindowDays: number,
): Date | null {
  if (!(CLOSED as readonly string[]).includes(order.status)) return null
  const closedAt = order.status === 'delivered' ? (lastDeliveredAt ?? order.updated_at) : order.updated_at
  return new Date(closedAt.getTime() + returnWindowDays * DAY_MS)
}

/** Whether a guest's token still opens the order at `now`. */
export function guestAccessOpen(
  order: { status: string; updated_at: Date },
  lastDeliveredAt: Date | null,
  returnWindowDays: number,
  now: Date,
): boolean {
  const ends = guestAccessEnds(order, lastDeliveredAt, returnWindowDays)
  return ends === null || now.getTime() < ends.getTime()
}
