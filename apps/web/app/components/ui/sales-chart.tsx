import { useId } from 'react'
import { formatKes } from '../../lib/format.ts'
import { TableHead, TableScroll } from './list.tsx'
import { formatDay, labelledDays, niceMax, type SalesDay, salesSummary } from './sales-series.ts'
import './sales-chart.css'

const SCALE = [1, 0.5, 0] as const
const COLUMNS = ['Day', { label: 'Orders', isNumeric: true }, { label: 'Sales', isNumeric: true }] as const

export interface SalesChartProps {
  days: readonly SalesDay[]
  headingLevel: 2 | 3
  /** The card it sits in, as its dashboard draws cards. */
  className: string
}

/**
 * 'Sales over the last 30 days': one bar a day (paid orders, KES), drawn without a chart library. Only the bars are
 * a drawing, stretched to the card's width; the scale and the days are text beside and under it, so they keep their
 * size on a phone and are never cut ('KSh 20,000', not 'Sh 20,000'). The picture is named by a sentence that sums it
 * up, and the same figures are in a table under it.
 */
export function SalesChart({ days, headingLevel, className }: SalesChartProps) {
  const id = useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const top = niceMax(Math.max(0, ...days.map((day) => day.sales)))
  const summary = salesSummary(days)
  const width = Math.max(1, days.length) * 10
  return (
    <section className={`sales-chart ${className}`} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>Sales over the last 30 days</Heading>
      <p id={`${id}-summary`}>{summary}</p>
      <div className="sales-chart__figure" role="img" aria-labelledby={`${id}-title ${id}-summary`}>
        <div className="sales-chart__scale">
          {SCALE.map((fraction) => (
            <span key={fraction}>{formatKes(top * fraction)}</span>
          ))}
        </div>
        <svg
          className="sales-chart__plot"
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          {SCALE.map((fraction) => (
            <line
              key={fraction}
              className="sales-chart__grid"
              x1={0}
              x2={width}
              y1={100 - fraction * 100}
              y2={100 - fraction * 100}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {days.map((day, index) => {
            const height = Math.max((day.sales / top) * 100, day.sales > 0 ? 0.5 : 0)
            return (
              <rect
                key={day.date}
                className="sales-chart__bar"
                x={index * 10 + 1.5}
                y={100 - height}
                width={7}
                height={height}
              >
                <title>{`${formatDay(day.date)}: ${formatKes(day.sales)}, ${day.orders} order${day.orders === 1 ? '' : 's'}`}</title>
              </rect>
            )
          })}
        </svg>
        <div className="sales-chart__days">
          {labelledDays(days.length).map((index, position, all) => {
            const day = days[index] as SalesDay
            const isLast = index === days.length - 1
            // Every other label (counting back from the last) gives way on a narrow chart, so none overlap.
            const isMinor = (all.length - 1 - position) % 2 === 1
            return (
              <span
                key={day.date}
                className={`sales-chart__day${isLast ? ' sales-chart__day--last' : ''}${isMinor ? ' sales-chart__day--minor' : ''}`}
                style={isLast ? undefined : { left: `${((index + 0.5) / days.length) * 100}%` }}
              >
                {formatDay(day.date)}
              </span>
            )
          })}
        </div>
      </div>
      <details className="sales-chart__table">
        <summary>Show the figures as a table</summary>
        <TableScroll label="Sales per day">
          <table className="data-table">
            <caption className="visually-hidden">Paid orders and sales per day, last 30 days, Nairobi time</caption>
            <TableHead columns={COLUMNS} />
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{formatDay(day.date)}</th>
                  <td className="data-table__num">{day.orders}</td>
                  <td className="data-table__num">{formatKes(day.sales)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </section>
  )
}
