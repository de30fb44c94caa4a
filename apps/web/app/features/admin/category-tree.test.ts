import type { AdminCategory } from '@soko/contract/admin'
import { describe, expect, it } from 'vitest'
import { levelIds, moveWithin } from './category-tree.ts'

describe('moveWithin', () => {
  it('swaps with the neighbour, and refuses to leave the level', () => {
    expect(moveWithin([1, 2, 3], 3, -1)).toEqual([1, 3, 2])
    expect(moveWithin([1, 2, 3], 1, 1)).toEqual([2, 1, 3])
    expect(moveWithin([1, 2, 3], 1, -1)).toBeNull()
    expect(moveWithin([1, 2, 3], 3, 1)).toBeNull()
    expect(moveWithin([1, 2, 3], 9, 1)).toBeNull()
  })
})

describe('levelIds', () => {
  const tree = [
    { id: 1, children: [{ id: 11 }, { id: 12 }] },
    { id: 2, children: [] },
  ] as unknown as AdminCategory[]
  it('reads the top level or one parent’s subcategories', () => {
    expect(levelIds(tree, null)).toEqual([1, 2])
    expect(levelIds(tree, 1)).toEqual([11, 12])
    expect(levelIds(tree, 5)).toEqual([])
  })
})
