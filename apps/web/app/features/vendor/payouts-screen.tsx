import { ORDER_STATUS_LABELS, type OrderStatus } from '@soko/contract/checkout-options'
import type { PayoutSummary } from '@soko/contract/vendor'
import { formatKenyanMobile } from '@soko/domain/phone'
import { pendingExplanation } from '@soko/domain/vendor-balance'
import { Link } from 'react-router'
import { TableHead, TableScroll } from '../../components/ui/list.tsx'
import { Tag, type Tone } from '../../components/ui/tag.tsx'
import { formatDate, formatKes } from '../../lib/format.ts'

const LINE_COLUMNS = [
  'Order',
  'Date',
  'Status',
  { label: 'Subtotal', isNumeric: true },
  { label: 'Commission', isNumeric: true },
  { label: 'Net', isNumeric: true },
] as const

/** Where a line's net stands: in the balance and free to pay out, in the balance but waiting, or not yet in it. */
function EarningTag({ line }: { line: PayoutSummary['lines'][number] }) {
  if (line.earning === 'available') return <Tag tone="good">Available</Tag>
  if (line.earning === 'awaiting') return null
  return <Tag tone="warn">{line.availableFrom ? `Pending until ${formatDate(line.availableFrom)}` : 'Pending'}</Tag>
}

type PayoutLine = PayoutSummary['payouts'][number]

const PAYOUT_STATES: Record<PayoutLine['state'], { label: string; tone: Tone }> = {
  queued: { label: 'Queued', tone: 'neutral' },
  sent: { label: 'Sent', tone: 'info' },
  paid: { label: 'Paid', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
}

/** Where a payout stands: queued, sent to M-Pesa, paid, or failed with the reason (the money is back in available). */
function PayoutStateTag({ payout }: { payout: PayoutLine }) {
  const { label, tone } = PAYOUT_STATES[payout.state]
  return (
    <Tag tone={tone}>
      {payout.state === 'failed' && payout.failureReason ? `${label}: ${payout.failureReason}` : label}
    </Tag>
  )
}

/** When the next weekly payout is, in words (Nairobi time). */
function nextRunText(nextPayoutRun: string | null): string {
  if (nextPayoutRun === null) return 'Soko pays the available balance to your M-Pesa number.'
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Nairobi',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(nextPayoutRun))
  return `Next payout: ${when} (Nairobi time), if at least the payout minimum is available.`
}

/**
 * What Soko owes the shop: the balance (delivered orders less commission, less what was paid out), split into what
 * is pending (delivery not confirmed yet, or inside the return window) and what is available to pay out, what is
 * still awaiting delivery, each paid order's subtotal, commission and net, and the payouts received.
 */
export function PayoutsScreen({ summary }: { summary: PayoutSummary }) {
  return (
    <section className="vendor-screen" aria-labelledby="payouts-title">
      <h1 id="payouts-title">Payouts</h1>
      <dl className="vendor-stats">
        <div className="card vendor-stat vendor-stat--main">
          <dt>Balance owed to you</dt>
          <dd>{formatKes(summary.balance)}</dd>
          <dd className="vendor-stat__sub">
            {summary.payoutPhone ? (
              <>Paid to M-Pesa {formatKenyanMobile(summary.payoutPhone)}</>
            ) : (
              <Link to="/vendor-portal/shop">Add your M-Pesa payout number</Link>
            )}
          </dd>
        </div>
        <div className="card vendor-stat">
          <dt>Available</dt>
          <dd>{formatKes(summary.available)}</dd>
          <dd className="vendor-stat__sub">{nextRunText(summary.nextPayoutRun)}</dd>
        </div>
        <div className="card vendor-stat">
          <dt>Pending</dt>
          <dd>{formatKes(summary.pending)}</dd>
          <dd className="vendor-stat__sub">Delivered, waiting for the return window</dd>
        </div>
        <div className="card vendor-stat">
          <dt>Earned</dt>
          <dd>{formatKes(summary.earned)}</dd>
          <dd className="vendor-stat__sub">Delivered orders, after commission</dd>
        </div>
        <div className="card vendor-stat">
          <dt>Paid out</dt>
          <dd>{formatKes(summary.paidOut)}</dd>
        </div>
        <div className="card vendor-stat">
          <dt>Awaiting delivery</dt>
          <dd>{formatKes(summary.awaitingDelivery)}</dd>
          <dd className="vendor-stat__sub">Owed to you once delivered</dd>
        </div>
        {summary.owedForCollections > 0 && (
          <div className="card vendor-stat">
            <dt>Owed to Soko</dt>
            <dd>{formatKes(summary.owedForCollections)}</dd>
            <dd className="vendor-stat__sub">
              From pay-on-delivery orders your riders collected: delivery, VAT and commission, taken from your next
              earnings
            </dd>
          </div>
        )}
      </dl>
      <p className="vendor-muted">{pendingExplanation(summary)}</p>
      <p>
        <Link to="/vendor-portal/statement">Statement for any period</Link>: the opening balance, every sale,
        commission, refund and payout, and the closing balance, to download as CSV or print.
      </p>

      <section className="card vendor-card" aria-labelledby="payout-lines-title">
        <h2 id="payout-lines-title">Orders</h2>
        {summary.lines.length === 0 ? (
          <p className="vendor-muted">No paid orders yet.</p>
        ) : (
          <TableScroll label="Orders and commission">
            <table className="data-table">
              <TableHead columns={LINE_COLUMNS} />
              <tbody>
                {summary.lines.map((line) => (
                  <tr key={line.vendorOrderId}>
                    <th scope="row">{line.orderNumber}</th>
                    <td>{formatDate(line.date)}</td>
                    <td>
                      {ORDER_STATUS_LABELS[line.status as OrderStatus] ?? line.status}
                      {line.isOwed ? (
                        <>
                          {' '}
                          <EarningTag line={line} />
                        </>
                      ) : null}
                    </td>
                    <td className="data-table__num">{formatKes(line.subtotal)}</td>
                    <td className="data-table__num">−{formatKes(line.commission)}</td>
                    <td className="data-table__num">{formatKes(line.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      <section className="card vendor-card" aria-labelledby="payouts-received-title">
        <h2 id="payouts-received-title">Payouts received</h2>
        {summary.payouts.length === 0 ? (
          <p className="vendor-muted">No payouts yet. {nextRunText(summary.nextPayoutRun)}</p>
        ) : (
          <ul className="vendor-list">
            {summary.payouts.map((payout) => (
              <li key={payout.id} className="vendor-payout">
                <span>
                  <strong>{formatKes(payout.amount)}</strong> on {formatDate(payout.date)}{' '}
                  <PayoutStateTag payout={payout} />
                </span>
                <span className="vendor-muted">
                  {payout.reference &&
                    (payout.method === 'mpesa_b2c' ? `M-Pesa receipt ${payout.reference}` : `Ref. ${payout.reference}`)}
                  {payout.note && ` · ${payout.note}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  )
}
