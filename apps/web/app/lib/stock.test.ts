import { describe, expect, it } from 'vitest'
import { stockLine } from './stock.ts'

describe('stockLine', () => {
  it.each([
    [{ is_in_stock: true, is_low_stock: false, stock_qty: 40 }, 'In Stock', null],
    [{ is_in_stock: true, is_low_stock: true, stock_qty: 3 }, 'In Stock', 'Only 3 left'],
    [{ is_in_stock: true, is_low_stock: true, stock_qty: 1 }, 'In Stock', 'Only 1 left'],
    [{ is_in_stock: true, is_low_stock: false, stock_qty: 6 }, 'In Stock', null],
    [{ is_in_stock: false, is_low_stock: false, stock_qty: 0 }, 'Out of Stock', null],
    // A stale or inconsistent answer never shows 'Only 0 left'.
    [{ is_in_stock: true, is_low_stock: true, stock_qty: 0 }, 'Out of Stock', null],
    [{ is_in_stock: false, is_low_stock: true, stock_qty: 2 }, 'Out of Stock', null],
  ])('%j says %s with %j', (product, label, note) => {
    const line = stockLine(product)
    expect(line.label).toBe(label)
    expect(line.isInStock).toBe(label === 'In Stock')
    expect(line.lowStockNote).toBe(note)
  })
})
