import type { AdminOrderDetail } from '@soko/contract/admin'
import { type FormEvent, useState } from 'react'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { FormMessage, TextField } from '../../components/ui/form-field.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
import { formatDateTime } from '../../lib/format.ts'

type Part = AdminOrderDetail['vendor_parts'][number]
type Pickup = NonNullable<Part['pickup']>

/** 'Mark arrived at station': the shopper is emailed the station, the code and the collect-by date. */
function MarkArrived({ order, part }: { order: AdminOrderDetail; part: Part }) {
  const arrived = useAnnouncedWrite(
    () =>
      call('POST /api/admin/orders/:id/parts/:partId/at-station/', {
        params: { id: order.id, partId: part.id },
      }),
    () => `${part.shop.name}'s parcel of order ${order.order_number} is at the station; the shopper was emailed.`,
  )
  return (
    <div className="admin__form">
      <p className="admin__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={arrived.isPending}
          onClick={() => arrived.mutate(undefined)}
        >
          {arrived.isPending ? 'Saving...' : 'Mark arrived at station'}
          <span className="visually-hidden"> ({part.shop.name}'s parcel)</span>
        </button>
      </p>
      <FormMessage kind="error">
        {arrived.isError ? failureText(arrived.error, 'Could not mark the parcel arrived. Please try again.') : ''}
      </FormMessage>
    </div>
  )
}

/**
 * 'Hand over': the code the shopper shows at the counter. A refused code is said under the field, and what was
 * typed stays for a second look.
 */
function HandOver({ order, part }: { order: AdminOrderDetail; part: Part }) {
  const [code, setCode] = useState('')
  const [error, setError] = useState('')
  const collect = useAnnouncedWrite(
    (typed: string) =>
      call('POST /api/admin/orders/:id/parts/:partId/collect/', {
        params: { id: order.id, partId: part.id },
        body: { code: typed },
      }),
    () => `${part.shop.name}'s parcel of order ${order.order_number} handed over.`,
  )
  const errors = fieldErrors(collect.error)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (collect.isPending) return
    if (code.trim() === '') return setError('Enter the collection code')
    setError('')
    collect.mutate(code.trim())
  }
  return (
    <form className="admin__form" noValidate onSubmit={onSubmit} aria-label={`Hand over ${part.shop.name}'s parcel`}>
      <TextField
        label="Collection code"
        name="code"
        autoComplete="off"
        maxLength={20}
        value={code}
        onValueChange={setCode}
        error={error || errors.code}
        hint="The six letters and digits the shopper shows; the parcel is handed over only against them."
        required
      />
      <FormMessage kind="error">
        {collect.isError && !errors.code
          ? failureText(collect.error, 'The parcel could not be handed over. Please try again.')
          : ''}
      </FormMessage>
      <SubmitButton isBusy={collect.isPending} busyLabel="Checking...">
        Hand over
      </SubmitButton>
    </form>
  )
}

/** A pickup part: its station, when the parcel arrived and must be collected by, and the two counter steps. */
export function PickupPart({ order, part, pickup }: { order: AdminOrderDetail; part: Part; pickup: Pickup }) {
  return (
    <>
      <p>
        Pickup at {pickup.station} (open {pickup.opening_hours})
      </p>
      {pickup.at_station_at && (
        <p className="admin__actions">
          <span>At the station since {formatDateTime(pickup.at_station_at)}</span>
          {pickup.collect_by && <span>Collect by {formatDateTime(pickup.collect_by)}</span>}
          {pickup.past_collect_by && <Tag tone="bad">Past collect-by</Tag>}
        </p>
      )}
      {pickup.past_collect_by && (
        <p className="admin__muted">
          Not collected in time: the shop has been asked to arrange its return. It can still be handed over against the
          code until it leaves the station.
        </p>
      )}
      {pickup.can_mark_arrived && <MarkArrived order={order} part={part} />}
      {pickup.can_collect && <HandOver order={order} part={part} />}
    </>
  )
}
