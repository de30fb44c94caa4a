import type { Statement } from '@soko/contract/vendor'
import type { Period } from '@soko/domain/statement'
import { Form, Link } from 'react-router'
import { TableHead, TableScroll } from '../../components/ui/list.tsx'
import { formatDate, formatKes } from '../../lib/format.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { quickPeriods, signedKes, statementCsvHref, statementHref } from './statement-values.ts'
import './statement.css'

const COLUMNS = [
  'Date',
  'Description',
  { label: 'Money in', isNumeric: true },
  { label: 'Money out', isNumeric: true },
  { label: 'Balance', isNumeric: true },
] as const

const kes = (amount: number) => signedKes(amount, formatKes)
/** A Nairobi day (YYYY-MM-DD) as Kenyans read it: noon of the day, so no time zone moves it to the next. */
const day = (value: string) => formatDate(`${value}T12:00:00+03:00`)

export interface StatementScreenProps {
  /** The dates asked for, as typed (shown again in the form when they were refused). */
  asked: { from: string; to: string }
  statement: Statement | null
  /** Why the period was refused, by field. */
  errors: Partial<Record<'from' | 'to', string>>
  /** Today in Nairobi (YYYY-MM-DD), for the periods one tap away. */
  today: string
}

/** The period form: a plain GET form, so it works before the page's scripts run; the usual periods as links. */
function PeriodForm({
  asked,
  period,
  errors,
  today,
}: Omit<StatementScreenProps, 'statement'> & { period: Period | null }) {
  const value = (field: 'from' | 'to') => (errors[field] || !period ? asked[field] : period[field])
  return (
    <section className="card vendor-card statement__choose" aria-labelledby="statement-period-title">
      <h2 id="statement-period-title">Period</h2>
      <Form method="get" className="statement__form" key={`${value('from')}:${value('to')}`}>
        {(['from', 'to'] as const).map((field) => (
          <div className="field" key={field}>
            <label htmlFor={`statement-${field}`}>{field === 'from' ? 'From' : 'To'}</label>
            <input
              id={`statement-${field}`}
              type="date"
              name={field}
              defaultValue={value(field)}
              max={today}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `statement-${field}-error` : undefined}
            />
            {errors[field] && (
              <p id={`statement-${field}-error`} className="field__error">
                {errors[field]}
              </p>
            )}
          </div>
        ))}
        <button type="submit" className="button">
          Show statement
        </button>
      </Form>
      <p className="statement__quick">
        {quickPeriods(today).map((quick, index) => (
          <span key={quick.label}>
            {index > 0 && ' · '}
            <Link to={statementHref(quick.period)}>{quick.label}</Link>
          </span>
        ))}
      </p>
      <p className="vendor-muted">Nairobi calendar days, both included; up to 366 days at a time.</p>
    </section>
  )
}

/**
 * A shop's statement for a period: what Soko owed it at the start, every movement in words with the balance after
 * it, and what Soko owed it at the end, with where that money was. Downloads as CSV; prints on its own (the print
 * style leaves out the site's and the portal's navigation and the form).
 */
export function StatementScreen({ asked, statement, errors, today }: StatementScreenProps) {
  const isHydrated = useHydrated()
  const period = statement?.period ?? null
  return (
    <section className="vendor-screen statement" aria-labelledby="statement-title">
      <div className="statement__head">
        <h1 id="statement-title">Statement</h1>
        <p className="vendor-muted statement__back">
          <Link to="/vendor-portal/payouts">Back to Payouts</Link>
        </p>
      </div>
      <PeriodForm asked={asked} period={period} errors={errors} today={today} />

      {statement && period && (
        <section className="card vendor-card statement__sheet" aria-labelledby="statement-sheet-title">
          <header className="statement__sheet-head">
            <p className="statement__brand">Soko · Vendor statement</p>
            <h2 id="statement-sheet-title">{statement.shop.name}</h2>
            <p>
              {day(period.from)} to {day(period.to)}
            </p>
          </header>
          <div className="statement__actions">
            <a className="button" href={statementCsvHref(period)} download>
              Download CSV
            </a>
            {isHydrated && (
              <button type="button" className="button button--ghost" onClick={() => window.print()}>
                Print statement
              </button>
            )}
          </div>
          <dl className="statement__totals">
            <div>
              <dt>Opening balance</dt>
              <dd>{kes(statement.opening)}</dd>
            </div>
            <div>
              <dt>Money in</dt>
              <dd>{formatKes(statement.totalIn)}</dd>
            </div>
            <div>
              <dt>Money out</dt>
              <dd>{formatKes(statement.totalOut)}</dd>
            </div>
            <div>
              <dt>Closing balance</dt>
              <dd>{kes(statement.closing)}</dd>
            </div>
          </dl>
          <TableScroll label="Statement lines">
            <table className="data-table statement__table">
              <TableHead columns={COLUMNS} />
              <tbody>
                <tr className="statement__edge">
                  <td>{day(period.from)}</td>
                  <th scope="row">Opening balance</th>
                  <td className="data-table__num" />
                  <td className="data-table__num" />
                  <td className="data-table__num">{kes(statement.opening)}</td>
                </tr>
                {statement.lines.length === 0 && (
                  <tr>
                    <td />
                    <td colSpan={4} className="vendor-muted">
                      Nothing moved in this period.
                    </td>
                  </tr>
                )}
                {statement.lines.map((line) => (
                  // A movement's time, words and balance after it name its line (a sale paid on delivery makes two).
                  <tr key={`${line.at}:${line.description}:${line.balance}`}>
                    <td>{day(line.date)}</td>
                    <td>{line.description}</td>
                    <td className="data-table__num">{line.moneyIn ? formatKes(line.moneyIn) : ''}</td>
                    <td className="data-table__num">{line.moneyOut ? formatKes(line.moneyOut) : ''}</td>
                    <td className="data-table__num">{kes(line.balance)}</td>
                  </tr>
                ))}
                <tr className="statement__edge">
                  <td>{day(period.to)}</td>
                  <th scope="row">Closing balance</th>
                  <td className="data-table__num">{formatKes(statement.totalIn)}</td>
                  <td className="data-table__num">{formatKes(statement.totalOut)}</td>
                  <td className="data-table__num">{kes(statement.closing)}</td>
                </tr>
              </tbody>
            </table>
          </TableScroll>
          <h3>Where the closing balance was</h3>
          <dl className="statement__split">
            <div>
              <dt>Pending</dt>
              <dd>{kes(statement.closingSplit.pending)}</dd>
              <dd className="vendor-muted">Sold, waiting for delivery or the return window</dd>
            </div>
            <div>
              <dt>Available</dt>
              <dd>{kes(statement.closingSplit.available)}</dd>
              <dd className="vendor-muted">Free to be paid out</dd>
            </div>
            <div>
              <dt>On its way to your M-Pesa</dt>
              <dd>{kes(statement.closingSplit.inTransit)}</dd>
            </div>
            {statement.closingSplit.owedForCollections !== 0 && (
              <div>
                <dt>Owed to Soko for cash collected on delivery</dt>
                <dd>−{kes(statement.closingSplit.owedForCollections)}</dd>
              </div>
            )}
          </dl>
          <p className="vendor-muted statement__note">
            The balance is what Soko owes your shop: sales less commission and refunds, less payouts made. Money moving
            from pending to available is not a line: it stays yours. Below zero, your shop owes Soko.
          </p>
        </section>
      )}
    </section>
  )
}
