import type { AdminDelivery, AdminStation, DeliveryFeesBody, StationBody } from '@soko/contract/delivery'
import { type FormEvent, useState } from 'react'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { CountyOptions } from '../../components/ui/county-options.tsx'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { CheckboxField, FormMessage, SelectField, TextField } from '../../components/ui/form-field.tsx'
import { ListEmpty, RowAction, TableHead, TableScroll } from '../../components/ui/list.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
import { formatKes } from '../../lib/format.ts'
import { EditForm } from './edit-form.tsx'

const FEE_FIELDS = [
  ['nairobi', 'Nairobi (KSh)', 'Nairobi County'],
  ['near', 'Near Nairobi (KSh)', "Kiambu, Machakos, Kajiado and Murang'a"],
  ['rest', 'Rest of Kenya (KSh)', 'Every other county'],
  ['extraVendor', 'Each further shop (KSh)', 'Added per parcel after the first, for home delivery and pickup'],
] as const

type FeeValues = Record<(typeof FEE_FIELDS)[number][0], string>

/** The zone fees and the extra-shop fee: checkout charges them from the moment they are saved. */
function FeesForm({ fees }: { fees: AdminDelivery['fees'] }) {
  const [values, setValues] = useState<FeeValues>({
    nairobi: String(fees.nairobi),
    near: String(fees.near),
    rest: String(fees.rest),
    extraVendor: String(fees.extraVendor),
  })
  const save = useAnnouncedWrite(
    (body: DeliveryFeesBody) => call('PUT /api/admin/delivery/fees/', { body }),
    () => 'Delivery fees saved.',
  )
  const errors = fieldErrors(save.error)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (save.isPending) return
    save.mutate({
      nairobi: Number(values.nairobi),
      near: Number(values.near),
      rest: Number(values.rest),
      extraVendor: Number(values.extraVendor),
    })
  }
  return (
    <form className="card admin-form admin-card" noValidate onSubmit={onSubmit} aria-labelledby="delivery-fees-title">
      <h3 id="delivery-fees-title">Home delivery fees</h3>
      <p className="admin__muted">
        The fee of the first shop's parcel by the county delivered to; every order from now on.
      </p>
      <FormMessage kind="error">
        {save.isError ? failureText(save.error, 'Could not save the fees. Please try again.') : ''}
      </FormMessage>
      {FEE_FIELDS.map(([field, label, hint]) => (
        <TextField
          key={field}
          label={label}
          name={field}
          inputMode="decimal"
          required
          hint={hint}
          value={values[field]}
          onValueChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
          error={errors[field]}
        />
      ))}
      <p className="admin__actions">
        <SubmitButton busyLabel="Saving..." isBusy={save.isPending}>
          Save fees
        </SubmitButton>
      </p>
    </form>
  )
}

type StationValues = Record<'name' | 'county' | 'town' | 'address' | 'openingHours' | 'fee', string> & {
  active: boolean
}

const emptyStation = (): StationValues => ({
  name: '',
  county: '',
  town: '',
  address: '',
  openingHours: '',
  fee: '',
  active: true,
})

const stationValues = (station: AdminStation): StationValues => ({
  name: station.name,
  county: station.county,
  town: station.town,
  address: station.address,
  openingHours: station.openingHours,
  fee: String(station.fee),
  active: station.active,
})

const stationBody = (values: StationValues): StationBody => ({
  name: values.name,
  county: values.county,
  town: values.town,
  address: values.address,
  openingHours: values.openingHours,
  fee: values.fee.trim() === '' ? Number.NaN : Number(values.fee),
  active: values.active,
})

type Editing = { mode: 'new' } | { mode: 'edit'; station: AdminStation } | null

const COLUMNS = ['Station', 'County', 'Opening hours', { label: 'Fee', isNumeric: true }, 'State', 'Actions'] as const

