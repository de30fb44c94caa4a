// A vendor part's delivery (DESIGN D7, D11; docs/decisions/0012-vendor-part-states.md): who may move it, from where,
// to where, and the timeline its shopper sees. Pure: the server loads the part, asks here, and stores the answer.

import type { OrderStatus } from './order-states.ts'
import { type Move, type MoveAnswer, moveIn } from './state-moves.ts'

/** How a part travels: a courier company (with its own tracking number), a rider, or the shop's own delivery. */
export const CARRIERS = [
  { id: 'g4s', label: 'G4S', needsReference: true },
  { id: 'wells-fargo', label: 'Wells Fargo', needsReference: true },
  { id: 'fargo-courier', label: 'Fargo Courier', needsReference: true },
  { id: 'sendy', label: 'Sendy', needsReference: true },
  { id: 'posta-ems', label: 'Posta Kenya (EMS)', needsReference: true },
  { id: 'speed-af', label: 'Speed Af', needsReference: true },
  { id: 'aramex', label: 'Aramex', needsReference: true },
  { id: 'dhl', label: 'DHL', needsReference: true },
  { id: 'boda-boda', label: 'Boda-boda rider', needsReference: false },
  { id: 'app-rider', label: 'Glovo/Bolt rider', needsReference: false },
  { id: 'own-delivery', label: 'Own delivery', needsReference: false },
  // A pickup order's parcel, taken to the shopper's chosen station; its collection code is the order's.
  { id: 'pickup-station', label: 'Pickup station', needsReference: false },
] as const

export type Carrier = (typeof CARRIERS)[number]['id']
export const CARRIER_IDS = CARRIERS.map((carrier) => carrier.id) as [Carrier, ...Carrier[]]

export function carrierLabel(id: string | null): string | null {
  return CARRIERS.find((carrier) => carrier.id === id)?.label ?? null
}

/** Whether the carrier has a tracking number of its own to give (riders and own delivery may not). */
export function carrierNeedsReference(id: string): boolean {
  return CARRIERS.find((carrier) => carrier.id === id)?.needsReference ?? true
}

/**
 * Who confirmed that a part arrived: its shopper, an admin (on the shopper's word), the clock, or the pickup
 * station that handed it over against the order's collection code.
 */
export const DELIVERY_CONFIRMERS = ['shopper', 'admin', 'auto', 'station'] as const
export type DeliveryConfirmer = (typeof DELIVERY_CONFIRMERS)[number]

/**
 * Where a part is: its stored status, except that a delivered part is `received` once its delivery is confirmed
 * (the status stays `delivered`; `delivery_confirmed_at` says it was confirmed).
 */
export type PartStage = OrderStatus | 'received'
export const PART_STAGES: readonly PartStage[] = [
  'pending_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'received',
  'cancelled',
  'refunded',
]

export function partStage(status: OrderStatus, confirmedAt: Date | string | null): PartStage {
  return status === 'delivered' && confirmedAt !== null ? 'received' : status
}

export const PART_ACTIONS = ['process', 'ship', 'deliver', 'confirm', 'auto-confirm', 'arrive', 'collect'] as const
export type PartAction = (typeof PART_ACTIONS)[number]

/** The caller as the part sees it: its order's shopper, its shop's owner, an admin, the clock, or nobody of its. */
export const PART_ACTORS = ['shopper', 'vendor', 'admin', 'system', 'none'] as const
export type PartActor = (typeof PART_ACTORS)[number]

/** Every allowed move; anything else is refused. The decision record 0012 shows the same table. */
export const PART_MOVES: readonly Move<PartStage, PartAction, PartActor>[] = [
  { action: 'process', actors: ['vendor'], from: ['paid'], to: 'processing' },
  { action: 'ship', actors: ['vendor'], from: ['paid', 'processing'], to: 'shipped' },
  { action: 'deliver', actors: ['vendor'], from: ['shipped'], to: 'delivered' },
  { action: 'confirm', actors: ['shopper', 'admin'], from: ['shipped', 'delivered'], to: 'received' },
  { action: 'auto-confirm', actors: ['system'], from: ['delivered'], to: 'received' },
  // Pickup orders: the parcel arrived at the station (it stays shipped, the arrival kept beside it), then the station
  // (its vendor or an admin) hands it over against the collection code: received at once, nothing left to confirm.
  { action: 'arrive', actors: ['vendor', 'admin'], from: ['shipped'], to: 'shipped' },
  { action: 'collect', actors: ['vendor', 'admin'], from: ['shipped'], to: 'received' },
]

export type PartMoveAnswer = MoveAnswer<PartStage>

/**
 * Whether `actor` may do `action` to a part at `stage`, and where it goes. An actor the action is not for is
 * refused as such whatever the stage (the server answers 404, as for someone else's part); the right actor at the
 * wrong stage is refused for the state (409).
 */
