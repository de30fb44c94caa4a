import type { OrderReturns } from '@soko/contract/returns'
import { RETURN_REASONS, type ReturnReason } from '@soko/domain/return-states'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { Link } from 'react-router'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { FormMessage, SelectField, TextField } from '../../components/ui/form-field.tsx'
import { serverReason } from '../../lib/form-errors.ts'
import { formatDate, formatKes } from '../../lib/format.ts'
import { fetchReturns, openReturn, orderKeys } from '../../lib/orders.ts'

type Part = OrderReturns['returnable'][number]

interface LineChoice {
  quantity: string
  reason: ReturnReason | ''
  note: string
}

/** 'Return items' for one delivered part: how many of each line, why, and a note when the reason is "other". */
function ReturnForm({ orderNumber, token, part }: { orderNumber: string; token: string | null; part: Part }) {
  const id = useId()
  const client = useQueryClient()
  const [isOpen, setOpen] = useState(false)
  const [choices, setChoices] = useState<Record<number, LineChoice>>({})
  const [error, setError] = useState('')
  const send = useMutation({
    mutationFn: (lines: { itemId: number; quantity: number; reason: ReturnReason; note: string }[]) =>
      openReturn(orderNumber, token, { partId: part.partId, lines }),
    onSuccess: () => {
      setOpen(false)
      setChoices({})
      void client.invalidateQueries({ queryKey: orderKeys.returns(orderNumber) })
    },
  })
  const choice = (itemId: number): LineChoice => choices[itemId] ?? { quantity: '0', reason: '', note: '' }
  const set = (itemId: number, change: Partial<LineChoice>) =>
    setChoices((all) => ({ ...all, [itemId]: { ...choice(itemId), ...change } }))

  if (!isOpen) {
    return (
      <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
        Return items from {part.shopName}
      </button>
    )
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (send.isPending) return
    const lines = part.items.flatMap((item) => {
      const chosen = choice(item.itemId)
      const quantity = Number(chosen.quantity)
      return quantity > 0 ? [{ itemId: item.itemId, quantity, reason: chosen.reason, note: chosen.note.trim() }] : []
    })
    if (lines.length === 0) return setError('Choose at least one item to return')
    if (lines.some((line) => line.reason === '')) return setError('Choose why each item goes back')
    if (lines.some((line) => line.reason === 'other' && line.note === '')) {
      return setError('Tell the seller what is wrong')
    }
    setError('')
    send.mutate(lines.flatMap((line) => (line.reason === '' ? [] : [{ ...line, reason: line.reason }])))
  }

  return (
    <form className="return-form" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Return items from {part.shopName}</h4>
      <p className="account__muted">You can return items until {formatDate(part.windowEndsAt)}.</p>
      {(error || send.isError) && (
        <FormMessage kind="error">
          {error || (serverReason(send.error) ?? 'We could not open your return. Please try again.')}
        </FormMessage>
      )}
      {part.items.map((item) => (
        <fieldset key={item.itemId} className="return-form__line">
          <legend>{item.name}</legend>
          <SelectField
            label="Quantity to return"
            name={`${id}-quantity-${item.itemId}`}
            value={choice(item.itemId).quantity}
            onValueChange={(quantity) => set(item.itemId, { quantity })}
            disabled={item.returnable === 0}
          >
            {Array.from({ length: item.returnable + 1 }, (_, count) => String(count)).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Reason"
            name={`${id}-reason-${item.itemId}`}
            value={choice(item.itemId).reason}
            onValueChange={(reason) => set(item.itemId, { reason: reason as ReturnReason | '' })}
            disabled={item.returnable === 0}
          >
            <option value="">Choose a reason</option>
            {RETURN_REASONS.map((reason) => (
              <option key={reason.id} value={reason.id}>
                {reason.label}
              </option>
            ))}
          </SelectField>
          {choice(item.itemId).reason === 'other' && (
            <TextField
              label="What is wrong?"
              name={`${id}-note-${item.itemId}`}
              maxLength={500}
              value={choice(item.itemId).note}
              onValueChange={(note) => set(item.itemId, { note })}
            />
          )}
        </fieldset>
      ))}
      <SubmitButton isBusy={send.isPending} busyLabel="Sending...">
        Request Return
      </SubmitButton>
    </form>
  )
}

/** The order's returns with their status, and 'Return items' for each delivered part still in its window. */
export function ReturnItems({ orderNumber, token }: { orderNumber: string; token: string | null }) {
  const returns = useQuery({
    queryKey: orderKeys.returns(orderNumber),
    queryFn: () => fetchReturns(orderNumber, token),
  })
  const data = returns.data
  if (!data || (data.returns.length === 0 && data.returnable.length === 0)) return null
  return (
    <section className="card account__panel" aria-labelledby="order-returns-title">
      <h2 id="order-returns-title">Returns</h2>
      <p className="account__muted">
        <Link to="/returns">How returns work</Link>
      </p>
      {data.returns.length > 0 && (
        <ul className="order-detail__items">
          {data.returns.map((row) => (
            <li key={row.id} className="order-detail__item">
              <div className="order-detail__line">
                <span>
                  {row.lines.map((line) => `${line.name} × ${line.quantity}`).join(', ')}
                  <span className="account__muted"> · {row.shopName}</span>
                </span>
                <strong>{row.stateLabel}</strong>
              </div>
              <p className="account__muted">
                Requested {formatDate(row.requestedAt)} · Refund {formatKes(row.amount)}
                {row.methodLabel ? ` · ${row.methodLabel}` : ''}
                {row.refusalReason ? ` · Reason: ${row.refusalReason}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
      {data.returnable.map((part) => (
        <ReturnForm key={part.partId} orderNumber={orderNumber} token={token} part={part} />
      ))}
    </section>
  )
}
