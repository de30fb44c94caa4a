import type { AdminC2bPayment, AdminC2bPaymentsPage } from '@soko/contract/admin'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { FormMessage, TextField } from '../../components/ui/form-field.tsx'
import { ListScreen } from '../../components/ui/list.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
import { formatDateTime, formatKes } from '../../lib/format.ts'

const RESOLVED_OPTIONS = [
  ['', 'All'],
  ['false', 'To handle'],
  ['true', 'Handled'],
] as const

/** Marks one payment handled, with what was done about it (kept, and written to the audit log). */
function ResolveForm({ payment }: { payment: AdminC2bPayment }) {
  const [note, setNote] = useState('')
  const [error, setError] = useState('')
  const resolve = useAnnouncedWrite(
    (body: { note: string }) =>
      call('POST /api/admin/payments/c2b-unmatched/:id/resolve/', { params: { id: payment.id }, body }),
    (resolved) => `Paybill payment ${resolved.trans_id} marked handled.`,
  )
  const errors = fieldErrors(resolve.error)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (resolve.isPending) return
    if (note.trim() === '') return setError('Write what was done about it')
    setError('')
    resolve.mutate({ note: note.trim() })
  }
  return (
    <form
      className="admin__form"
      noValidate
      onSubmit={onSubmit}
      aria-label={`Mark the Paybill payment ${payment.trans_id} handled`}
    >
      <TextField
        label="What was done"
        name="note"
        maxLength={500}
        value={note}
        onValueChange={setNote}
        error={errors.note}
        hint="Sent back by hand, matched to an order, ..."
        required
      />
      <FormMessage kind="error">
        {error ||
          (resolve.isError && Object.keys(errors).length === 0
            ? failureText(resolve.error, 'It was not marked handled. Please try again.')
            : '')}
      </FormMessage>
      <SubmitButton isBusy={resolve.isPending} busyLabel="Saving...">
        Mark handled
      </SubmitButton>
    </form>
  )
}

/**
 * Money paid to the Paybill that paid no order, newest first: no such account number, the wrong amount, or an order
 * already paid, cancelled or expired. Money that named an order is owed back to the payer; each is handled by hand
 * (M-Pesa's portal) and marked handled here with a note.
 */
export function ReconciliationScreen({ page, search }: { page: AdminC2bPaymentsPage; search: URLSearchParams }) {
  return (
    <ListScreen
      id="reconciliation"
      title="Reconciliation"
      intro={
        <p>
          Payments to the M-Pesa Paybill that paid no order. Those marked "refund owed" named an order that will not
          take the money: send it back from the M-Pesa portal. Others named no order: find whose they are. Then mark
          each handled with what was done.
        </p>
      }
      search={search}
      filters={{
        searchLabel: 'Search Paybill payments',
        placeholder: 'M-Pesa code or account number',
        selects: [{ name: 'resolved', label: 'Show', options: RESOLVED_OPTIONS }],
      }}
      page={page}
      noun={['payment', 'payments']}
      empty="No Paybill payment is waiting here."
      columns={['M-Pesa code', { label: 'Amount', isNumeric: true }, 'Account given', 'Paid by', 'Why', 'Action']}
      row={(payment) => (
        <tr key={payment.id}>
          <th scope="row">
            {payment.trans_id}
            <span className="data-table__sub">{formatDateTime(payment.received_at)}</span>
          </th>
          <td className="data-table__num">{formatKes(payment.amount)}</td>
          <td>
            {payment.account || '(none)'}
            {payment.order && (
              <span className="data-table__sub">
                <Link to={`/admin/orders/${payment.order.id}`}>{payment.order.order_number}</Link>
              </span>
            )}
          </td>
          <td>
            {payment.first_name}
            <span className="data-table__sub">{payment.msisdn}</span>
          </td>
          <td>
            {payment.reason_text}
            {payment.refund_owed && (
              <span className="data-table__sub">
                <Tag tone="warn">Refund owed</Tag>
              </span>
            )}
          </td>
          <td>
            {payment.resolved_at ? (
              <>
                <Tag tone="good">Handled</Tag>
                <span className="data-table__sub">{payment.resolution_note}</span>
                <span className="data-table__sub">{formatDateTime(payment.resolved_at)}</span>
              </>
            ) : (
              <ResolveForm payment={payment} />
            )}
          </td>
        </tr>
      )}
    />
  )
}
