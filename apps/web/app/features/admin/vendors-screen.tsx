import { type AdminVendor, type AdminVendorsPage, PayoutBodySchema } from '@soko/contract/admin'
import { formatPhone } from '@soko/domain/phone'
import { pendingExplanation } from '@soko/domain/vendor-balance'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { ConfirmDialog, ReasonDialog, useCheckedWrite, useDialog, writeState } from '../../components/ui/dialog.tsx'
import { TextAreaField, TextField } from '../../components/ui/form-field.tsx'
import { ListScreen, RowAction } from '../../components/ui/list.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { formatKes } from '../../lib/format.ts'
import { PayoutHistory } from './payout-state.tsx'

type Action = 'verify' | 'unverify' | 'unsuspend'
type Open = { kind: Action | 'suspend' | 'payout' | 'pay'; vendor: AdminVendor }

const STATUS_OPTIONS = [
  ['', 'All shops'],
  ['verified', 'Verified'],
  ['unverified', 'Not verified'],
  ['suspended', 'Suspended'],
] as const

const ACTIONS: Record<Action, { title: string; about: string; confirm: string; busy: string; done: string }> = {
  verify: {
    title: 'Verify',
    about: "The shop and its products show the 'Verified Seller' badge.",
    confirm: 'Verify shop',
    busy: 'Verifying...',
    done: "is now a 'Verified Seller'.",
  },
  unverify: {
    title: 'Unverify',
    about: "The 'Verified Seller' badge is taken away from the shop and its products.",
    confirm: 'Unverify shop',
    busy: 'Unverifying...',
    done: "is no longer a 'Verified Seller'.",
  },
  unsuspend: {
    title: 'Lift the suspension of',
    about: 'The shop and its products are back on the storefront and in search.',
    confirm: 'Lift suspension',
    busy: 'Lifting...',
    done: 'is open again.',
  },
}

/** The endpoint of each of those actions. */
const ACTION_ENDPOINTS = {
  verify: 'POST /api/admin/vendors/:id/verify/',
  unverify: 'POST /api/admin/vendors/:id/unverify/',
  unsuspend: 'POST /api/admin/vendors/:id/unsuspend/',
} as const satisfies Record<Action, string>

/**
 * 'Record a payout': money sent to the shop by hand (M-Pesa or bank), up to what is available (the balance owed
 * less what is still pending). The payouts so far are listed under the form.
 */
function PayoutDialog({ vendor, onClose }: { vendor: AdminVendor; onClose: () => void }) {
  const [amount, setAmount] = useState('')
  const [reference, setReference] = useState('')
  const [note, setNote] = useState('')
  const history = useQuery({
    queryKey: ['admin', 'payouts', vendor.id],
    queryFn: () => call('GET /api/admin/vendors/:id/payouts/', { params: { id: vendor.id } }),
    staleTime: 0,
    retry: false,
  })
  const record = useAnnouncedWrite(
    (body: { amount: number; reference: string; note?: string }) =>
      call('POST /api/admin/vendors/:id/payouts/', { params: { id: vendor.id }, body }),
    (_result, body) => `Payout of ${formatKes(body.amount)} to ${vendor.name} recorded.`,
  )
  const checked = useCheckedWrite(PayoutBodySchema, record, onClose)
  const shown = checked.errors
  return (
    <ConfirmDialog
      title={`Record a payout to ${vendor.name}`}
      description={`Balance owed: ${formatKes(history.data?.balance_owed ?? vendor.balance_owed)}.`}
      confirmLabel="Record payout"
      busyLabel="Recording..."
      {...writeState(record, 'Could not record the payout.')}
      onClose={onClose}
      onConfirm={() =>
        checked.submit({
          amount: amount.trim() === '' ? Number.NaN : Number(amount.replace(/,/g, '')),
          reference,
          ...(note.trim() ? { note } : {}),
        })
      }
    >
      {history.data && (
        <>
          <dl className="admin-facts">
            <div>
              <dt>Available to pay</dt>
              <dd>{formatKes(Math.max(history.data.available, 0))}</dd>
            </div>
            <div>
              <dt>Pending</dt>
              <dd>{formatKes(history.data.pending)}</dd>
            </div>
          </dl>
          <p className="admin__muted">
            {pendingExplanation({
              deliveryConfirmDays: history.data.delivery_confirm_days,
              returnWindowDays: history.data.return_window_days,
            })}
          </p>
        </>
      )}
      <TextField
        label="Amount (KSh)"
        name="amount"
        inputMode="decimal"
        value={amount}
        onValueChange={setAmount}
        error={shown.amount}
        required
      />
      <TextField
        label="Reference"
        name="reference"
        value={reference}
        onValueChange={setReference}
        error={shown.reference}
        hint="The M-Pesa receipt or bank reference of the transfer"
        required
        maxLength={100}
      />
      <TextAreaField
        label="Note (optional)"
        name="note"
        value={note}
        onValueChange={setNote}
        error={shown.note}
        rows={2}
        maxLength={500}
      />
      {history.data && history.data.results.length > 0 && (
        <details>
          <summary>Payouts so far ({formatKes(history.data.paid_out)})</summary>
          <PayoutHistory payouts={history.data.results} />
        </details>
      )}
    </ConfirmDialog>
  )
}

