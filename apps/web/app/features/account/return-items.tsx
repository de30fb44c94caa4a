import type { OrderReturns, ReturnView } from '@soko/contract/returns'
import { MAX_RETURN_PHOTOS, OPEN_RETURN_STATES, RETURN_REASONS, type ReturnReason } from '@soko/domain/return-states'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ChangeEvent, type FormEvent, useId, useState } from 'react'
import { Link } from 'react-router'
import { DisputeFacts, RETURN_TONES, ReturnPhotos } from '../../components/returns/return-facts.tsx'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { FormMessage, SelectField, TextField } from '../../components/ui/form-field.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { serverReason } from '../../lib/form-errors.ts'
import { formatDate, formatDateTime, formatKes } from '../../lib/format.ts'
import { addReturnPhotos, fetchReturns, openReturn, orderKeys } from '../../lib/orders.ts'

const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/heic,image/heif'

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
  const [photos, setPhotos] = useState<File[]>([])
  const [error, setError] = useState('')
  const [photoError, setPhotoError] = useState('')
  const send = useMutation({
    mutationFn: (lines: { itemId: number; quantity: number; reason: ReturnReason; note: string }[]) =>
      openReturn(orderNumber, token, { partId: part.partId, lines }),
    onSuccess: async (opened) => {
      setOpen(false)
      setChoices({})
      // The return is open whatever becomes of its photos; a refused photo is said, and can be sent again below.
      if (photos.length > 0) {
        await addReturnPhotos(orderNumber, token, opened.id, photos).catch((failure: unknown) =>
          setPhotoError(
            `Your return was requested, but the photos were not added: ${serverReason(failure) ?? 'please try again'}. You can add them to the return above.`,
          ),
        )
      }
      setPhotos([])
      void client.invalidateQueries({ queryKey: orderKeys.returns(orderNumber) })
    },
  })
  const choice = (itemId: number): LineChoice => choices[itemId] ?? { quantity: '0', reason: '', note: '' }
  const set = (itemId: number, change: Partial<LineChoice>) =>
    setChoices((all) => ({ ...all, [itemId]: { ...choice(itemId), ...change } }))

  if (!isOpen) {
    return (
      <>
        {photoError && <FormMessage kind="error">{photoError}</FormMessage>}
        <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
          Return items from {part.shopName}
        </button>
      </>
    )
  }

  const onPhotos = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? [])
    if (chosen.length > MAX_RETURN_PHOTOS) {
      setError(`Choose at most ${MAX_RETURN_PHOTOS} photos`)
      event.target.value = ''
      return
    }
    setError('')
    setPhotos(chosen)
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
      <div className="field">
        <label htmlFor={`${id}-photos`}>Photos (optional)</label>
        <input
          id={`${id}-photos`}
          type="file"
          accept={PHOTO_TYPES}
          multiple
          onChange={onPhotos}
          aria-describedby={`${id}-photos-hint`}
        />
        <p id={`${id}-photos-hint`} className="field__hint">
          Up to {MAX_RETURN_PHOTOS} photos of the items, 10 MB each: the seller and, in a dispute, Soko see them.
        </p>
      </div>
      <SubmitButton isBusy={send.isPending} busyLabel="Sending...">
        Request Return
      </SubmitButton>
    </form>
  )
}

/** Photos added to a return already open: chosen, then sent at once. */
function AddPhotos({ row, orderNumber, token }: { row: ReturnView; orderNumber: string; token: string | null }) {
  const id = useId()
  const client = useQueryClient()
  const room = MAX_RETURN_PHOTOS - row.photos.length
  const upload = useMutation({
    mutationFn: (files: File[]) => addReturnPhotos(orderNumber, token, row.id, files),
    onSuccess: () => void client.invalidateQueries({ queryKey: orderKeys.returns(orderNumber) }),
  })
  if (room <= 0 || !OPEN_RETURN_STATES.includes(row.state)) return null
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? [])
    event.target.value = ''
    if (files.length > 0) upload.mutate(files)
  }
  return (
    <div className="field">
      <label htmlFor={`${id}-add`}>Add photos ({room} more allowed)</label>
      <input
        id={`${id}-add`}
        type="file"
        accept={PHOTO_TYPES}
        multiple
        disabled={upload.isPending}
        aria-busy={upload.isPending}
        onChange={onChange}
      />
      {upload.isPending && <p className="field__hint">Sending photos...</p>}
      {upload.isError && (
        <FormMessage kind="error">
          {serverReason(upload.error) ?? 'The photos were not added. Please try again.'}
        </FormMessage>
      )}
    </div>
  )
}

/** One return as its shopper follows it: its state, what goes back, photos, and the dispute desk's decision. */
function ReturnRow({ row, orderNumber, token }: { row: ReturnView; orderNumber: string; token: string | null }) {
  return (
    <li className="order-detail__item">
      <div className="order-detail__line">
        <span>
          {row.lines.map((line) => `${line.name} × ${line.quantity}`).join(', ')}
          <span className="account__muted"> · {row.shopName}</span>
        </span>
        <Tag tone={RETURN_TONES[row.state]}>{row.stateLabel}</Tag>
      </div>
      <p className="account__muted">
        Requested {formatDate(row.requestedAt)} ·{' '}
        {row.refunded !== null ? `Refunded ${formatKes(row.refunded)}` : `Refund ${formatKes(row.amount)}`}
        {row.methodLabel ? ` · ${row.methodLabel}` : ''}
      </p>
      {row.answerBy && (
        <p className="account__muted">
          The shop answers by <time dateTime={row.answerBy}>{formatDateTime(row.answerBy)}</time>; if it does not, the
          Soko dispute desk decides.
        </p>
      )}
      {row.state === 'disputed' && (
        <p className="account__muted">An admin at Soko is looking at both sides and will email you the decision.</p>
      )}
      <ReturnPhotos row={row} />
      <DisputeFacts row={row} />
      <AddPhotos row={row} orderNumber={orderNumber} token={token} />
    </li>
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
            <ReturnRow key={row.id} row={row} orderNumber={orderNumber} token={token} />
          ))}
        </ul>
      )}
      {data.returnable.map((part) => (
        <ReturnForm key={part.partId} orderNumber={orderNumber} token={token} part={part} />
      ))}
    </section>
  )
}
