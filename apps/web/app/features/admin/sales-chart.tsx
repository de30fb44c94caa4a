import type { Dashboard } from '@soko/contract/admin'
import { useId } from 'react'
import { formatKes } from '../../lib/format.ts'

type Day = Dashboard['sales'][number]

const dayLabel = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', timeZone: 'UTC' })

/** '24 Oct' from the API's Nairobi day '2026-10-24' (a date without a time: read as such, not shifted). */
export function formatDay(date: string): string {
  return dayLabel.format(new Date(`${date}T00:00:00Z`))
}

/** A round top for the chart's scale (1, 2 or 5 times a power of ten), never below the highest day. */
export function niceMax(value: number): number {
  if (value <= 100) return 100
  const power = 10 ** Math.floor(Math.log10(value))
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power
  return 10 * power
}

/** The sentence that sums the chart up for those who cannot see it. */
export function salesSummary(sales: Day[]): string {
  if (sales.length === 0) return 'No sales figures yet.'
  const revenue = sales.reduce((sum, day) => sum + day.revenue, 0)
  const orders = sales.reduce((sum, day) => sum + day.orders, 0)
  const best = sales.reduce((top, day) => (day.revenue > top.revenue ? day : top), sales[0] as Day)
  const first = sales[0] as Day
  const last = sales[sales.length - 1] as Day
  const span = `${formatDay(first.date)} to ${formatDay(last.date)}`
  if (revenue === 0) return `No paid orders from ${span}.`
  return (
    `${formatKes(revenue)} from ${orders.toLocaleString('en-KE')} paid order${orders === 1 ? '' : 's'}, ` +
    `${span}; the best day was ${formatDay(best.date)} with ${formatKes(best.revenue)}.`
  )
}

const WIDTH = 600
const HEIGHT = 200
const LEFT = 80
const BOTTOM = 22

/**
 * 'Sales over the last 30 days': one bar a day (revenue of paid orders, KES), drawn in SVG with no chart library.
 * The picture has a text summary as its name, and the same figures are in a table under it.
 */
export function SalesChart({ sales }: { sales: Day[] }) {
  const id = useId()
  const top = niceMax(Math.max(0, ...sales.map((day) => day.revenue)))
  const plotWidth = WIDTH - LEFT
  const plotHeight = HEIGHT - BOTTOM
  const slot = sales.length > 0 ? plotWidth / sales.length : plotWidth
  const summary = salesSummary(sales)
  return (
    <section className="admin-card admin-sales" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Sales over the last 30 days</h3>
      <p id={`${id}-summary`}>{summary}</p>
      <svg
        className="admin-sales__chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-summary`}
      >
        <title>{summary}</title>
        {[0, 0.5, 1].map((fraction) => {
          const y = plotHeight - fraction * (plotHeight - 8)
          return (
            <g key={fraction} className="admin-sales__grid">
              <line x1={LEFT} x2={WIDTH} y1={y} y2={y} />
              <text x={LEFT - 6} y={y + 4} textAnchor="end">
                {formatKes(top * fraction)}
              </text>
            </g>
          )
        })}
        {sales.map((day, index) => {
          const height = (day.revenue / top) * (plotHeight - 8)
          const x = LEFT + index * slot + slot * 0.15
          return (
            <rect
              key={day.date}
              className="admin-sales__bar"
              x={x}
              y={plotHeight - height}
              width={slot * 0.7}
              height={Math.max(height, day.revenue > 0 ? 1 : 0)}
            >
              <title>{`${formatDay(day.date)}: ${formatKes(day.revenue)}, ${day.orders} order${day.orders === 1 ? '' : 's'}`}</title>
            </rect>
          )
        })}
        {sales.map((day, index) =>
          (sales.length - 1 - index) % 7 === 0 ? (
            <text
              key={day.date}
              className="admin-sales__day"
              x={LEFT + index * slot + slot / 2}
              y={HEIGHT - 6}
              textAnchor="middle"
            >
              {formatDay(day.date)}
            </text>
          ) : null,
        )}
      </svg>
      <details className="admin-sales__table">
        <summary>Sales by day (table)</summary>
        <table>
          <caption className="visually-hidden">Paid orders and revenue by day, Nairobi time</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Orders</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {sales.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDay(day.date)}</th>
                <td>{day.orders}</td>
                <td>{formatKes(day.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  )
}
