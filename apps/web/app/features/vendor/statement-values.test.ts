import { describe, expect, it } from 'vitest'
import { formatKes } from '../../lib/format.ts'
import { quickPeriods, signedKes, statementCsvHref, statementHref } from './statement-values.ts'

describe('the statement screen', () => {
  const cases: [string, [string, string, string][]][] = [
    [
      '2026-11-25',
      [
        ['This month', '2026-11-01', '2026-11-25'],
        ['Last month', '2026-10-01', '2026-10-31'],
        ['Last 30 days', '2026-10-27', '2026-11-25'],
        ['This year (2026)', '2026-01-01', '2026-11-25'],
      ],
    ],
    [
      '2027-01-01',
      [
        ['This month', '2027-01-01', '2027-01-01'],
        ['Last month', '2026-12-01', '2026-12-31'],
        ['Last 30 days', '2026-12-03', '2027-01-01'],
        ['This year (2027)', '2027-01-01', '2027-01-01'],
      ],
    ],
  ]
  for (const [today, periods] of cases) {
    it(`offers the usual periods on ${today}`, () => {
      expect(quickPeriods(today).map(({ label, period }) => [label, period.from, period.to])).toEqual(periods)
    })
  }

  it('links the page and its CSV for a period', () => {
    const period = { from: '2026-10-01', to: '2026-10-31' }
    expect(statementHref(period)).toBe('/vendor-portal/statement?from=2026-10-01&to=2026-10-31')
    expect(statementCsvHref(period)).toBe('/api/vendor/statement.csv?from=2026-10-01&to=2026-10-31')
  })

  it('writes a balance below zero with the minus before the currency', () => {
    const cases: [number, string][] = [
      [1234.5, 'KSh 1,234.50'],
      [0, 'KSh 0'],
      [-120, '−KSh 120'],
      [-0.66, '−KSh 0.66'],
    ]
    for (const [kes, text] of cases) expect(signedKes(kes, formatKes)).toBe(text)
  })
})
