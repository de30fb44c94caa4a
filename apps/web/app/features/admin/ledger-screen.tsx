import type { AdjustmentBody, TrialBalanceView } from '@soko/contract/admin'
import {
  type AccountKind,
  isVendorKind,
  MARKETPLACE_ACCOUNT_KINDS,
  MARKETPLACE_ACCOUNTS,
  VENDOR_ACCOUNT_KINDS,
  VENDOR_ACCOUNTS,
} from '@soko/domain/ledger'
import { type FormEvent, useState } from 'react'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { FormMessage, SelectField, TextField } from '../../components/ui/form-field.tsx'
import { ListEmpty, TableHead, TableScroll } from '../../components/ui/list.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
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
      <AdjustmentForm />
    </section>
  )
}

const ACCOUNT_OPTIONS: { kind: AccountKind; label: string }[] = [
  ...MARKETPLACE_ACCOUNT_KINDS.map((kind) => ({ kind, label: MARKETPLACE_ACCOUNTS[kind].label })),
  ...VENDOR_ACCOUNT_KINDS.map((kind) => ({ kind, label: `A shop's account: ${VENDOR_ACCOUNTS[kind].label}` })),
]

type Side = 'debit' | 'credit'
interface AdjustmentValues {
  debit: AccountKind
  debitShop: string
  credit: AccountKind
  creditShop: string
  amount: string
  reason: string
}

const START: AdjustmentValues = {
  debit: 'adjustments',
  debitShop: '',
  credit: 'vendor_available',
  creditShop: '',
  amount: '',
  reason: '',
}

/** A fresh key per adjustment: a double click or a retried request records it once. */
const newKey = () => crypto.randomUUID()

/**
 * A manual adjustment (decision 0014): money moved between two accounts by hand, always with a reason, usually
 * against the adjustments account (to be cleared by another adjustment once explained).
 */
function AdjustmentForm() {
  const [values, setValues] = useState(START)
  const [key, setKey] = useState(newKey)
  const [problems, setProblems] = useState<Partial<Record<keyof AdjustmentValues, string>>>({})
  const adjust = useAnnouncedWrite(
    (body: AdjustmentBody) =>
      call('POST /api/admin/ledger/adjustments/', { body }, { headers: { 'Idempotency-Key': key } }),
    (answer) => `Adjustment ${answer.number} recorded.`,
  )
  const serverErrors = fieldErrors(adjust.error)
  const set = (name: keyof AdjustmentValues) => (value: string) => setValues((now) => ({ ...now, [name]: value }))
  const shopOf = (side: Side) => {
    const kind = values[side]
    if (!isVendorKind(kind)) return null
    const id = Number(values[side === 'debit' ? 'debitShop' : 'creditShop'])
    return Number.isInteger(id) && id > 0 ? id : Number.NaN
  }
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (adjust.isPending) return
    const found: typeof problems = {}
    const debitShop = shopOf('debit')
    const creditShop = shopOf('credit')
    if (Number.isNaN(debitShop)) found.debitShop = "Enter the shop's number (Admin → Vendors)"
    if (Number.isNaN(creditShop)) found.creditShop = "Enter the shop's number (Admin → Vendors)"
    const amount = Number(values.amount)
    if (!(amount > 0) || !/^\d+(\.\d{1,2})?$/.test(values.amount.trim()))
      found.amount = 'Enter an amount above 0 in KES'
    if (values.reason.trim() === '') found.reason = 'Give the reason: the statement and the reconciliation show it'
    if (values.debit === values.credit && debitShop === creditShop) found.credit = 'Choose two different accounts'
    setProblems(found)
    if (Object.keys(found).length > 0) return
    await adjust
      .mutateAsync({
        debit: { account: values.debit, vendor_id: debitShop },
        credit: { account: values.credit, vendor_id: creditShop },
        amount,
        reason: values.reason.trim(),
      })
      .then(() => {
        setValues(START)
        setKey(newKey())
      })
      .catch(() => {})
  }
  const accountField = (side: Side) => (
    <>
      <SelectField
        label={side === 'debit' ? 'Debit (from)' : 'Credit (to)'}
        name={side}
        value={values[side]}
        onValueChange={set(side)}
        error={problems[side] ?? serverErrors[side]}
      >
        {ACCOUNT_OPTIONS.map((option) => (
          <option key={option.kind} value={option.kind}>
            {option.label}
          </option>
        ))}
      </SelectField>
      {isVendorKind(values[side]) && (
        <TextField
          label="Shop number"
          name={`${side}Shop`}
          inputMode="numeric"
          value={values[side === 'debit' ? 'debitShop' : 'creditShop']}
          onValueChange={set(side === 'debit' ? 'debitShop' : 'creditShop')}
          error={problems[side === 'debit' ? 'debitShop' : 'creditShop']}
          hint="As in Admin → Vendors"
        />
      )}
    </>
  )
  const unplaced = adjust.isError && Object.keys(serverErrors).length === 0
  return (
    <section className="ledger__adjustment" aria-labelledby="adjustment-title">
      <h3 id="adjustment-title">Record an adjustment</h3>
      <p>
        Money moved by hand: a correction, or money found in the M-Pesa statement. It is one balanced entry with its
        reason, never an edit: a mistake is put right by another adjustment.
      </p>
      <form className="admin__form" noValidate onSubmit={onSubmit} aria-label="Record an adjustment">
        {accountField('debit')}
        {accountField('credit')}
        <TextField
          label="Amount (KES)"
          name="amount"
          inputMode="decimal"
          value={values.amount}
          onValueChange={set('amount')}
          error={problems.amount ?? serverErrors.amount}
        />
        <TextField
          label="Reason"
          name="reason"
          maxLength={500}
          value={values.reason}
          onValueChange={set('reason')}
          error={problems.reason ?? serverErrors.reason}
          required
        />
        <FormMessage kind="error">
          {unplaced ? failureText(adjust.error, 'The adjustment was not recorded. Please try again.') : ''}
        </FormMessage>
        <SubmitButton isBusy={adjust.isPending} busyLabel="Recording...">
          Record adjustment
        </SubmitButton>
      </form>
    </section>
  )
}
