import { describe, expect, it } from 'vitest'
import { countCartItems } from './cart-count.ts'

describe('countCartItems', () => {
  it('sums the quantities of the stored items', () => {
    expect(
      countCartItems(
        JSON.stringify([
          { id: 1, quantity: 2 },
          { id: 7, quantity: 3 },
        ]),
      ),
    ).toBe(5)
  })

  it('counts an empty, missing or unreadable cart as zero', () => {
    expect(countCartItems(null)).toBe(0)
    expect(countCartItems('[]')).toBe(0)
    expect(countCartItems('{not json')).toBe(0)
    expect(countCartItems('{"id":1}')).toBe(0)
  })

  it('ignores items whose quantity is not a positive number', () => {
    expect(countCartItems(JSON.stringify([{ quantity: 'two' }, { quantity: -1 }, null, { quantity: 4 }]))).toBe(4)
  })
})
