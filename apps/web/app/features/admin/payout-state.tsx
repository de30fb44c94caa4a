import type { Payout } from '@soko/contract/admin'
import { formatPhone } from '@soko/domain/phone'
import { Tag, type Tone } from '../../components/ui/tag.tsx'
import { formatDate, formatKes } from '../../lib/format.ts'

const STATES: Record<Payout['state'], { label: string; tone: Tone }> = {
  queued: { label: 'Queued', tone: 'neutral' },
  sent: { label: 'Sent', tone: 'info' },
  paid: { label: 'Paid', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
}

/** Where a payout stands, as a tag (a sent payout M-Pesa never answered says so). */
export function PayoutState({ payout }: { payout: Pick<Payout, 'state' | 'stuck'> }) {
  if (payout.stuck) return <Tag tone="warn">Stuck: no answer from M-Pesa</Tag>
  const { label, tone } = STATES[payout.state]
  return <Tag tone={tone}>{label}</Tag>
}

/** How a payout went: by M-Pesa to a number (with its receipt) or by hand (with the reference given). */
export function payoutHow(payout: Payout): string {
  if (payout.method === 'manual') return `By hand, reference ${payout.reference}`
  const to = payout.phone ? `M-Pesa to ${formatPhone(payout.phone)}` : 'M-Pesa'
  return payout.receipt ? `${to}, receipt ${payout.receipt}` : to
}

/** A shop's payouts, newest first, each with its state and why one failed. */
export function PayoutHistory({ payouts }: { payouts: Payout[] }) {
  return (
    <ul className="admin-payouts">
      {payouts.map((payout) => (
        <li key={payout.id}>
          {formatDate(payout.created_at)}: {formatKes(payout.amount)} <PayoutState payout={payout} />{' '}
          <span className="admin__muted">{payoutHow(payout)}</span>
          {payout.failure_reason && <span className="data-table__sub">{payout.failure_reason}</span>}
          {payout.note && <span className="data-table__sub">{payout.note}</span>}
        </li>
      ))}
    </ul>
  )
}
