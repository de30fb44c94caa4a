import { type ReactNode, useId } from 'react'
import './summary.css'

/** A row of a summary: its label and what it comes to ('Delivery', 'KSh 350'). */
export type AmountRow = readonly [label: ReactNode, value: ReactNode]

/** Labelled amounts, the last one the total, set apart below a line. */
export function Amounts({ rows, total }: { rows: readonly AmountRow[]; total: AmountRow }) {
  return (
    <dl className="amounts">
      {rows.map(([label, value], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a summary's rows are fixed in number and order
        <div key={index} className="amounts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="amounts__row amounts__total">
        <dt>{total[0]}</dt>
        <dd>{total[1]}</dd>
      </div>
    </dl>
  )
}

/** A sidebar card with its title ('Order Summary'); busy while its figures are being confirmed. */
export function SummaryCard({ title, isBusy, children }: { title: string; isBusy: boolean; children: ReactNode }) {
  const id = useId()
  return (
    <aside className="card card--raised summary-card" aria-labelledby={id} aria-busy={isBusy}>
      <h2 id={id} className="summary-card__title">
        {title}
      </h2>
      {children}
    </aside>
  )
}
