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

export const RETURN_STATES = ['requested', 'accepted', 'disputed', 'received', 'refunded', 'rejected'] as const
export type ReturnState = (typeof RETURN_STATES)[number]

/** A return still being settled: while a part has one, its money stays pending (decision 0012). */
export const OPEN_RETURN_STATES: readonly ReturnState[] = ['requested', 'accepted', 'disputed', 'received']

export const RETURN_STATE_LABELS: Record<ReturnState, string> = {
  requested: 'Return requested',
  accepted: 'Return accepted',
  disputed: 'With Soko for a decision',
  received: 'Item back with the seller',
  refunded: 'Refunded',
  rejected: 'Return rejected',
}

/** Why a return went to the dispute desk: the shop refused it, or left it unanswered for RETURN_ANSWER_HOURS. */
export const DISPUTE_CAUSES = ['refused', 'unanswered'] as const
export type DisputeCause = (typeof DISPUTE_CAUSES)[number]

export const DISPUTE_CAUSE_LABELS: Record<DisputeCause, string> = {
  refused: 'The shop refused the return',
  unanswered: 'The shop did not answer in time',
}

export const RETURN_ACTIONS = ['accept', 'refuse', 'escalate', 'receive', 'refund', 'award', 'reject'] as const
export type ReturnAction = (typeof RETURN_ACTIONS)[number]

/** The caller as the return sees it: its order's shopper, its part's vendor, an admin, the system, or nobody of its. */
export const RETURN_ACTORS = ['shopper', 'vendor', 'admin', 'system', 'none'] as const
export type ReturnActor = (typeof RETURN_ACTORS)[number]

/**
 * Every allowed move of an open return; anything else is refused. The decision records 0013 and 0015 show the same
 * table. Opening (to `requested`) is not a move: it is `canOpenReturn` below. A refusal is not the end: it puts the
 * return before the marketplace's dispute desk, as does a shop's silence for RETURN_ANSWER_HOURS (`escalate`, by the
 * timer), and there an admin refunds it (`award`: in full or in part) or rejects it. `refund` follows `receive` in
 * the same transaction, by the system.
 */
export const RETURN_MOVES: readonly Move<ReturnState, ReturnAction, ReturnActor>[] = [
  { action: 'accept', actors: ['vendor'], from: ['requested'], to: 'accepted' },
  { action: 'refuse', actors: ['vendor'], from: ['requested'], to: 'disputed' },
  { action: 'escalate', actors: ['system'], from: ['requested'], to: 'disputed' },
  { action: 'receive', actors: ['vendor'], from: ['accepted'], to: 'received' },
  { action: 'refund', actors: ['system'], from: ['received'], to: 'refunded' },
  { action: 'award', actors: ['admin'], from: ['disputed'], to: 'refunded' },
  { action: 'reject', actors: ['admin'], from: ['disputed'], to: 'rejected' },
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

const HOUR_MS = 3_600_000

/** When a requested return left unanswered goes to the dispute desk. */
export function answerDueAt(requestedAt: Date, hours: number): Date {
  return new Date(requestedAt.getTime() + hours * HOUR_MS)
}

/**
 * What an admin's award pays back, in cents: a part of the return's amount or all of it (the amount asked for
 * in KES, to the cent), never nothing and never more.
 */
export function awardCents(
  askedKes: number | undefined,
  returnCents: number,
): { ok: true; cents: number } | { ok: false; refused: 'not-positive' | 'above-return' } {
  if (askedKes === undefined) return { ok: true, cents: returnCents }
  const cents = Math.round(askedKes * 100)
  if (cents <= 0) return { ok: false, refused: 'not-positive' }
  if (cents > returnCents) return { ok: false, refused: 'above-return' }
  return { ok: true, cents }
}

/** Returns that hold their items: all but rejected ones (a rejected return frees its quantities again). */
export function holdsItems(state: ReturnState): boolean {
  return state !== 'rejected'
}

/** Photos a shopper may add to one return. */
export const MAX_RETURN_PHOTOS = 4

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
