import { describe, expect, it } from 'vitest'
import { bpToPercent, categoryPath, effectiveRate, ownRates, percentToBp, type RatedCategory } from './commission.ts'
import { commissionRateFor } from './ledger.ts'

const DEFAULT_BP = 1000

/** Electronics (8 %) › Phones (5 %), Laptops; Home › Kitchen; Books (0 %) › Novels; a loop 90 ⇄ 91 (bad data). */
const TREE = new Map<number, RatedCategory>([
  [1, { parentId: null, commissionBp: 800 }],
  [11, { parentId: 1, commissionBp: 500 }],
  [12, { parentId: 1, commissionBp: null }],
  [2, { parentId: null, commissionBp: null }],
  [21, { parentId: 2, commissionBp: null }],
  [22, { parentId: 2, commissionBp: 1250 }],
  [3, { parentId: null, commissionBp: 0 }],
  [31, { parentId: 3, commissionBp: null }],
  [90, { parentId: 91, commissionBp: null }],
  [91, { parentId: 90, commissionBp: null }],
])

describe('categoryPath', () => {
  const table: [string, number, number[]][] = [
    ['a top-level category', 1, [1]],
    ['a leaf: root first', 11, [1, 11]],
    ['an unknown category', 404, []],
    ['a loop ends the walk', 90, [91, 90]],
  ]
  it.each(table)('%s', (_name, id, expected) => {
    expect(categoryPath(id, TREE)).toEqual(expected)
  })
})

describe('effectiveRate', () => {
  const table: [string, number, number, number | null][] = [
    ['the leaf has its own rate', 11, 500, 11],
    ['the leaf inherits its parent’s', 12, 800, 1],
    ['neither has one: the marketplace', 21, DEFAULT_BP, null],
    ['a top-level category without one', 2, DEFAULT_BP, null],
    ['a leaf of its own under a parent without', 22, 1250, 22],
    ['a rate of zero is a rate, and is inherited', 31, 0, 3],
    ['an unknown category: the marketplace', 404, DEFAULT_BP, null],
  ]
  it.each(table)('%s', (_name, id, rateBp, fromId) => {
    expect(effectiveRate(id, TREE, DEFAULT_BP)).toEqual({ rateBp, fromId })
  })

  it('agrees with commissionRateFor on every category', () => {
    for (const id of TREE.keys()) {
      expect(effectiveRate(id, TREE, DEFAULT_BP).rateBp).toBe(
        commissionRateFor(categoryPath(id, TREE), ownRates(TREE), DEFAULT_BP),
      )
    }
  })
})

describe('percentToBp', () => {
  const table: [number, number | null][] = [
    [0, 0],
    [10, 1000],
    [12.5, 1250],
    [12.34, 1234],
    [0.01, 1],
    [99.99, 9999],
    [100, 10_000],
    [1.1, 110],
    [33.33, 3333],
    [12.345, null],
    [0.001, null],
    [-1, null],
    [-0.01, null],
    [100.01, null],
    [101, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [0.1 + 0.2, null],
  ]
  it.each(table)('%d %% → %s bp', (percent, bp) => {
    expect(percentToBp(percent)).toBe(bp)
  })

  it('every whole basis point round-trips through its percentage', () => {
    for (let bp = 0; bp <= 10_000; bp++) expect(percentToBp(bpToPercent(bp))).toBe(bp)
  })
})
