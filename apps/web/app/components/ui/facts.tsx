import type { ReactNode } from 'react'

/** One fact of a record: its label and its value ('Email', 'achieng@example.co.ke'). */
export type Fact = readonly [label: string, value: ReactNode]

/**
 * A record's facts as a description list, a `<div>` of `<dt>` and `<dd>` each. A fact the record lacks is given as
 * `false` or `null` and left out. The list's look comes from `className` (a feature's own, or `amounts`).
 */
export function Facts({ facts, className }: { facts: ReadonlyArray<Fact | false | null>; className: string }) {
  return (
    <dl className={className}>
      {facts
        .filter((fact): fact is Fact => Boolean(fact))
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  )
}
