import { describe, expect, it } from 'vitest'
import {
  autoConfirmAt,
  CARRIERS,
  carrierNeedsReference,
  movePart,
  PART_ACTIONS,
  PART_ACTORS,
  PART_STAGES,
  type PartAction,
  type PartActor,
  type PartStage,
  partStage,
  partTimeline,
  statusOfStage,
  timelineText,
} from './vendor-part-states.ts'

/** The allowed moves, written out one by one: every other (stage, action, actor) is refused. */
const ALLOWED: [PartStage, PartAction, PartActor, PartStage][] = [
  ['paid', 'process', 'vendor', 'processing'],
  ['paid', 'ship', 'vendor', 'shipped'],
  ['processing', 'ship', 'vendor', 'shipped'],
  ['shipped', 'deliver', 'vendor', 'delivered'],
  ['shipped', 'confirm', 'shopper', 'received'],
  ['shipped', 'confirm', 'admin', 'received'],
  ['delivered', 'confirm', 'shopper', 'received'],
  ['delivered', 'confirm', 'admin', 'received'],
  ['delivered', 'auto-confirm', 'system', 'received'],
  ['shipped', 'arrive', 'vendor', 'shipped'],
  ['shipped', 'arrive', 'admin', 'shipped'],
  ['shipped', 'collect', 'vendor', 'received'],
  ['shipped', 'collect', 'admin', 'received'],
]

/** Who each action is for (anyone else is refused as not the part's, whatever the stage). */
const ACTORS_OF: Record<PartAction, PartActor[]> = {
  process: ['vendor'],
  ship: ['vendor'],
  deliver: ['vendor'],
  confirm: ['shopper', 'admin'],
  'auto-confirm': ['system'],
  arrive: ['vendor', 'admin'],
  collect: ['vendor', 'admin'],
}

const cases = PART_STAGES.flatMap((stage) =>
  PART_ACTIONS.flatMap((action) => PART_ACTORS.map((actor) => [stage, action, actor] as const)),
)

describe('movePart', () => {
  it(`answers all ${cases.length} (stage, action, actor) cases: ${ALLOWED.length} allowed, the rest refused`, () => {
    expect(cases).toHaveLength(8 * 7 * 5)
    for (const [stage, action, actor] of cases) {
      const allowed = ALLOWED.find(([s, a, who]) => s === stage && a === action && who === actor)
      const expected = allowed
        ? { ok: true, to: allowed[3] }
        : { ok: false, refused: ACTORS_OF[action].includes(actor) ? 'state' : 'actor' }
      expect(movePart(stage, action, actor), `${actor} ${action} at ${stage}`).toEqual(expected)
    }
  })

  it.each(ALLOWED)('%s --%s by %s--> %s', (stage, action, actor, to) => {
    expect(movePart(stage, action, actor)).toEqual({ ok: true, to })
  })

  it('keeps a received part as delivered (the confirmation is its own column)', () => {
    expect(statusOfStage('received')).toBe('delivered')
    expect(partStage('delivered', null)).toBe('delivered')
    expect(partStage('delivered', new Date())).toBe('received')
    expect(partStage('shipped', null)).toBe('shipped')
  })
})

describe('carriers', () => {
  it('lists the Kenyan couriers, riders and own delivery; riders and own delivery need no reference', () => {
    expect(CARRIERS.map((carrier) => carrier.label)).toEqual([
      'G4S',
      'Wells Fargo',
      'Fargo Courier',
      'Sendy',
      'Posta Kenya (EMS)',
      'Speed Af',
      'Aramex',
      'DHL',
      'Boda-boda rider',
      'Glovo/Bolt rider',
      'Own delivery',
      'Pickup station',
    ])
    expect(carrierNeedsReference('g4s')).toBe(true)
    expect(carrierNeedsReference('boda-boda')).toBe(false)
    expect(carrierNeedsReference('own-delivery')).toBe(false)
  })
})

