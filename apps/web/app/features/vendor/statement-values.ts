import { addDays, lastMonth, monthStart, type Period } from '@soko/domain/statement'

// The statement screen's figures and links (docs/decisions/0031-vendor-statements.md): the periods one tap away,
// the CSV's address, and balances that may be below zero. Pure, so the screen and its tests share them.

/** The periods a shop asks for most, as of `today` (a Nairobi day): this month, last month, this year so far. */
export function quickPeriods(today: string): { label: string; period: Period }[] {
  return [
    { label: 'This month', period: { from: monthStart(today), to: today } },
    { label: 'Last month', period: lastMonth(today) },
    { label: 'Last 30 days', period: { from: addDays(today, -29), to: today } },
    { label: `This year (${today.slice(0, 4)})`, period: { from: `${today.slice(0, 4)}-01-01`, to: today } },
  ]
}

/** The screen's own address for a period (the form's GET, as a link). */
export function statementHref(period: Period): string {
  return `/vendor-portal/statement?${new URLSearchParams({ from: period.from, to: period.to })}`
}

/** The CSV download of the same period. */
export function statementCsvHref(period: Period): string {
  return `/api/vendor/statement.csv?${new URLSearchParams({ from: period.from, to: period.to })}`
}

/**
 * A balance in words: `KSh 1,234.50`, and below zero (the shop owes Soko) with a minus sign before the currency,
 * `−KSh 120`, as statements print it. `format` is the site's KSh formatter.
 */
export function signedKes(kes: number, format: (kes: number) => string): string {
  return kes < 0 ? `−${format(-kes)}` : format(kes)
}

/** The fields the period form shows errors at. */
export const PERIOD_FIELDS = ['from', 'to'] as const
