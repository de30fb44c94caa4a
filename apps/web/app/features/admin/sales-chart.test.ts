import { describe, expect, it } from 'vitest'
import { formatDay, niceMax, salesSummary } from './sales-chart.tsx'

describe('the sales chart', () => {
  it('rounds the scale up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(100)
    expect(niceMax(1_234)).toBe(2_000)
    expect(niceMax(5_000)).toBe(5_000)
    expect(niceMax(61_000)).toBe(100_000)
  })

  it('reads API days as Nairobi days, without shifting them', () => {
    expect(formatDay('2026-11-01')).toBe('1 Nov')
  })

  it('sums the days up in KES for those who cannot see the bars', () => {
    expect(salesSummary([])).toBe('No sales figures yet.')
    expect(
      salesSummary([
        { date: '2026-11-01', orders: 0, revenue: 0 },
        { date: '2026-11-02', orders: 0, revenue: 0 },
      ]),
    ).toBe('No paid orders from 1 Nov to 2 Nov.')
    expect(
      salesSummary([
        { date: '2026-11-01', orders: 1, revenue: 1_500 },
        { date: '2026-11-02', orders: 2, revenue: 12_345.5 },
      ]),
    ).toBe('KSh 13,845.50 from 3 paid orders, 1 Nov to 2 Nov; the best day was 2 Nov with KSh 12,345.50.')
  })
})
