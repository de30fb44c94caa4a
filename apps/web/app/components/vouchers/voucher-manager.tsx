import type { VoucherBody, VoucherView } from '@soko/contract/vouchers'
import { type FormEvent, type ReactNode, useState } from 'react'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
import { formatKes } from '../../lib/format.ts'
import { formatMoment, fromNairobiInput } from '../../lib/nairobi-time.ts'
import { useAnnouncedWrite } from '../ui/announcer.tsx'
import { bindFields, SelectField, TextField } from '../ui/form-field.tsx'
import { ListEmpty, RowAction, TableScroll } from '../ui/list.tsx'
import { Tag } from '../ui/tag.tsx'

const FIELDS = [
  'code',
  'kind',
  'value',
  'maxDiscount',
  'minSpend',
  'maxUses',
  'maxUsesPerCustomer',
  'startsAt',
  'endsAt',
] as const
type Field = (typeof FIELDS)[number]
type Values = Record<Field, string>

const EMPTY: Values = {
  code: '',
  kind: 'percent',
  value: '',
  maxDiscount: '',
  minSpend: '0',
  maxUses: '',
  maxUsesPerCustomer: '1',
  startsAt: '',
  endsAt: '',
}

/** A number typed, or null for an empty field (no limit); the server says what is wrong with anything else. */
const limit = (typed: string) => (typed.trim() === '' ? null : Number(typed))

export function voucherBodyOf(values: Values): VoucherBody {
  return {
    code: values.code,
    kind: values.kind as VoucherBody['kind'],
    value: Number(values.value),
    maxDiscount: values.kind === 'percent' ? limit(values.maxDiscount) : null,
    minSpend: Number(values.minSpend || 0),
    maxUses: limit(values.maxUses),
    maxUsesPerCustomer: limit(values.maxUsesPerCustomer),
    startsAt: fromNairobiInput(values.startsAt),
    endsAt: fromNairobiInput(values.endsAt),
  }
}

export interface VoucherManagerProps {
  vouchers: VoucherView[]
  /** The form's heading: who funds the vouchers it creates. */
  formTitle: string
  /** The form heading's level under the screen's own heading. */
  formHeading: 'h2' | 'h3'
  /** What the funder should know before creating one (who pays, which products). */
  intro?: ReactNode
  /** Show the "Funded by" column (the admin sees every funder; a shop only its own). */
  showFunder: boolean
  /** The form's and the card's classes of the area it is in. */
  formClassName: string
  create: (body: VoucherBody) => Promise<VoucherView>
  setActive: (voucher: VoucherView, active: boolean) => Promise<VoucherView>
}

/**
 * Vouchers (decision 0023), as the admin and a shop manage them: a form creating one, and the list with each
 * voucher's uses and window, disabled or enabled with one button.
 */
export function VoucherManager({
  vouchers,
  formTitle,
  formHeading: FormHeading,
  intro,
  showFunder,
  formClassName,
  create: createVoucher,
  setActive,
}: VoucherManagerProps) {
  const [values, setValues] = useState<Values>(EMPTY)
  const create = useAnnouncedWrite(createVoucher, (voucher) => `Voucher ${voucher.code} created.`)
  const toggle = useAnnouncedWrite(
    (voucher: VoucherView) => setActive(voucher, !voucher.active),
    (voucher) => `Voucher ${voucher.code} ${voucher.active ? 'enabled' : 'disabled'}.`,
  )
  const errors = fieldErrors(create.error, FIELDS)
  const field = bindFields(values, errors, (name) => (value) => setValues((now) => ({ ...now, [name]: value })))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (create.isPending) return
    create.mutate(voucherBodyOf(values), { onSuccess: () => setValues(EMPTY) })
  }
  const unexplained = create.isError && Object.keys(errors).length === 0

  return (
    <>
      <form className={formClassName} aria-labelledby="voucher-new-title" onSubmit={submit} noValidate>
        <FormHeading id="voucher-new-title">{formTitle}</FormHeading>
        {intro}
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
        {values.kind === 'percent' && (
          <TextField
            label="Most off (KSh)"
            inputMode="decimal"
            hint="Empty: no cap, e.g. 500 for 10 % off up to KSh 500"
            {...field('maxDiscount')}
          />
        )}
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
        <TableScroll label="Vouchers">
          <table className="data-table">
            <caption className="visually-hidden">Vouchers</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Gives</th>
                {showFunder && <th scope="col">Funded by</th>}
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
                  {showFunder && <td>{voucher.funderName}</td>}
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
        </TableScroll>
      )}
    </>
  )
}
