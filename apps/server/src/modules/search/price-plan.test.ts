import { describe, expect, it } from 'vitest'
import { planPriceFilter } from './browse-repository.ts'

// Bands (cents): 0 [0, 100,000), 1 [100,000, 500,000), 2 [500,000, 1,000,000), 3 [1,000,000, 5,000,000),
// 4 [5,000,000, ...). Bounds are inclusive in KES, so a maximum of m cents is the slice end m + 1.
describe('planPriceFilter', () => {
  it('leaves every band whole without bounds, or with bounds on band edges', () => {
    expect(planPriceFilter(null, null)).toEqual({ inside: [0, 1, 2, 3, 4], cut: [] })
    expect(planPriceFilter(100_000, 499_999)).toEqual({ inside: [1], cut: [] })
    expect(planPriceFilter(5_000_000, null)).toEqual({ inside: [4], cut: [] })
  })

  it('reads the narrower side of a cut band', () => {
    // KES 1,234 to 4,321: most of band 1 is inside, so the two thin parts outside it are read.
    expect(planPriceFilter(123_400, 432_100)).toEqual({
      inside: [],
      cut: [
        {
          band: 1,
          scanned: 'outside',
          slices: [
            { from: 100_000, to: 123_400 },
            { from: 432_101, to: 500_000 },
          ],
        },
      ],
    })
    // KES 1,234 to 1,300: a thin slice inside band 1 is read.
    expect(planPriceFilter(123_400, 130_000)).toEqual({
      inside: [],
      cut: [{ band: 1, scanned: 'inside', slices: [{ from: 123_400, to: 130_001 }] }],
    })
  })

  it('cuts the bands each bound falls in and keeps the ones between whole', () => {
    const plan = planPriceFilter(99_900, 5_000_000)
    expect(plan.inside).toEqual([1, 2, 3])
    expect(plan.cut).toEqual([
      { band: 0, scanned: 'inside', slices: [{ from: 99_900, to: 100_000 }] },
      { band: 4, scanned: 'inside', slices: [{ from: 5_000_000, to: 5_000_001 }] },
    ])
  })

  it('cuts the open top band with an open slice', () => {
    expect(planPriceFilter(4_999_900, null)).toEqual({
      inside: [4],
      cut: [{ band: 3, scanned: 'inside', slices: [{ from: 4_999_900, to: 5_000_000 }] }],
    })
    expect(planPriceFilter(6_000_000, null).cut).toEqual([
      { band: 4, scanned: 'outside', slices: [{ from: 5_000_000, to: 6_000_000 }] },
    ])
  })
})
