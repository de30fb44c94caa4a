import { describe, expect, it } from 'vitest'
import {
  answerDueAt,
  awardCents,
  canOpenReturn,
  holdsItems,
  moveReturn,
  OPEN_RETURN_STATES,
  RETURN_ACTIONS,
  RETURN_ACTORS,
  RETURN_REASONS,
  RETURN_STATES,
  type ReturnAction,
  type ReturnActor,
  type ReturnState,
  returnAmountCents,
  returnableQuantity,
  returnWindowEnds,
} from './return-states.ts'

/** The allowed moves, written out one by one: every other (state, action, actor) is refused. */
const ALLOWED: [ReturnState, ReturnAction, ReturnActor, ReturnState][] = [
  ['requested', 'accept', 'vendor', 'accepted'],
  ['requested', 'refuse', 'vendor', 'disputed'],
  ['requested', 'escalate', 'system', 'disputed'],
  ['accepted', 'receive', 'vendor', 'received'],
  ['received', 'refund', 'system', 'refunded'],
  ['disputed', 'award', 'admin', 'refunded'],
  ['disputed', 'reject', 'admin', 'rejected'],
]

const ACTORS_OF: Record<ReturnAction, ReturnActor[]> = {
  accept: ['vendor'],
  refuse: ['vendor'],
  escalate: ['system'],
  receive: ['vendor'],
  refund: ['system'],
  award: ['admin'],
  reject: ['admin'],
}

const cases = RETURN_STATES.flatMap((state) =>
  RETURN_ACTIONS.flatMap((action) => RETURN_ACTORS.map((actor) => [state, action, actor] as const)),
)

describe('moveReturn', () => {
  it(`answers all ${cases.length} (state, action, actor) cases: ${ALLOWED.length} allowed, the rest refused`, () => {
    expect(cases).toHaveLength(6 * 7 * 5)
    for (const [state, action, actor] of cases) {
      const allowed = ALLOWED.find(([s, a, who]) => s === state && a === action && who === actor)
      const expected = allowed
        ? { ok: true, to: allowed[3] }
        : { ok: false, refused: ACTORS_OF[action].includes(actor) ? 'state' : 'actor' }
      expect(moveReturn(state, action, actor), `${actor} ${action} at ${state}`).toEqual(expected)
    }
  })

  it.each(ALLOWED)('%s --%s by %s--> %s', (state, action, actor, to) => {
    expect(moveReturn(state, action, actor)).toEqual({ ok: true, to })
  })

  it('ends at refunded and rejected: nothing moves a return from there', () => {
    for (const state of ['refunded', 'rejected'] as const) {
      for (const action of RETURN_ACTIONS) {
        for (const actor of RETURN_ACTORS) expect(moveReturn(state, action, actor).ok).toBe(false)
      }
    }
  })

  it('frees the items of a rejected return only', () => {
    expect(RETURN_STATES.filter((state) => !holdsItems(state))).toEqual(['rejected'])
  })

  it('keeps a return open until it is refunded or rejected', () => {
    expect(RETURN_STATES.filter((state) => !OPEN_RETURN_STATES.includes(state))).toEqual(['refunded', 'rejected'])
  })
})

describe('canOpenReturn', () => {
  const delivered = new Date('2026-11-01T10:00:00Z')

  it.each([
    ['paid', null, '2026-11-01T10:00:00Z', 'not-delivered'],
    ['shipped', null, '2026-11-01T10:00:00Z', 'not-delivered'],
    ['refunded', delivered, '2026-11-02T10:00:00Z', 'not-delivered'],
    ['cancelled', null, '2026-11-02T10:00:00Z', 'not-delivered'],
    ['delivered', delivered, '2026-11-01T10:00:00Z', null],
    ['delivered', delivered, '2026-11-08T10:00:00Z', null],
    ['delivered', delivered, '2026-11-08T10:00:00.001Z', 'window-closed'],
  ] as const)('a %s part delivered at %s, asked at %s: %s', (status, deliveredAt, now, refused) => {
    const answer = canOpenReturn({ status, deliveredAt }, new Date(now), 7)
    expect(answer).toEqual(refused ? { ok: false, refused } : { ok: true })
  })

  it('ends the window the given number of days after delivery', () => {
    expect(returnWindowEnds(delivered, 7).toISOString()).toBe('2026-11-08T10:00:00.000Z')
    expect(returnWindowEnds(delivered, 0).toISOString()).toBe(delivered.toISOString())
  })
})

describe('quantities and amounts', () => {
  it('lets back what was bought less what other returns hold, never below none', () => {
    expect(returnableQuantity(3, 0)).toBe(3)
    expect(returnableQuantity(3, 2)).toBe(1)
    expect(returnableQuantity(3, 3)).toBe(0)
    expect(returnableQuantity(1, 2)).toBe(0)
  })

  it('pays back each line at its unit price', () => {
    expect(returnAmountCents([])).toBe(0)
    expect(
      returnAmountCents([
        { unitPriceCents: 150_000, quantity: 2 },
        { unitPriceCents: 9_950, quantity: 1 },
      ]),
    ).toBe(309_950)
  })

  it('lists the reasons once each, ending with other', () => {
    const ids = RETURN_REASONS.map((reason) => reason.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.at(-1)).toBe('other')
  })
})

describe('answerDueAt', () => {
  it('is RETURN_ANSWER_HOURS after the request', () => {
    expect(answerDueAt(new Date('2026-11-01T10:00:00Z'), 48).toISOString()).toBe('2026-11-03T10:00:00.000Z')
  })
})

describe('awardCents', () => {
  it.each([
    [undefined, 150_000, { ok: true, cents: 150_000 }],
    [1500, 150_000, { ok: true, cents: 150_000 }],
    [750.5, 150_000, { ok: true, cents: 75_050 }],
    [0.01, 150_000, { ok: true, cents: 1 }],
    [0, 150_000, { ok: false, refused: 'not-positive' }],
    [-5, 150_000, { ok: false, refused: 'not-positive' }],
    [0.004, 150_000, { ok: false, refused: 'not-positive' }],
    [1500.01, 150_000, { ok: false, refused: 'above-return' }],
  ] as const)('KES %s of a return of %s cents: %j', (asked, cents, expected) => {
    expect(awardCents(asked, cents)).toEqual(expected)
  })
})