/**
 * 'Pay now by M-Pesa': the shop's whole available balance (whole shillings) sent by M-Pesa B2C to its payout
 * number now, as the weekly run would; each payout so far is listed with where it stands.
 */
function PayNowDialog({ vendor, onClose }: { vendor: AdminVendor; onClose: () => void }) {
  const history = useQuery({
    queryKey: ['admin', 'payouts', vendor.id],
    queryFn: () => call('GET /api/admin/vendors/:id/payouts/', { params: { id: vendor.id } }),
    staleTime: 0,
    retry: false,
    // While a payout is on its way, its state is asked again until M-Pesa answers.
    refetchInterval: (query) =>
      query.state.data?.results.some(
        (payout) => payout.state === 'queued' || (payout.state === 'sent' && !payout.stuck),
      )
        ? 2000
        : false,
  })
  const pay = useAnnouncedWrite(
    () => call('POST /api/admin/vendors/:id/payouts/pay-now/', { params: { id: vendor.id } }),
    (result) => `Payout of ${formatKes(result.results[0]?.amount ?? 0)} to ${vendor.name} sent to M-Pesa.`,
  )
  const data = history.data
  return (
    <ConfirmDialog
      title={`Pay ${vendor.name} now by M-Pesa`}
      description={
        data?.payout_phone
          ? `Its available balance is sent by M-Pesa to ${formatPhone(data.payout_phone)}.`
          : 'The shop has no M-Pesa payout number.'
      }
      confirmLabel="Pay now by M-Pesa"
      busyLabel="Sending..."
      {...writeState(pay, 'Could not pay the shop.')}
      onClose={onClose}
      onConfirm={() => pay.mutate(undefined, { onSuccess: () => void history.refetch() })}
    >
      {data && (
        <>
          <dl className="admin-facts">
            <div>
              <dt>Available to pay</dt>
              <dd>{formatKes(Math.max(data.available, 0))}</dd>
            </div>
            <div>
              <dt>Pending</dt>
              <dd>{formatKes(data.pending)}</dd>
            </div>
          </dl>
          {!data.mpesa_payouts && <p className="admin__muted">M-Pesa payouts are off: record payouts sent by hand.</p>}
          {data.results.length > 0 && <PayoutHistory payouts={data.results} />}
        </>
      )}
    </ConfirmDialog>
  )
}

/**
 * Every shop: search and status filter, the 'Verified Seller' badge given and taken away, suspension with a reason
 * its owner sees (the shop and its products leave the storefront at once), and payouts of the balance owed.
 */
