import { describe, expect, it } from 'vitest'
import { orderStatusFromParts } from './order-states.ts'

describe('orderStatusFromParts: an order is what its vendor parts are (D7)', () => {
  it.each([
    [['paid'], 'paid'],
    [['paid', 'paid'], 'paid'],
    [['paid', 'processing'], 'processing'],
    [['processing', 'shipped'], 'processing'],
    [['shipped', 'delivered'], 'shipped'],
    [['shipped', 'shipped'], 'shipped'],
    [['delivered', 'delivered'], 'delivered'],
    [['delivered', 'cancelled'], 'delivered'],
    [['paid', 'cancelled'], 'paid'],
    [['cancelled', 'cancelled'], 'cancelled'],
    [[], 'cancelled'],
  ])('%j → %s', (parts, expected) => {
    expect(orderStatusFromParts(parts)).toBe(expected)
  })
})