/** /admin/delivery: the zone fees, and the pickup stations shoppers choose from at checkout (add, edit, close). */
export function DeliveryScreen({ delivery }: { delivery: AdminDelivery }) {
  const [editing, setEditing] = useState<Editing>(null)
  const [values, setValues] = useState<StationValues>(emptyStation())
  const save = useAnnouncedWrite(
    ({ id, body }: { id: number | null; body: StationBody }) =>
      id
        ? call('PUT /api/admin/delivery/stations/:id/', { params: { id }, body })
        : call('POST /api/admin/delivery/stations/', { body }),
    (station, { id }) => `Pickup station ${station.name} ${id ? 'saved' : 'added'}.`,
  )
  const toggle = useAnnouncedWrite(
    (station: AdminStation) =>
      call('PUT /api/admin/delivery/stations/:id/', {
        params: { id: station.id },
        body: stationBody({ ...stationValues(station), active: !station.active }),
      }),
    (station) => `Pickup station ${station.name} ${station.active ? 'reopened' : 'closed'}.`,
  )
  const open = (next: Editing) => {
    save.reset()
    setValues(next?.mode === 'edit' ? stationValues(next.station) : emptyStation())
    setEditing(next)
  }
  const errors = fieldErrors(save.error)
  const text = (field: Exclude<keyof StationValues, 'active'>) => ({
    name: field,
    value: values[field],
    onValueChange: (value: string) => setValues((current) => ({ ...current, [field]: value })),
    error: errors[field],
  })

  return (
    <section aria-labelledby="delivery-title" className="admin-form">
      <h2 id="delivery-title">Delivery</h2>
      <FeesForm fees={delivery.fees} />
      <h3>Pickup stations</h3>
      {editing === null ? (
        <p>
          <button type="button" className="button" onClick={() => open({ mode: 'new' })}>
            New pickup station
          </button>
        </p>
      ) : (
        <EditForm
          title={editing.mode === 'edit' ? `Edit ${editing.station.name}` : 'New pickup station'}
          submitLabel={editing.mode === 'edit' ? 'Save station' : 'Add station'}
          failure={save.isError ? failureText(save.error, 'Could not save the station. Please try again.') : ''}
          isSaving={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={() =>
            save.mutate(
              { id: editing.mode === 'edit' ? editing.station.id : null, body: stationBody(values) },
              { onSuccess: () => setEditing(null) },
            )
          }
        >
          <TextField label="Name" required {...text('name')} />
          <SelectField label="County" required {...text('county')}>
            <CountyOptions />
          </SelectField>
          <TextField label="Town" required {...text('town')} />
          <TextField label="Address" required {...text('address')} />
          <TextField label="Opening hours" required hint="e.g. Mon–Sat 8:00–18:00" {...text('openingHours')} />
          <TextField label="Fee (KSh)" required inputMode="decimal" {...text('fee')} />
          <CheckboxField
            label="Open (listed at checkout)"
            name="active"
            checked={values.active}
            onCheckedChange={(checked) => setValues((current) => ({ ...current, active: checked }))}
          />
        </EditForm>
      )}
      {delivery.stations.length === 0 ? (
        <ListEmpty>No pickup stations yet: checkout offers home delivery only.</ListEmpty>
      ) : (
        <TableScroll label="Pickup stations">
          <table className="data-table">
            <TableHead columns={COLUMNS} />
            <tbody>
              {delivery.stations.map((station) => (
                <tr key={station.id}>
                  <th scope="row">
                    {station.name}
                    <span className="admin__muted"> · {station.address}</span>
                  </th>
                  <td>
                    {station.town}, {station.county}
                  </td>
                  <td>{station.openingHours}</td>
                  <td className="data-table__num">{formatKes(station.fee)}</td>
                  <td>{station.active ? <Tag tone="good">Open</Tag> : <Tag tone="neutral">Closed</Tag>}</td>
                  <td>
                    <span className="admin__actions">
                      <RowAction
                        label="Edit"
                        name={`Edit ${station.name}`}
                        onClick={() => open({ mode: 'edit', station })}
                      />
                      <RowAction
                        label={station.active ? 'Close' : 'Reopen'}
                        name={`${station.active ? 'Close' : 'Reopen'} ${station.name}`}
                        onClick={() => toggle.mutate(station)}
                      />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {toggle.isError && (
        <FormMessage kind="error">{failureText(toggle.error, 'Could not change the station.')}</FormMessage>
      )}
    </section>
  )
}
