import { describe, expect, it } from 'vitest'
import { formatDay, niceMax, salesSummary } from './sales-series.ts'

describe('sales series', () => {
  it('reads the API day as a calendar date', () => {
    expect(formatDay('2026-03-01')).toBe('1 Mar')
    expect(formatDay('2026-12-31')).toBe('31 Dec')
  })

  it('rounds the scale up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1_000)
    expect(niceMax(1)).toBe(1)
    expect(niceMax(3)).toBe(5)
    expect(niceMax(1_234)).toBe(2_000)
    expect(niceMax(7_000)).toBe(10_000)
    expect(niceMax(50_000)).toBe(50_000)
  })

  it('sums the month up in a sentence, in KSh', () => {
    expect(salesSummary([])).toBe('No sales figures yet.')
    const quiet = [
      { date: '2026-03-01', sales: 0, orders: 0 },
      { date: '2026-03-02', sales: 0, orders: 0 },
    ]
    expect(salesSummary(quiet)).toBe('No sales from 1 Mar to 2 Mar.')
    const busy = [
      { date: '2026-03-01', sales: 1_500, orders: 1 },
      { date: '2026-03-02', sales: 0, orders: 0 },
      { date: '2026-03-03', sales: 2_750.5, orders: 2 },
    ]
    expect(salesSummary(busy)).toBe(
      'KSh 4,250.50 from 3 orders, 1 Mar to 3 Mar; the best day was 3 Mar with KSh 2,750.50.',
    )
  })
})
