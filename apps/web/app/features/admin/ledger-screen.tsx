import type { TrialBalanceView } from '@soko/contract/admin'
import { ListEmpty, TableHead, TableScroll } from '../../components/ui/list.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { formatKes } from '../../lib/format.ts'

const COLUMNS = [
  'Account',
  { label: 'Debits', isNumeric: true },
  { label: 'Credits', isNumeric: true },
  { label: 'Balance', isNumeric: true },
] as const

/**
 * The trial balance (decision 0014): every ledger account's debits and credits, and whether the two columns' totals
 * are equal; a ledger whose totals differ is broken and says so.
 */
export function LedgerScreen({ trial }: { trial: TrialBalanceView }) {
  return (
    <section className="admin__messages" aria-labelledby="ledger-title">
      <h2 id="ledger-title">Ledger</h2>
      <p>
        Every payment, commission, release, refund and payout is written here as balanced debits and credits. The totals
        of the two columns are equal when the books are whole.{' '}
        <Tag tone={trial.balanced ? 'good' : 'bad'}>{trial.balanced ? 'Balanced' : 'Not balanced'}</Tag>
      </p>
      {trial.lines.length === 0 ? (
        <ListEmpty>Nothing has been posted yet.</ListEmpty>
      ) : (
        <TableScroll label="Trial balance">
          <table className="data-table">
            <TableHead columns={COLUMNS} />
            <tbody>
              {trial.lines.map((line) => (
                <tr key={`${line.account}-${line.vendor_id ?? 'soko'}`}>
                  <th scope="row">{line.label}</th>
                  <td className="data-table__num">{formatKes(line.debit)}</td>
                  <td className="data-table__num">{formatKes(line.credit)}</td>
                  <td className="data-table__num">{formatKes(line.balance)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Totals</th>
                <td className="data-table__num">{formatKes(trial.debit_total)}</td>
                <td className="data-table__num">{formatKes(trial.credit_total)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      )}
    </section>
  )
}
