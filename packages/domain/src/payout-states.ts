// A payout's life (issue 19, payouts to vendors by M-Pesa B2C; docs/decisions/0018-payouts.md): queued (written with
// its ledger entry `payout_sent`, the money out of the shop's available balance) → sent (M-Pesa accepted the B2C
// request; its Result is awaited) → paid (M-Pesa confirmed: `payout_settled`) or failed (M-Pesa refused it, or it was
// never accepted: `payout_failed`, the money back to available). A payout an admin records by hand (money sent
// outside Soko) is paid at once. Also the weekly schedule: when the next run is, in Nairobi time.

import { type Move, type MoveAnswer, moveIn } from './state-moves.ts'

export const PAYOUT_STATES = ['queued', 'sent', 'paid', 'failed'] as const
export type PayoutState = (typeof PAYOUT_STATES)[number]

export const PAYOUT_METHODS = ['mpesa_b2c', 'manual'] as const
export type PayoutMethod = (typeof PAYOUT_METHODS)[number]

/** How a payout was started: the weekly run, or an admin (pay now, or a payout recorded by hand). */
export const PAYOUT_STARTS = ['schedule', 'admin'] as const
export type PayoutStart = (typeof PAYOUT_STARTS)[number]

export const PAYOUT_ACTIONS = ['send', 'settle', 'fail'] as const
export type PayoutAction = (typeof PAYOUT_ACTIONS)[number]

/** Who moves a payout: M-Pesa's answers (`mpesa`: an acknowledgement, a Result, a status) or Soko itself. */
export const PAYOUT_ACTORS = ['mpesa', 'system'] as const
export type PayoutActor = (typeof PAYOUT_ACTORS)[number]

export const PAYOUT_STATE_LABELS: Record<PayoutState, string> = {
  queued: 'Queued',
  sent: 'Sent',
  paid: 'Paid',
  failed: 'Failed',
}

/**
 * The allowed moves. A Result may overtake the acknowledgement (M-Pesa answers fast, the request's reply is slow),
 * so a queued payout may be settled or failed by M-Pesa directly. Soko fails a queued payout that M-Pesa refused
 * outright (no payment exists). Paid and failed are final.
 */
export const PAYOUT_MOVES: readonly Move<PayoutState, PayoutAction, PayoutActor>[] = [
  { action: 'send', actors: ['mpesa'], from: ['queued'], to: 'sent' },
  { action: 'settle', actors: ['mpesa'], from: ['queued', 'sent'], to: 'paid' },
  { action: 'fail', actors: ['mpesa'], from: ['queued', 'sent'], to: 'failed' },
  { action: 'fail', actors: ['system'], from: ['queued'], to: 'failed' },
]

export function movePayout(state: PayoutState, action: PayoutAction, actor: PayoutActor): MoveAnswer<PayoutState> {
  return moveIn(PAYOUT_MOVES, state, action, actor)
}

/** A payout that no answer will move any more. */
export function isFinalPayout(state: PayoutState): boolean {
  return state === 'paid' || state === 'failed'
}

/** The payout still holds money in transit: paid out of available, not yet confirmed or given back. */
export function isInFlight(state: PayoutState): boolean {
  return state === 'queued' || state === 'sent'
}

/**
 * What a B2C payout of an available balance is: M-Pesa pays whole shillings only, so the cents stay available for
 * the next payout; null when that is below the minimum (PAYOUT_MINIMUM_KES, in cents here) or nothing.
 */
export function payoutAmountCents(availableCents: number, minimumCents: number): number | null {
  if (!Number.isSafeInteger(availableCents) || availableCents <= 0) return null
  const whole = Math.floor(availableCents / 100) * 100
  if (whole <= 0 || whole < minimumCents) return null
  return whole
}

// ── The schedule ────────────────────────────────────────────────────────────────────────────────────────────────

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** Kenya keeps East Africa Time, UTC+3, all year: no daylight saving. */
export const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

export interface PayoutSchedule {
  day: Weekday
  /** 0-23, Nairobi time. */
  hour: number
}

/**
 * The first scheduled run strictly after `now`: the next `day` at `hour`:00 Nairobi time (a run exactly at `now`
 * has happened, so the one after is a week later).
 */
export function nextPayoutRun(schedule: PayoutSchedule, now: Date): Date {
  if (!Number.isInteger(schedule.hour) || schedule.hour < 0 || schedule.hour > 23) {
    throw new RangeError('the payout hour is from 0 to 23')
  }
  const target = WEEKDAYS.indexOf(schedule.day)
  if (target < 0) throw new RangeError('the payout day is a weekday name')
  const local = new Date(now.getTime() + NAIROBI_OFFSET_MS)
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate())
  const ahead = (target - local.getUTCDay() + 7) % 7
  let run = midnight + ahead * DAY_MS + schedule.hour * 60 * 60 * 1000 - NAIROBI_OFFSET_MS
  if (run <= now.getTime()) run += 7 * DAY_MS
  return new Date(run)
}
