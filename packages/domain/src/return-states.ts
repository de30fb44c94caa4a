// A return (issue 18, part 3; docs/decisions/0013-returns.md): why a shopper may send items back, when, how many,
// and who moves the return from where to where. Pure: the server loads the return, asks here, and stores the answer.

import { type Move, type MoveAnswer, moveIn } from './state-moves.ts'

/** Why an item goes back: a fixed list; `other` needs the shopper's note. */
export const RETURN_REASONS = [
  { id: 'damaged', label: 'Arrived damaged' },
  { id: 'wrong-item', label: 'Wrong item sent' },
  { id: 'not-as-described', label: 'Not as described' },
  { id: 'does-not-fit', label: 'Does not fit' },
  { id: 'changed-mind', label: 'Changed my mind' },
  { id: 'missing-parts', label: 'Missing parts or accessories' },
  { id: 'other', label: 'Other (please explain)' },
] as const

export type ReturnReason = (typeof RETURN_REASONS)[number]['id']
export const RETURN_REASON_IDS = RETURN_REASONS.map((reason) => reason.id) as [ReturnReason, ...ReturnReason[]]

export function returnReasonLabel(id: string): string {
  return RETURN_REASONS.find((reason) => reason.id === id)?.label ?? id
}

/** How an accepted return comes back to the shop. */
export const RETURN_METHODS = [
  { id: 'drop-off', label: 'Drop-off at the shop' },
  { id: 'pickup', label: 'Pickup by the shop' },
] as const

export type ReturnMethod = (typeof RETURN_METHODS)[number]['id']
export const RETURN_METHOD_IDS = RETURN_METHODS.map((method) => method.id) as [ReturnMethod, ...ReturnMethod[]]

export function returnMethodLabel(id: string | null): string | null {
  return RETURN_METHODS.find((method) => method.id === id)?.label ?? null
}

export const RETURN_STATES = ['requested', 'accepted', 'refused', 'received', 'refunded'] as const
export type ReturnState = (typeof RETURN_STATES)[number]

/** A return still being settled: while a part has one, its money stays pending (decision 0012). */
export const OPEN_RETURN_STATES: readonly ReturnState[] = ['requested', 'accepted', 'received']

export const RETURN_STATE_LABELS: Record<ReturnState, string> = {
  requested: 'Return requested',
  accepted: 'Return accepted',
  refused: 'Return refused',
  received: 'Item back with the seller',
  refunded: 'Refunded',
}

export const RETURN_ACTIONS = ['accept', 'refuse', 'receive', 'refund'] as const
export type ReturnAction = (typeof RETURN_ACTIONS)[number]

/** The caller as the return sees it: its order's shopper, its part's vendor, an admin, the system, or nobody of its. */
export const RETURN_ACTORS = ['shopper', 'vendor', 'admin', 'system', 'none'] as const
export type ReturnActor = (typeof RETURN_ACTORS)[number]

/**
 * Every allowed move of an open return; anything else is refused. The decision record 0013 shows the same table.
 * Opening (to `requested`) is not a move: it is `canOpenReturn` below. `refund` follows `receive` in the same
 * transaction, by the system.
 */
export const RETURN_MOVES: readonly Move<ReturnState, ReturnAction, ReturnActor>[] = [
  { action: 'accept', actors: ['vendor'], from: ['requested'], to: 'accepted' },
  { action: 'refuse', actors: ['vendor'], from: ['requested'], to: 'refused' },
  { action: 'receive', actors: ['vendor'], from: ['accepted'], to: 'received' },
  { action: 'refund', actors: ['system'], from: ['received'], to: 'refunded' },
]

export type ReturnMoveAnswer = MoveAnswer<ReturnState>

/**
 * Whether `actor` may do `action` to a return in `state`, and where it goes. An actor the action is not for is
 * refused as such whatever the state (404, as for someone else's return); the right actor at the wrong state is
 * refused for the state (409).
 */
export function moveReturn(state: ReturnState, action: ReturnAction, actor: ReturnActor): ReturnMoveAnswer {
  return moveIn(RETURN_MOVES, state, action, actor)
}

/** Returns that hold their items: all but refused ones (a refused return frees its quantities again). */
export function holdsItems(state: ReturnState): boolean {
  return state !== 'refused'
}

const DAY_MS = 86_400_000

/** The last moment a return may be opened for a part delivered at `deliveredAt`. */
export function returnWindowEnds(deliveredAt: Date, days: number): Date {
  return new Date(deliveredAt.getTime() + days * DAY_MS)
}

export type OpenRefusal = 'not-delivered' | 'window-closed'

/**
 * Whether a return may be opened now for a part: only a part that arrived (the vendor's "delivered", or its
 * shopper's confirmation; both set `delivered_at`) and only until `days` after that.
 */
export function canOpenReturn(
  part: { status: string; deliveredAt: Date | null },
  now: Date,
  days: number,
): { ok: true } | { ok: false; refused: OpenRefusal } {
  if (part.status !== 'delivered' || part.deliveredAt === null) return { ok: false, refused: 'not-delivered' }
  if (now.getTime() > returnWindowEnds(part.deliveredAt, days).getTime()) return { ok: false, refused: 'window-closed' }
  return { ok: true }
}

/** How many of an order line may still go back: bought, less what open or finished returns already hold. */
export function returnableQuantity(bought: number, alreadyReturned: number): number {
  return Math.max(0, bought - alreadyReturned)
}

/** What a return pays back: each line's unit price times the quantity going back, in cents. */
export function returnAmountCents(lines: readonly { unitPriceCents: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0)
}
