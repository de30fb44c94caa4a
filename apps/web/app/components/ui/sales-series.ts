import { formatKes } from '../../lib/format.ts'

// The figures behind the sales chart (sales-chart.tsx), shared by the admin dashboard (the marketplace's paid
// orders) and the vendor dashboard (one shop's paid orders).

/** One Nairobi day of paid orders: how many, and what they came to in KES. */
export interface SalesDay {
  /** YYYY-MM-DD, Nairobi time. */
  date: string
  orders: number
  sales: number
}

const dayLabel = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', timeZone: 'UTC' })

/** '24 Oct' from the API's Nairobi day '2026-10-24' (a date without a time: read as such, not shifted). */
export function formatDay(date: string): string {
  return dayLabel.format(new Date(`${date}T00:00:00Z`))
}

/** A round top for the chart's scale (1, 2 or 5 times a power of ten), never below the best day; KSh 1,000 for none. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1000
  const power = 10 ** Math.floor(Math.log10(value))
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power
  return 10 * power
}

/** The days that get a label under the chart: the last one, and every seventh before it. */
export function labelledDays(count: number): number[] {
  const days: number[] = []
  for (let index = count - 1; index >= 0; index -= 7) days.unshift(index)
  return days
}

/** The sentence that sums the chart up for those who cannot see it (and under it for everyone). */
export function salesSummary(days: readonly SalesDay[]): string {
  const first = days[0]
  const last = days[days.length - 1]
  if (!first || !last) return 'No sales figures yet.'
  const sales = days.reduce((sum, day) => sum + day.sales, 0)
  const orders = days.reduce((sum, day) => sum + day.orders, 0)
  const span = `${formatDay(first.date)} to ${formatDay(last.date)}`
  if (sales === 0) return `No paid orders from ${span}.`
  const best = days.reduce((top, day) => (day.sales > top.sales ? day : top), first)
  return (
    `${formatKes(sales)} from ${orders.toLocaleString('en-KE')} paid order${orders === 1 ? '' : 's'}, ${span}; ` +
    `the best day was ${formatDay(best.date)} with ${formatKes(best.sales)}.`
  )
}
