import type { VoucherBody, VoucherView } from '@soko/contract/vouchers'
import { type FormEvent, useState } from 'react'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { bindFields, SelectField, TextField } from '../../components/ui/form-field.tsx'
import { ListEmpty, RowAction } from '../../components/ui/list.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
import { formatKes } from '../../lib/format.ts'
import { formatMoment } from './banners-screen.tsx'
import { fromNairobiInput } from './nairobi-time.ts'

const FIELDS = ['code', 'kind', 'value', 'minSpend', 'maxUses', 'maxUsesPerCustomer', 'startsAt', 'endsAt'] as const
type Field = (typeof FIELDS)[number]
type Values = Record<Field, string>

const EMPTY: Values = {
  code: '',
  kind: 'percent',
  value: '',
  minSpend: '0',
  maxUses: '',
  maxUsesPerCustomer: '1',
  startsAt: '',
  endsAt: '',
}

/** A number typed, or null for an empty field (no limit); the server says what is wrong with anything else. */
const limit = (typed: string) => (typed.trim() === '' ? null : Number(typed))

function bodyOf(values: Values): VoucherBody {
  return {
    code: values.code,
    kind: values.kind as VoucherBody['kind'],
    value: Number(values.value),
    minSpend: Number(values.minSpend || 0),
    maxUses: limit(values.maxUses),
    maxUsesPerCustomer: limit(values.maxUsesPerCustomer),
    startsAt: fromNairobiInput(values.startsAt),
    endsAt: fromNairobiInput(values.endsAt),
  }
}

/**
 * Vouchers (decision 0023): create one funded by the marketplace (shops still earn on their full price), see every
 * voucher, the shops' too, with its uses, and disable or enable it.
 */
export function VouchersScreen({ vouchers }: { vouchers: VoucherView[] }) {
  const [values, setValues] = useState<Values>(EMPTY)
  const create = useAnnouncedWrite(
    (body: VoucherBody) => call('POST /api/admin/vouchers/', { body }),
    (voucher) => `Voucher ${voucher.code} created.`,
  )
  const toggle = useAnnouncedWrite(
    (voucher: VoucherView) =>
      call('POST /api/admin/vouchers/:id/active/', { params: { id: voucher.id }, body: { active: !voucher.active } }),
    (voucher) => `Voucher ${voucher.code} ${voucher.active ? 'enabled' : 'disabled'}.`,
  )
  const errors = fieldErrors(create.error, FIELDS)
  const field = bindFields(values, errors, (name) => (value) => setValues((now) => ({ ...now, [name]: value })))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (create.isPending) return
    create.mutate(bodyOf(values), { onSuccess: () => setValues(EMPTY) })
  }
  const unexplained = create.isError && Object.keys(errors).length === 0

  return (
    <section aria-labelledby="vouchers-title" className="admin-form">
      <h2 id="vouchers-title">Vouchers</h2>
      <form className="card admin-card admin-form" aria-labelledby="voucher-new-title" onSubmit={submit} noValidate>
        <h3 id="voucher-new-title">New voucher, funded by Soko</h3>
        <TextField
          label="Code"
          autoComplete="off"
          hint="3 to 32 letters, digits or dashes, e.g. KARIBU10"
          {...field('code')}
        />
        <SelectField label="Kind" {...field('kind')}>
          <option value="percent">Percent off</option>
          <option value="fixed">Amount off (KSh)</option>
        </SelectField>
        <TextField
          label={values.kind === 'percent' ? 'Percent off' : 'Amount off (KSh)'}
          inputMode="decimal"
          {...field('value')}
        />
        <TextField label="Minimum spend (KSh)" inputMode="decimal" {...field('minSpend')} />
        <TextField label="Uses in all" inputMode="numeric" hint="Empty: no limit" {...field('maxUses')} />
        <TextField
          label="Uses per shopper"
          inputMode="numeric"
          hint="Empty: no limit"
          {...field('maxUsesPerCustomer')}
        />
        <TextField label="Starts (Nairobi time)" type="datetime-local" hint="Empty: at once" {...field('startsAt')} />
        <TextField label="Ends (Nairobi time)" type="datetime-local" hint="Empty: never" {...field('endsAt')} />
        {unexplained && <p role="alert">{failureText(create.error, 'Could not create the voucher.')}</p>}
        <p>
          <button type="submit" className="button" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create voucher'}
          </button>
        </p>
      </form>
      {toggle.isError && <p role="alert">{failureText(toggle.error, 'Could not change the voucher.')}</p>}

      {vouchers.length === 0 ? (
        <ListEmpty>No vouchers yet.</ListEmpty>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">Vouchers</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Gives</th>
              <th scope="col">Funded by</th>
              <th scope="col">Used</th>
              <th scope="col">When (Nairobi time)</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {vouchers.map((voucher) => (
              <tr key={voucher.id}>
                <th scope="row">{voucher.code}</th>
                <td>
                  {voucher.description}
                  {voucher.minSpend > 0 && (
                    <span className="data-table__sub">on {formatKes(voucher.minSpend)} or more</span>
                  )}
                </td>
                <td>{voucher.funderName}</td>
                <td>
                  {voucher.usedCount}
                  {voucher.maxUses !== null ? ` of ${voucher.maxUses}` : ''}
                </td>
                <td>
                  {voucher.startsAt ? formatMoment(voucher.startsAt) : 'Now'} to{' '}
                  {voucher.endsAt ? formatMoment(voucher.endsAt) : 'no end'}
                </td>
                <td>
                  <Tag tone={voucher.active ? 'good' : 'neutral'}>{voucher.active ? 'Active' : 'Disabled'}</Tag>
                </td>
                <td>
                  <RowAction
                    label={voucher.active ? 'Disable' : 'Enable'}
                    name={`${voucher.active ? 'Disable' : 'Enable'} voucher ${voucher.code}`}
                    onClick={() => toggle.mutate(voucher)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