export function VendorsScreen({ page, search }: { page: AdminVendorsPage; search: URLSearchParams }) {
  const act = useAnnouncedWrite(
    ({ vendor, action }: { vendor: AdminVendor; action: Action }) =>
      call(ACTION_ENDPOINTS[action], { params: { id: vendor.id } }),
    (vendor, { action }) => `${vendor.name} ${ACTIONS[action].done}`,
  )
  const suspend = useAnnouncedWrite(
    ({ vendor, reason }: { vendor: AdminVendor; reason: string }) =>
      call('POST /api/admin/vendors/:id/suspend/', { params: { id: vendor.id }, body: { reason } }),
    (vendor) => `${vendor.name} is suspended: it and its products have left the storefront.`,
  )
  const { open, show, close } = useDialog<Open>(act, suspend)
  const button = (vendor: AdminVendor, kind: Open['kind'], label: string) => (
    <RowAction label={label} name={`${label}: ${vendor.name}`} onClick={() => show({ kind, vendor })} />
  )
  const action =
    open && open.kind !== 'suspend' && open.kind !== 'payout' && open.kind !== 'pay' ? ACTIONS[open.kind] : null

  return (
    <ListScreen
      id="vendors"
      title="Vendors"
      label="Shops"
      search={search}
      filters={{
        searchLabel: 'Search shops',
        placeholder: "Name, slug or owner's email",
        selects: [{ name: 'status', label: 'Status', options: STATUS_OPTIONS }],
      }}
      page={page}
      noun={['shop', 'shops']}
      empty="No shops match."
      columns={[
        'Shop',
        'Status',
        { label: 'Products', isNumeric: true },
        { label: 'Balance owed', isNumeric: true },
        'Actions',
      ]}
      row={(vendor) => (
        <tr key={vendor.id}>
          <th scope="row">
            <Link to={`/vendor/${vendor.slug}`}>{vendor.name}</Link>
            <span className="data-table__sub">
              {vendor.type}, {vendor.town}, {vendor.county}
            </span>
            {vendor.owner && (
              <span className="data-table__sub">
                {vendor.owner.name} ({vendor.owner.email})
              </span>
            )}
          </th>
          <td>
            {vendor.is_verified ? <Tag tone="good">Verified Seller</Tag> : <Tag>Not verified</Tag>}{' '}
            {!vendor.is_active && <Tag tone="bad">Suspended</Tag>}
            {vendor.suspended_reason && <span className="data-table__sub">Reason: {vendor.suspended_reason}</span>}
          </td>
          <td className="data-table__num">
            {vendor.active_product_count} / {vendor.product_count}
            <span className="data-table__sub">{vendor.order_count} paid orders</span>
          </td>
          <td className="data-table__num">{formatKes(vendor.balance_owed)}</td>
          <td>
            <div className="admin__actions">
              {vendor.is_verified ? button(vendor, 'unverify', 'Unverify') : button(vendor, 'verify', 'Verify')}
              {vendor.is_active ? button(vendor, 'suspend', 'Suspend') : button(vendor, 'unsuspend', 'Unsuspend')}
              {button(vendor, 'pay', 'Pay now by M-Pesa')}
              {button(vendor, 'payout', 'Record payout')}
            </div>
          </td>
        </tr>
      )}
      dialogs={
        <>
          {open && action && (
            <ConfirmDialog
              title={`${action.title} ${open.vendor.name}`}
              description={action.about}
              confirmLabel={action.confirm}
              busyLabel={action.busy}
              {...writeState(act, 'Could not change the shop. Please try again.')}
              onConfirm={() => act.mutate({ vendor: open.vendor, action: open.kind as Action }, { onSuccess: close })}
              onClose={close}
            />
          )}
          {open?.kind === 'suspend' && (
            <ReasonDialog
              title={`Suspend ${open.vendor.name}`}
              description="The shop and its products leave the storefront and search at once. Its owner sees your reason."
              confirmLabel="Suspend shop"
              busyLabel="Suspending..."
              danger
              {...writeState(suspend, 'Could not suspend the shop.')}
              onSubmitReason={(reason) => suspend.mutate({ vendor: open.vendor, reason }, { onSuccess: close })}
              onClose={close}
            />
          )}
          {open?.kind === 'payout' && <PayoutDialog vendor={open.vendor} onClose={close} />}
          {open?.kind === 'pay' && <PayNowDialog vendor={open.vendor} onClose={close} />}
        </>
      }
    />
  )
}
