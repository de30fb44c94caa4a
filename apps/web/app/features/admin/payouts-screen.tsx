import type { AdminPayout, AdminPayoutsPage, PayoutRun } from '@soko/contract/admin'
import { useState } from 'react'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { ConfirmDialog, useDialog, writeState } from '../../components/ui/dialog.tsx'
import { ListScreen } from '../../components/ui/list.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText } from '../../lib/form-errors.ts'
import { formatDateTime, formatKes } from '../../lib/format.ts'
import { PayoutState, payoutHow } from './payout-state.tsx'

const STATE_OPTIONS = [
  ['', 'All payouts'],
  ['queued', 'Queued'],
  ['sent', 'Sent'],
  ['paid', 'Paid'],
  ['failed', 'Failed'],
] as const

const STUCK_OPTIONS = [
  ['', 'Any'],
  ['true', 'Stuck: M-Pesa never answered'],
] as const

const STARTED_BY = { schedule: 'Weekly run', admin: 'Admin' } as const

/** What a run did, in a sentence or two. */
function runSummary(run: PayoutRun): string {
  const paid = run.paid.length === 1 ? '1 shop paid' : `${run.paid.length} shops paid`
  const total = run.paid.reduce((sum, payout) => sum + payout.amount, 0)
  const skipped = run.skipped.length > 0 ? `; ${run.skipped.length} with money not paid (see below)` : ''
  return `Payout run done: ${paid} (${formatKes(total)})${skipped}.`
}

/** A stuck payout's status queries start over: M-Pesa is asked again how it ended. */
function AskAgain({ payout }: { payout: AdminPayout }) {
  const ask = useAnnouncedWrite(
    () => call('POST /api/admin/payouts/:id/ask-again/', { params: { id: payout.id } }),
    () => `M-Pesa is being asked again about payout ${payout.id}.`,
  )
  if (ask.isSuccess) return <span className="data-table__sub">Asking M-Pesa again...</span>
  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        disabled={ask.isPending}
        onClick={() => ask.mutate(undefined)}
        aria-label={`Ask M-Pesa again about payout ${payout.id} to ${payout.shop.name}`}
      >
        {ask.isPending ? 'Asking...' : 'Ask M-Pesa again'}
      </button>
      {ask.isError && (
        <span className="data-table__sub" role="alert">
          {failureText(ask.error, 'M-Pesa could not be asked. Please try again.')}
        </span>
      )}
    </>
  )
}

/**
 * Every payout to every shop, newest first: its state (a sent payout M-Pesa never answered shows as stuck), why one
 * failed, the M-Pesa receipt; and the scheduled payout run, on demand.
 */
export function PayoutsScreen({ page, search }: { page: AdminPayoutsPage; search: URLSearchParams }) {
  const [lastRun, setLastRun] = useState<PayoutRun | null>(null)
  const run = useAnnouncedWrite(() => call('POST /api/admin/payouts/run/'), runSummary)
  const confirm = useDialog<true>(run)
  return (
    <ListScreen
      id="payouts"
      title="Payouts"
      intro={
        <>
          <p className="admin__muted">
            Shops are paid their available balance by M-Pesa every week. A failed payout goes back to the shop's
            available balance and is paid with the next run; the shop's owner is emailed why.
          </p>
          <p>
            <button type="button" className="button" onClick={() => confirm.show(true)}>
              Run payouts now
            </button>
          </p>
          {lastRun && (
            <div className="admin-run" role="status">
              <p>{runSummary(lastRun)}</p>
              {lastRun.skipped.length > 0 && (
                <ul>
                  {lastRun.skipped.map((skipped) => (
                    <li key={skipped.shop_id}>
                      {skipped.name}: {skipped.reason}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </>
      }
      search={search}
      filters={{
        searchLabel: 'Search by shop',
        placeholder: 'Shop name',
        selects: [
          { name: 'state', label: 'State', options: STATE_OPTIONS },
          { name: 'stuck', label: 'Needs a look', options: STUCK_OPTIONS },
        ],
      }}
      page={page}
      noun={['payout', 'payouts']}
      empty="No payouts match."
      columns={['Shop', { label: 'Amount', isNumeric: true }, 'State', 'How', 'Started']}
      row={(payout) => (
        <tr key={payout.id}>
          <th scope="row">
            {payout.shop.name}
            <span className="data-table__sub">Payout {payout.id}</span>
          </th>
          <td className="data-table__num">{formatKes(payout.amount)}</td>
          <td>
            <PayoutState payout={payout} />
            {payout.failure_reason && <span className="data-table__sub">{payout.failure_reason}</span>}
            {payout.stuck && <AskAgain payout={payout} />}
          </td>
          <td>{payoutHow(payout)}</td>
          <td>
            {formatDateTime(payout.created_at)}
            <span className="data-table__sub">{STARTED_BY[payout.started_by]}</span>
          </td>
        </tr>
      )}
      dialogs={
        confirm.open && (
          <ConfirmDialog
            title="Run payouts now"
            description="Every verified shop with a payout number is paid its available balance by M-Pesa now, as the weekly run does."
            confirmLabel="Run payouts"
            busyLabel="Running..."
            {...writeState(run, 'Could not run the payouts.')}
            onConfirm={() =>
              run.mutate(undefined, {
                onSuccess: (result) => {
                  setLastRun(result)
                  confirm.close()
                },
              })
            }
            onClose={confirm.close}
          />
        )
      }
    />
  )
}
