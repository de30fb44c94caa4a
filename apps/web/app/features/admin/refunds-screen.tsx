import type { AdminRefund, AdminRefundsPage } from '@soko/contract/admin'
import { Link } from 'react-router'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { FormMessage } from '../../components/ui/form-field.tsx'
import { ListScreen } from '../../components/ui/list.tsx'
import { Tag, type Tone } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText } from '../../lib/form-errors.ts'
import { formatDateTime, formatKes } from '../../lib/format.ts'

const STATE_LABELS = {
  approved: 'Approved',
  sending: 'Being sent',
  sent: 'Sent',
  failed: 'Failed',
} as const satisfies Record<AdminRefund['state'], string>

const STATE_OPTIONS = [
  ['', 'All states'],
  ...(Object.entries(STATE_LABELS) as [AdminRefund['state'], string][]),
] as const

const CAUSE_LABELS = {
  order_refund: 'Order refunded',
  return: 'Return',
  dispute: 'Dispute',
  cancellation: 'Cancellation',
  late_payment: 'Late payment',
} as const satisfies Record<AdminRefund['cause'], string>

function stateTone(state: AdminRefund['state']): Tone {
  if (state === 'sent') return 'good'
  if (state === 'failed') return 'bad'
  return 'warn'
}

/** Sends a failed refund again: it goes back to approved and its sending is queued. */
function RetryRefund({ refund }: { refund: AdminRefund }) {
  const retry = useAnnouncedWrite(
    () => call('POST /api/admin/refunds/:id/retry/', { params: { id: refund.id } }),
    () => `Refund of ${formatKes(refund.amount)} for order ${refund.order.order_number} is being sent again.`,
  )
  return (
    <div className="admin__actions">
      <button
        type="button"
        className="button button--ghost"
        disabled={retry.isPending}
        aria-busy={retry.isPending}
        aria-label={`Retry the refund of ${formatKes(refund.amount)} for order ${refund.order.order_number}`}
        onClick={() => retry.mutate(undefined)}
      >
        {retry.isPending ? 'Sending...' : 'Retry'}
      </button>
      <FormMessage kind="error">
        {retry.isError ? failureText(retry.error, 'Could not send the refund again. Please try again.') : ''}
      </FormMessage>
    </div>
  )
}

/**
 * Money going back to shoppers, newest first: each refund is sent by itself (M-Pesa to the paying number, or the
 * card provider's refund); a failed one is still owed and can be sent again from here.
 */
export function RefundsScreen({ page, search }: { page: AdminRefundsPage; search: URLSearchParams }) {
  return (
    <ListScreen
      id="refunds"
      title="Refunds"
      intro={
        <p>
          Refunds go back by themselves: by M-Pesa to the number that paid, or to the card. A failed refund is still
          owed to the shopper; once its cause is fixed (a low M-Pesa float, say), send it again.
        </p>
      }
      search={search}
      filters={{
        searchLabel: 'Search refunds',
        placeholder: 'Order number',
        selects: [{ name: 'state', label: 'State', options: STATE_OPTIONS }],
      }}
      page={page}
      noun={['refund', 'refunds']}
      empty="No refunds match."
      columns={['Order', 'Shop', { label: 'Amount', isNumeric: true }, 'Sent to', 'State', 'Action']}
      row={(refund) => (
        <tr key={refund.id}>
          <th scope="row">
            <Link to={`/admin/orders/${refund.order.id}`}>{refund.order.order_number}</Link>
            <span className="data-table__sub">{formatDateTime(refund.created_at)}</span>
          </th>
          <td>
            {refund.shop.name}
            <span className="data-table__sub">{CAUSE_LABELS[refund.cause]}</span>
          </td>
          <td className="data-table__num">{formatKes(refund.amount)}</td>
          <td>
            {refund.destination}
            {refund.provider_reference && <span className="data-table__sub">{refund.provider_reference}</span>}
          </td>
          <td>
            <Tag tone={stateTone(refund.state)}>{STATE_LABELS[refund.state]}</Tag>
            {refund.sent_at && <span className="data-table__sub">{formatDateTime(refund.sent_at)}</span>}
            {refund.state === 'failed' && refund.result_description && (
              <span className="data-table__sub">{refund.result_description}</span>
            )}
          </td>
          <td>{refund.state === 'failed' ? <RetryRefund refund={refund} /> : null}</td>
        </tr>
      )}
    />
  )
}