export function movePart(stage: PartStage, action: PartAction, actor: PartActor): PartMoveAnswer {
  return moveIn(PART_MOVES, stage, action, actor)
}

/** The stored status a stage is kept as. */
export function statusOfStage(stage: PartStage): OrderStatus {
  return stage === 'received' ? 'delivered' : stage
}

const DAY_MS = 86_400_000

/** When a part the vendor marked delivered is confirmed by itself, if its shopper says nothing. */
export function autoConfirmAt(deliveredAt: Date, days: number): Date {
  return new Date(deliveredAt.getTime() + days * DAY_MS)
}

export interface PartHistory {
  status: OrderStatus
  paidAt: Date | string | null
  processingAt: Date | string | null
  shippedAt: Date | string | null
  deliveredAt: Date | string | null
  confirmedAt: Date | string | null
  confirmedBy: DeliveryConfirmer | null
  carrier: string | null
  trackingReference: string | null
  trackingNote: string | null
  /** Pay-on-delivery orders: confirmed unpaid; the part's money taken at the door (when), or its parcel refused. */
  payOnDelivery?: { collectedAt: Date | string | null; refusedAt: Date | string | null }
}

export interface TimelineStep {
  step: 'paid' | 'processing' | 'shipped' | 'delivered' | 'received' | 'cancelled' | 'refunded'
  label: string
  /** ISO 8601, or null when the step is to come (or happened without a time kept, e.g. shipped straight from paid). */
  at: string | null
  done: boolean
  detail: string | null
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : typeof value === 'string' ? value : value.toISOString()

const CONFIRMED_BY: Record<DeliveryConfirmer, string> = {
  shopper: 'You confirmed receipt.',
  admin: 'Confirmed by Soko support.',
  auto: 'Confirmed automatically: no problem was reported.',
  station: 'Collected at the pickup station with your code.',
}

/**
 * One part's timeline as its shopper sees it, on the order page and in the status emails: paid, processing, shipped
 * (carrier and reference), delivered (by the seller's word), received (confirmed); done steps with their times,
 * the rest to come. A cancelled or refunded part ends there.
 */
export function partTimeline(part: PartHistory): TimelineStep[] {
  const stage = partStage(part.status, part.confirmedAt)
  if (stage === 'pending_payment') return []
  const order = ['paid', 'processing', 'shipped', 'delivered', 'received'] as const
  const reached = order.indexOf(stage as (typeof order)[number])
  const shipping = [carrierLabel(part.carrier), part.trackingReference].filter(Boolean).join(' ')
  const details: Record<(typeof order)[number], string | null> = {
    paid: null,
    processing: null,
    shipped: [shipping, part.trackingNote].filter(Boolean).join(' · ') || null,
    delivered: part.payOnDelivery?.collectedAt ? 'Paid on delivery.' : null,
    received: part.confirmedBy ? CONFIRMED_BY[part.confirmedBy] : null,
  }
  const times = {
    // A pay-on-delivery order is confirmed when placed; its money comes with each parcel (the delivered step says).
    paid: part.payOnDelivery ? null : part.paidAt,
    processing: part.processingAt,
    shipped: part.shippedAt,
    delivered: part.deliveredAt,
    received: part.confirmedAt,
  }
  const labels = {
    paid: part.payOnDelivery ? 'Confirmed (pay on delivery)' : 'Paid',
    processing: 'Processing',
    shipped: 'Shipped',
    delivered: 'Delivered',
    received: 'Receipt confirmed',
  }
  const steps: TimelineStep[] = order.map((step, index) => {
    // Stopped parts show what they went through; the stored times say how far (e.g. refunded after shipping).
    const confirmedUnpaid = step === 'paid' && part.payOnDelivery !== undefined
    const done = reached >= 0 ? index <= reached : confirmedUnpaid || times[step] !== null
    return { step, label: labels[step], at: done ? iso(times[step]) : null, done, detail: done ? details[step] : null }
  })
  if (stage === 'cancelled' || stage === 'refunded') {
    return [
      ...steps.filter((step) => step.done),
      {
        step: stage,
        label: stage === 'refunded' ? 'Refunded' : part.payOnDelivery?.refusedAt ? 'Refused at delivery' : 'Cancelled',
        at: part.payOnDelivery?.refusedAt ? iso(part.payOnDelivery.refusedAt) : null,
        done: true,
        detail: null,
      },
    ]
  }
  return steps
}

/** The timeline as lines of a plain-text email: "✓ Shipped, 24 Nov 2026: G4S 12345". */
export function timelineText(steps: readonly TimelineStep[], formatDate: (iso: string) => string): string[] {
  return steps.map((step) => {
    const when = step.at ? `, ${formatDate(step.at)}` : ''
    const detail = step.detail ? `: ${step.detail}` : ''
    return `${step.done ? '✓' : '○'} ${step.label}${when}${detail}`
  })
}
