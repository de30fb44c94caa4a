import type { AdminC2bPayment, AdminC2bPaymentsPage, MpesaMovement, ReconciliationPage } from '@soko/contract/admin'
import { EXCEPTION_CODES, EXCEPTION_LABELS, MOVEMENT_KIND_LABELS, MOVEMENT_KINDS } from '@soko/domain/reconciliation'
import { type FormEvent, useId, useState } from 'react'
import { Form, Link } from 'react-router'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { FormMessage, TextField } from '../../components/ui/form-field.tsx'
import { ListCount, ListScreen, Pagination, TableHead, TableScroll } from '../../components/ui/list.tsx'
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

/** The movements list's own parameters in the address (the Paybill list below keeps `q`, `resolved` and `page`). */
export const MOVEMENT_PARAMS = {
  from: 'from',
  to: 'to',
  kind: 'kind',
  exceptions: 'exceptions',
  page: 'mpage',
} as const

/** The other list's parameters, carried along when one list's filters are sent. */
function Kept({ search, names }: { search: URLSearchParams; names: readonly string[] }) {
  return names.map((name) => {
    const kept = search.get(name)
    return kept ? <input key={name} type="hidden" name={name} value={kept} /> : null
  })
}

function MovementRow({ movement }: { movement: MpesaMovement }) {
  const flagged = movement.exceptions.length > 0
  return (
    <tr className={flagged ? 'reconciliation__exception' : undefined}>
      <th scope="row">
        {movement.receipt ?? 'No receipt'}
        <span className="data-table__sub">{formatDateTime(movement.at)}</span>
      </th>
      <td>
        {movement.kind_label}
        <span className="data-table__sub">{movement.direction === 'in' ? 'Money in' : 'Money out'}</span>
      </td>
      <td className="data-table__num">{formatKes(movement.amount)}</td>
      <td className="reconciliation__phone">{movement.phone ?? '(none)'}</td>
      <td>
        {movement.purpose}
        {movement.order && (
          <span className="data-table__sub">
            <Link to={`/admin/orders/${movement.order.id}`}>{movement.order.order_number}</Link>
          </span>
        )}
      </td>
      <td>
        {movement.ledger ? (
          <>
            <code>{movement.ledger.key}</code>
            <span className="data-table__sub">{formatKes(movement.ledger.amount)}</span>
          </>
        ) : (
          'Not in the ledger'
        )}
      </td>
      <td>
        {flagged ? (
          <ul className="reconciliation__reasons">
            {movement.exceptions.map((exception) => (
              <li key={exception.code}>
                <Tag tone="bad">{exception.label}</Tag> {exception.text}
              </li>
            ))}
          </ul>
        ) : movement.handled ? (
          <>
            <Tag tone="good">Handled</Tag>
            <span className="data-table__sub">{movement.handled}</span>
          </>
        ) : (
          <Tag tone="good">Matches</Tag>
        )}
      </td>
    </tr>
  )
}

/**
 * Every M-Pesa money movement of a period (STK payments, Paybill payments, payouts and refunds by B2C) beside the
 * ledger transaction that moved the float for it, the exceptions counted at the top and marked on their rows. The
 * filters are a plain GET form: it reads without scripts.
 */
export function MovementsSection({ page, search }: { page: ReconciliationPage; search: URLSearchParams }) {
  const id = useId()
  const { totals } = page
  const href = (n: number) => {
    const next = new URLSearchParams(search)
    if (n <= 1) next.delete(MOVEMENT_PARAMS.page)
    else next.set(MOVEMENT_PARAMS.page, String(n))
    return `?${next.toString()}`
  }
  return (
    <section aria-labelledby="movements-title" className="list-screen">
      <h2 id="movements-title">M-Pesa against the ledger</h2>
      <p>
        Every M-Pesa payment, Paybill payment, payout and refund from {page.from} to {page.to} (Nairobi time), with the
        ledger transaction that moved the M-Pesa float for it. Rows marked in red need a look.
      </p>
      <dl className="admin-summary" aria-label="Exceptions in the period">
        <div>
          <dt>Movements</dt>
          <dd>{totals.movements.toLocaleString('en-KE')}</dd>
        </div>
        <div>
          <dt>With exceptions</dt>
          <dd>{totals.with_exceptions.toLocaleString('en-KE')}</dd>
        </div>
        {EXCEPTION_CODES.map((code) => (
          <div key={code}>
            <dt>{EXCEPTION_LABELS[code]}</dt>
            <dd>{totals.by_exception[code].toLocaleString('en-KE')}</dd>
          </div>
        ))}
      </dl>
      {page.truncated && (
        <p className="reconciliation__note" role="note">
          The period holds more movements than are read at once: choose a shorter one to see them all.
        </p>
      )}
      <Form method="get" className="list-filters" aria-label="Filter M-Pesa movements" key={search.toString()}>
        <Kept search={search} names={['q', 'resolved']} />
        <div className="field">
          <label htmlFor={`${id}-from`}>From</label>
          <input id={`${id}-from`} type="date" name="from" defaultValue={search.get('from') ?? page.from} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>To</label>
          <input id={`${id}-to`} type="date" name="to" defaultValue={search.get('to') ?? page.to} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-kind`}>Kind</label>
          <select id={`${id}-kind`} name="kind" defaultValue={search.get('kind') ?? ''}>
            <option value="">All</option>
            {MOVEMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {MOVEMENT_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="field field--check">
          <label>
            <input
              type="checkbox"
              name="exceptions"
              value="only"
              defaultChecked={search.get('exceptions') === 'only'}
            />{' '}
            Exceptions only
          </label>
        </div>
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      <ListCount count={page.count} noun={['movement', 'movements']} empty="No M-Pesa movement in this period." />
      {page.results.length > 0 && (
        <TableScroll label="M-Pesa movements">
          <table className="data-table">
            <TableHead
              columns={[
                'M-Pesa receipt',
                'Kind',
                { label: 'Amount', isNumeric: true },
                'Phone',
                'For',
                'Ledger',
                'Check',
              ]}
            />
            <tbody>
              {page.results.map((movement) => (
                <MovementRow key={`${movement.kind}-${movement.id}`} movement={movement} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination page={page.page} totalPages={page.total_pages} href={href} label="M-Pesa movements" />
    </section>
  )
}

/**
 * The reconciliation: every M-Pesa movement against the ledger, then the Paybill payments that paid no order.
 */
export function ReconciliationScreen({
  page,
  movements,
  search,
}: {
  page: AdminC2bPaymentsPage
  movements: ReconciliationPage
  search: URLSearchParams
}) {
  return (
    <>
      <MovementsSection page={movements} search={search} />
      <UnmatchedPaybillList page={page} search={search} />
    </>
  )
}

/**
 * Money paid to the Paybill that paid no order, newest first: no such account number, the wrong amount, or an order
 * already paid, cancelled or expired. Money that named an order is owed back to the payer; each is handled by hand
 * (M-Pesa's portal) and marked handled here with a note.
 */
function UnmatchedPaybillList({ page, search }: { page: AdminC2bPaymentsPage; search: URLSearchParams }) {
  return (
    <ListScreen
      id="reconciliation"
      title="Unmatched Paybill payments"
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
