import { describe, expect, it } from 'vitest'
import { formatDay, labelledDays, niceMax, salesSummary } from './sales-series.ts'

describe("the sales chart's figures", () => {
  it('reads API days as Nairobi calendar days, without shifting them', () => {
    expect(formatDay('2026-03-01')).toBe('1 Mar')
    expect(formatDay('2026-11-01')).toBe('1 Nov')
    expect(formatDay('2026-12-31')).toBe('31 Dec')
  })

  it.each([
    [0, 1_000],
    [Number.NaN, 1_000],
    [1, 1],
    [3, 5],
    [1_234, 2_000],
    [5_000, 5_000],
    [7_000, 10_000],
    [61_000, 100_000],
  ])('rounds a best day of %s up to a scale of %s (1, 2 or 5 times a power of ten)', (value, top) => {
    expect(niceMax(value)).toBe(top)
  })

  it('labels the last day and every seventh before it', () => {
    expect(labelledDays(30)).toEqual([1, 8, 15, 22, 29])
    expect(labelledDays(3)).toEqual([2])
    expect(labelledDays(0)).toEqual([])
  })

  it('sums the days up in KSh for those who cannot see the bars', () => {
    expect(salesSummary([])).toBe('No sales figures yet.')
    expect(
      salesSummary([
        { date: '2026-11-01', orders: 0, sales: 0 },
        { date: '2026-11-02', orders: 0, sales: 0 },
      ]),
    ).toBe('No paid orders from 1 Nov to 2 Nov.')
    expect(
      salesSummary([
        { date: '2026-03-01', sales: 1_500, orders: 1 },
        { date: '2026-03-02', sales: 0, orders: 0 },
        { date: '2026-03-03', sales: 2_750.5, orders: 2 },
      ]),
    ).toBe('KSh 4,250.50 from 3 paid orders, 1 Mar to 3 Mar; the best day was 3 Mar with KSh 2,750.50.')
    expect(salesSummary([{ date: '2026-03-01', sales: 800, orders: 1 }])).toBe(
      'KSh 800 from 1 paid order, 1 Mar to 1 Mar; the best day was 1 Mar with KSh 800.',
    )
  })
})
