import type { DecideDisputeBody, DisputeView } from '@soko/contract/returns'
import { formatPhone } from '@soko/domain/phone'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { DisputeFacts, RETURN_TONES, ReturnPhotos } from '../../components/returns/return-facts.tsx'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { FormMessage, SelectField, TextField } from '../../components/ui/form-field.tsx'
import { ListEmpty } from '../../components/ui/list.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
import { formatDateTime, formatKes } from '../../lib/format.ts'

type Outcome = 'refund-all' | 'refund-part' | 'reject'

/** Refund in full, refund a part (an amount up to what was asked), or reject; the note both sides read is required. */
function DecideForm({ row, onDecided }: { row: DisputeView; onDecided: (decided: DisputeView) => void }) {
  const [outcome, setOutcome] = useState<Outcome | ''>('')
  const [amount, setAmount] = useState('')
  const [note, setNote] = useState('')
  const [error, setError] = useState('')
  const decide = useAnnouncedWrite(
    (body: DecideDisputeBody) => call('POST /api/admin/disputes/:id/decide/', { params: { id: row.id }, body }),
    (decided) => `Dispute for order ${decided.orderNumber} decided: ${decided.stateLabel.toLowerCase()}.`,
  )
  const errors = fieldErrors(decide.error)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (decide.isPending) return
    if (outcome === '') return setError('Choose a decision')
    if (note.trim() === '') return setError('Write why: both the shopper and the shop read it')
    const kes = Number(amount)
    if (outcome === 'refund-part' && !(kes > 0 && kes <= row.amount)) {
      return setError(`Enter an amount from 1 to ${formatKes(row.amount)}`)
    }
    setError('')
    const body: DecideDisputeBody =
      outcome === 'reject'
        ? { outcome: 'reject', note: note.trim() }
        : { outcome: 'refund', note: note.trim(), ...(outcome === 'refund-part' ? { amount: kes } : {}) }
    decide.mutate(body, { onSuccess: onDecided })
  }
  return (
    <form
      className="admin__form"
      noValidate
      onSubmit={onSubmit}
      aria-label={`Decide the dispute for order ${row.orderNumber}`}
    >
      <SelectField
        label="Decision"
        name="outcome"
        value={outcome}
        onValueChange={(value) => setOutcome(value as Outcome | '')}
        required
      >
        <option value="">Choose a decision</option>
        <option value="refund-all">Refund in full ({formatKes(row.amount)})</option>
        <option value="refund-part">Refund in part</option>
        <option value="reject">Reject the return</option>
      </SelectField>
      {outcome === 'refund-part' && (
        <TextField
          label="Amount to refund (KSh)"
          name="amount"
          inputMode="decimal"
          value={amount}
          onValueChange={setAmount}
          error={errors.amount}
          hint={`At most ${formatKes(row.amount)}, what the shopper asked back.`}
          required
        />
      )}
      <TextField
        label="Why"
        name="note"
        maxLength={1000}
        value={note}
        onValueChange={setNote}
        error={errors.note}
        hint="Emailed to the shopper and to the shop."
        required
      />
      <FormMessage kind="error">
        {error ||
          (decide.isError && Object.keys(errors).length === 0
            ? failureText(decide.error, 'The decision was not saved.')
            : '')}
      </FormMessage>
      <SubmitButton isBusy={decide.isPending} busyLabel="Saving...">
        Save decision
      </SubmitButton>
    </form>
  )
}

function DisputeCard({ row: initial }: { row: DisputeView }) {
  const [row, setRow] = useState(initial)
  const titleId = `dispute-${row.id}`
  return (
    <li className="card admin__message" aria-labelledby={titleId}>
      <p className="admin__message-head" id={titleId}>
        <strong>
          Return for order <Link to={`/admin/orders/${row.orderId}`}>{row.orderNumber}</Link>
        </strong>{' '}
        from {row.shopName} <Tag tone={RETURN_TONES[row.state]}>{row.stateLabel}</Tag>
      </p>
      <p className="admin__message-body">
        Shopper: {row.shopper.name} (<a href={`mailto:${row.shopper.email}`}>{row.shopper.email}</a>,{' '}
        {formatPhone(row.shopper.phone)}) · Requested{' '}
        <time dateTime={row.requestedAt}>{formatDateTime(row.requestedAt)}</time> · Asked back {formatKes(row.amount)}
      </p>
      <ul aria-label={`Items of the return for order ${row.orderNumber}`}>
        {row.lines.map((line) => (
          <li key={line.itemId}>
            {line.quantity} × {line.name}: {line.reasonLabel}
            {line.note ? ` (“${line.note}”)` : ''}
          </li>
        ))}
      </ul>
      <ReturnPhotos row={row} />
      <DisputeFacts row={row} />
      {row.state === 'disputed' && <DecideForm row={row} onDecided={setRow} />}
    </li>
  )
}

/** The dispute desk: returns a shop refused or left unanswered, undecided first, each with both sides and photos. */
export function DisputesScreen({ disputes }: { disputes: DisputeView[] }) {
  const waiting = disputes.filter((row) => row.state === 'disputed').length
  return (
    <section className="admin__messages" aria-labelledby="disputes-title">
      <h2 id="disputes-title">Disputes ({waiting} waiting)</h2>
      <p>
        A return comes here when its shop refuses it or does not answer in time. Refund it in full or in part, or reject
        it: the shopper and the shop are emailed your decision and why.
      </p>
      {disputes.length === 0 ? (
        <ListEmpty>No disputes.</ListEmpty>
      ) : (
        <ul className="admin__message-list">
          {disputes.map((row) => (
            <DisputeCard key={row.id} row={row} />
          ))}
        </ul>
      )}
    </section>
  )
}
