import { useId } from 'react'
import { formatKes } from '../../lib/format.ts'
import { formatDay, niceMax, type SalesDay, salesSummary } from './sales-series.ts'

// A narrow drawing, so that its labels stay readable when a phone scales it down (the CSS caps it on wide screens).
const WIDTH = 400
const HEIGHT = 190
const LEFT = 74
const BOTTOM = 24
const TOP = 10

/**
 * 'Sales over the last 30 days': one bar a day (paid orders, KES), drawn in SVG without a chart library. The picture
 * is named by a sentence that sums it up, and the same figures are in a table under it.
 */
export function SalesChart({ days }: { days: SalesDay[] }) {
  const id = useId()
  const top = niceMax(Math.max(0, ...days.map((day) => day.sales)))
  const plotWidth = WIDTH - LEFT
  const plotHeight = HEIGHT - BOTTOM - TOP
  const slot = days.length > 0 ? plotWidth / days.length : plotWidth
  const summary = salesSummary(days)
  return (
    <section className="vendor-card vendor-chart" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Sales over the last 30 days</h2>
      <p id={`${id}-summary`}>{summary}</p>
      <svg
        className="vendor-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-summary`}
      >
        <title>{summary}</title>
        {[0, 0.5, 1].map((fraction) => {
          const y = TOP + plotHeight - fraction * plotHeight
          return (
            <g key={fraction} className="vendor-chart__grid">
              <line x1={LEFT} x2={WIDTH} y1={y} y2={y} />
              <text x={LEFT - 8} y={y + 4} textAnchor="end">
                {formatKes(top * fraction)}
              </text>
            </g>
          )
        })}
        {days.map((day, index) => {
          const height = (day.sales / top) * plotHeight
          const x = LEFT + index * slot + slot * 0.15
          return (
            <rect
              key={day.date}
              className="vendor-chart__bar"
              x={x}
              y={TOP + plotHeight - height}
              width={slot * 0.7}
              height={Math.max(height, day.sales > 0 ? 1 : 0)}
            >
              <title>{`${formatDay(day.date)}: ${formatKes(day.sales)}, ${day.orders} order${day.orders === 1 ? '' : 's'}`}</title>
            </rect>
          )
        })}
        {days.map((day, index) =>
          // A label a week, and the last day's (not crowding the one before it).
          (index % 7 === 0 && days.length - 1 - index >= 4) || index === days.length - 1 ? (
            <text
              key={`label-${day.date}`}
              className="vendor-chart__label"
              x={index === days.length - 1 ? WIDTH : LEFT + index * slot + slot / 2}
              y={HEIGHT - 6}
              textAnchor={index === days.length - 1 ? 'end' : 'middle'}
            >
              {formatDay(day.date)}
            </text>
          ) : null,
        )}
      </svg>
      <details className="vendor-chart__table">
        <summary>Show the figures as a table</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <section className="vendor-table-scroll" aria-label="Sales per day" tabIndex={0}>
          <table className="vendor-table">
            <caption className="visually-hidden">Sales per day, last 30 days</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="vendor-num">
                  Sales
                </th>
                <th scope="col" className="vendor-num">
                  Orders
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{formatDay(day.date)}</th>
                  <td className="vendor-num">{formatKes(day.sales)}</td>
                  <td className="vendor-num">{day.orders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </section>
  )
}
