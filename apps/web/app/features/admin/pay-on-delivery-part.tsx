import type { AdminOrderDetail } from '@soko/contract/admin'
import { COLLECTION_WAY_LABELS, COLLECTION_WAYS, type CollectionBody } from '@soko/contract/pay-on-delivery'
import { type FormEvent, useState } from 'react'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { FormMessage, SelectField, TextField } from '../../components/ui/form-field.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
import { formatDateTime, formatKes } from '../../lib/format.ts'

type Part = AdminOrderDetail['vendor_parts'][number]
type PayOnDelivery = NonNullable<Part['pay_on_delivery']>

/**
 * A pay-on-delivery part on the admin's order screen: what is due at the door and whether it was taken (by the
 * shop's rider or by Soko), or the parcel refused; and, while its parcel is out, recording that Soko took the money
 * (a station or rider Soko runs). Audited by the server.
 */
export function PayOnDeliveryPart({ order, part, due }: { order: AdminOrderDetail; part: Part; due: PayOnDelivery }) {
  const [via, setVia] = useState('')
  const [reference, setReference] = useState('')
  const collect = useAnnouncedWrite(
    (body: CollectionBody) =>
      call('POST /api/admin/orders/:id/parts/:partId/payment-collected/', {
        params: { id: order.id, partId: part.id },
        body,
      }),
    () => `${part.shop.name}'s part of order ${order.order_number}: the payment collected by Soko was recorded.`,
  )
  const errors = fieldErrors(collect.error)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (collect.isPending) return
    collect.mutate({ via: via as CollectionBody['via'], reference: via === 'mpesa' ? reference.trim() : '' })
  }
  return (
    <div className="admin-pod">
      <p>
        Pay on delivery: <strong>{formatKes(due.amount)}</strong>{' '}
        {due.refused_at
          ? `refused at the door ${formatDateTime(due.refused_at)}`
          : due.collected_at && due.collected_how
            ? `paid ${formatDateTime(due.collected_at)}: ${due.collected_how}`
            : 'due at the door'}
      </p>
      {due.can_collect && (
        <form
          className="admin__form"
          noValidate
          onSubmit={onSubmit}
          aria-label={`Record the payment for ${part.shop.name}'s parcel`}
        >
          <SelectField
            label="Paid to Soko by"
            name="via"
            value={via}
            onValueChange={setVia}
            error={errors.via}
            hint="For a station or rider Soko runs; a shop records what its own rider took in its portal."
            required
          >
            <option value="">Choose</option>
            {COLLECTION_WAYS.map((way) => (
              <option key={way} value={way}>
                {COLLECTION_WAY_LABELS[way]}
              </option>
            ))}
          </SelectField>
          {via === 'mpesa' && (
            <TextField
              label="M-Pesa code (optional)"
              name="reference"
              autoComplete="off"
              maxLength={20}
              value={reference}
              onValueChange={setReference}
              error={errors.reference}
            />
          )}
          <FormMessage kind="error">
            {collect.isError && Object.keys(errors).length === 0
              ? failureText(collect.error, 'The payment could not be recorded. Please try again.')
              : ''}
          </FormMessage>
          <p className="admin__actions">
            <SubmitButton isBusy={collect.isPending} busyLabel="Saving...">
              Record {formatKes(due.amount)} collected
            </SubmitButton>
          </p>
        </form>
      )}
    </div>
  )
}