describe('autoConfirmAt', () => {
  it('is N days after the vendor marked the part delivered', () => {
    expect(autoConfirmAt(new Date('2026-11-01T10:00:00Z'), 3).toISOString()).toBe('2026-11-04T10:00:00.000Z')
  })
})

describe('partTimeline', () => {
  const base = {
    status: 'paid' as const,
    paidAt: '2026-11-01T10:00:00.000Z',
    processingAt: null,
    shippedAt: null,
    deliveredAt: null,
    confirmedAt: null,
    confirmedBy: null,
    carrier: null,
    trackingReference: null,
    trackingNote: null,
  }
  const brief = (steps: ReturnType<typeof partTimeline>) => steps.map((s) => `${s.done ? '+' : '-'}${s.step}`)

  it('shows a paid part with the rest to come', () => {
    expect(brief(partTimeline(base))).toEqual(['+paid', '-processing', '-shipped', '-delivered', '-received'])
  })

  it('shows the carrier and reference on the shipped step, and who confirmed', () => {
    const steps = partTimeline({
      ...base,
      status: 'delivered',
      shippedAt: '2026-11-02T10:00:00.000Z',
      deliveredAt: '2026-11-03T10:00:00.000Z',
      confirmedAt: '2026-11-04T10:00:00.000Z',
      confirmedBy: 'auto',
      carrier: 'g4s',
      trackingReference: 'GX123',
    })
    expect(brief(steps)).toEqual(['+paid', '+processing', '+shipped', '+delivered', '+received'])
    expect(steps[1]?.at).toBeNull()
    expect(steps[2]?.detail).toBe('G4S GX123')
    expect(timelineText(steps, (at) => at.slice(0, 10))).toEqual([
      '✓ Paid, 2026-11-01',
      '✓ Processing',
      '✓ Shipped, 2026-11-02: G4S GX123',
      '✓ Delivered, 2026-11-03',
      '✓ Receipt confirmed, 2026-11-04: Confirmed automatically: no problem was reported.',
    ])
  })

  it('ends a refunded part with what it went through, and shows nothing before payment', () => {
    const steps = partTimeline({ ...base, status: 'refunded', shippedAt: '2026-11-02T10:00:00.000Z' })
    expect(brief(steps)).toEqual(['+paid', '+shipped', '+refunded'])
    expect(partTimeline({ ...base, status: 'pending_payment', paidAt: null })).toEqual([])
  })

  it('shows a pay-on-delivery part confirmed unpaid, paid with its delivery, or refused at the door', () => {
    const unpaid = { ...base, paidAt: null, payOnDelivery: { collectedAt: null, refusedAt: null } }
    const placed = partTimeline(unpaid)
    expect(brief(placed)).toEqual(['+paid', '-processing', '-shipped', '-delivered', '-received'])
    expect(placed[0]).toMatchObject({ label: 'Confirmed (pay on delivery)', at: null })
    const paid = partTimeline({
      ...unpaid,
      status: 'delivered',
      paidAt: '2026-11-03T10:00:00.000Z',
      shippedAt: '2026-11-02T10:00:00.000Z',
      deliveredAt: '2026-11-03T10:00:00.000Z',
      payOnDelivery: { collectedAt: '2026-11-03T10:00:00.000Z', refusedAt: null },
    })
    expect(paid[3]).toMatchObject({ step: 'delivered', done: true, detail: 'Paid on delivery.' })
    const refused = partTimeline({
      ...unpaid,
      status: 'cancelled',
      shippedAt: '2026-11-02T10:00:00.000Z',
      payOnDelivery: { collectedAt: null, refusedAt: '2026-11-03T10:00:00.000Z' },
    })
    expect(brief(refused)).toEqual(['+paid', '+shipped', '+cancelled'])
    expect(refused[2]).toMatchObject({ label: 'Refused at delivery', at: '2026-11-03T10:00:00.000Z' })
    // An unpaid order that ran out is not shown as paid.
    expect(brief(partTimeline({ ...base, status: 'cancelled', paidAt: null }))).toEqual(['+cancelled'])
  })
})
