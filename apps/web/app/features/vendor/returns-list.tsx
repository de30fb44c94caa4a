import type { AcceptReturnBody, RefuseReturnBody, ReturnView } from '@soko/contract/returns'
import { RETURN_METHODS, type ReturnMethod } from '@soko/domain/return-states'
import { type FormEvent, useState } from 'react'
import { DisputeFacts, RETURN_TONES, ReturnPhotos } from '../../components/returns/return-facts.tsx'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { FormActions } from '../../components/ui/form-actions.tsx'
import { FormMessage, SelectField, TextField } from '../../components/ui/form-field.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
import { formatDateTime, formatKes } from '../../lib/format.ts'

/** Accept (choosing drop-off or pickup) or refuse (with the reason the shopper reads). */
function AnswerForm({ row, answer, onClose }: { row: ReturnView; answer: 'accept' | 'refuse'; onClose: () => void }) {
  const [method, setMethod] = useState('')
  const [reason, setReason] = useState('')
  const write = useAnnouncedWrite(
    (body: AcceptReturnBody | RefuseReturnBody) =>
      'method' in body
        ? call('POST /api/vendor/returns/:id/accept/', { params: { id: row.id }, body })
        : call('POST /api/vendor/returns/:id/refuse/', { params: { id: row.id }, body }),
    () =>
      answer === 'accept'
        ? `Return for order ${row.orderNumber} accepted. The customer has been emailed.`
        : `Return for order ${row.orderNumber} refused: it goes to the Soko dispute desk. The customer has been emailed.`,
  )
  const errors = fieldErrors(write.error)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (write.isPending) return
    const body = answer === 'accept' ? { method: method as ReturnMethod } : { reason: reason.trim() }
    write.mutate(body, { onSuccess: onClose })
  }
  return (
    <form
      className="vendor-ship"
      noValidate
      onSubmit={onSubmit}
      aria-label={`${answer === 'accept' ? 'Accept' : 'Refuse'} the return for order ${row.orderNumber}`}
    >
      {answer === 'accept' ? (
        <SelectField
          label="How it comes back"
          name="method"
          value={method}
          onValueChange={setMethod}
          error={errors.method}
          required
          autoFocus
        >
          <option value="">Choose drop-off or pickup</option>
          {RETURN_METHODS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </SelectField>
      ) : (
        <TextField
          label="Reason for refusing"
          name="reason"
          maxLength={500}
          value={reason}
          onValueChange={setReason}
          error={errors.reason}
          hint="The customer and the Soko dispute desk read this: an admin decides whether the customer is refunded."
          required
          autoFocus
        />
      )}
      <FormMessage kind="error">
        {write.isError && Object.keys(errors).length === 0 ? failureText(write.error, 'The return was not saved.') : ''}
      </FormMessage>
      <FormActions
        className="vendor-form__actions"
        submitLabel={answer === 'accept' ? 'Accept return' : 'Refuse return'}
        busyLabel="Saving..."
        isBusy={write.isPending}
        isCancelLocked
        onCancel={onClose}
      />
    </form>
  )
}

function ReturnCard({ row }: { row: ReturnView }) {
  const [answer, setAnswer] = useState<'accept' | 'refuse' | null>(null)
  const received = useAnnouncedWrite(
    () => call('POST /api/vendor/returns/:id/received/', { params: { id: row.id } }),
    () => `Return for order ${row.orderNumber} received; the refund is recorded.`,
  )
  const titleId = `vendor-return-${row.id}`
  return (
    <li className="card vendor-card vendor-order" aria-labelledby={titleId}>
      <div className="vendor-order__header">
        <h3 id={titleId}>Return for order {row.orderNumber}</h3>
        <Tag tone={RETURN_TONES[row.state]}>{row.stateLabel}</Tag>
      </div>
      <p className="vendor-muted">
        Requested <time dateTime={row.requestedAt}>{formatDateTime(row.requestedAt)}</time>
        {row.methodLabel ? ` · ${row.methodLabel}` : ''}
      </p>
      {row.answerBy && (
        <p className="vendor-muted">
          Answer by <time dateTime={row.answerBy}>{formatDateTime(row.answerBy)}</time>: after that it goes to the Soko
          dispute desk.
        </p>
      )}
      <ul className="vendor-order__items" aria-label={`Items returned from order ${row.orderNumber}`}>
        {row.lines.map((line) => (
          <li key={line.itemId}>
            <span>
              {line.quantity} × {line.name}
            </span>
            <span>
              {line.reasonLabel}
              {line.note ? `: ${line.note}` : ''}
            </span>
          </li>
        ))}
      </ul>
      <ReturnPhotos row={row} />
      <DisputeFacts row={row} />
      <p className="vendor-order__total">
        Refund: <strong>{formatKes(row.refunded ?? row.amount)}</strong>
      </p>
      {row.state === 'requested' &&
        (answer ? (
          <AnswerForm row={row} answer={answer} onClose={() => setAnswer(null)} />
        ) : (
          <div className="vendor-form__actions">
            <button type="button" className="button" onClick={() => setAnswer('accept')}>
              Accept
            </button>
            <button type="button" className="button button--ghost" onClick={() => setAnswer('refuse')}>
              Refuse
            </button>
          </div>
        ))}
      {row.state === 'accepted' && (
        <div className="vendor-form__actions">
          <button
            type="button"
            className="button"
            disabled={received.isPending}
            aria-busy={received.isPending}
            onClick={() => received.mutate(undefined)}
          >
            {received.isPending ? 'Saving...' : 'Item received'}
          </button>
        </div>
      )}
      <FormMessage kind="error">
        {received.isError ? failureText(received.error, 'The return could not be marked received.') : ''}
      </FormMessage>
    </li>
  )
}

/** The shop's returns, newest first: accept or refuse the requested ones, confirm the accepted ones came back. */
export function ReturnsList({ returns }: { returns: ReturnView[] }) {
  if (returns.length === 0) return null
  const waiting = returns.filter((row) => row.state === 'requested').length
  return (
    <section aria-labelledby="returns-title">
      <h2 id="returns-title">Returns</h2>
      <p className="vendor-muted">
        {returns.length} return{returns.length === 1 ? '' : 's'}, {waiting} waiting for your answer.
      </p>
      <ul className="vendor-orders">
        {returns.map((row) => (
          <ReturnCard key={row.id} row={row} />
        ))}
      </ul>
    </section>
  )
}
