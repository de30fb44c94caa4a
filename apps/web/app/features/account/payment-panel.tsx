import { MpesaNumberSchema, type PaymentMethod } from '@soko/contract/user'
import { type FormEvent, useState } from 'react'
import { FormActions } from '../../components/ui/form-actions.tsx'
import { FormMessage, PhoneField, TextField } from '../../components/ui/form-field.tsx'
import { call } from '../../lib/api-client.ts'
import { accountKeys, useAccountWrite, usePaymentMethods } from './account-data.ts'
import { writeFailure } from './panel-states.tsx'
import { type EntryCalls, EntryCard, EntryList, NoticeMessage, useSavedEntries } from './saved-entries.tsx'

const PAYMENT_METHOD_CALLS: EntryCalls = {
  remove: (id) => call('DELETE /api/user/payment-methods/:id', { params: { id } }),
  makeDefault: (id) => call('POST /api/user/payment-methods/:id/default', { params: { id } }),
}

/** The number as the shopper should see it: M-Pesa as the API masks it, a card by its last four digits. */
export function maskedNumber(method: PaymentMethod): string {
  return method.type === 'M-PESA' ? method.last4 : `•••• •••• •••• ${method.last4}`
}

function AddMpesaForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [phone, setPhone] = useState('')
  const [name, setName] = useState('')
  const [error, setError] = useState('')
  const add = useAccountWrite(accountKeys.paymentMethods, (body: { type: 'M-PESA'; phone: string; name?: string }) =>
    call('POST /api/user/payment-methods', { body }),
  )
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (add.isPending) return
    const parsed = MpesaNumberSchema.safeParse(phone)
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a Safaricom number, e.g. 0712 345 678')
      return
    }
    setError('')
    add.mutate({ type: 'M-PESA', phone, ...(name.trim() ? { name } : {}) }, { onSuccess: onDone })
  }
  return (
    <form className="card account__form account__card" noValidate onSubmit={onSubmit} aria-labelledby="add-mpesa-title">
      <h3 id="add-mpesa-title">Add M-Pesa Number</h3>
      {add.isError && (
        <FormMessage kind="error">
          {writeFailure(add.error, 'Failed to add the M-Pesa number. Please try again.')}
        </FormMessage>
      )}
      <PhoneField label="M-Pesa Number" name="phone" value={phone} onValueChange={setPhone} error={error} />
      <TextField
        label="Account holder (optional)"
        name="name"
        autoComplete="name"
        value={name}
        onValueChange={setName}
        hint="Defaults to your name"
      />
      <FormActions
        className="account__actions"
        submitLabel="Save M-Pesa Number"
        isBusy={add.isPending}
        onCancel={onCancel}
      />
    </form>
  )
}

/**
 * Payment methods (specification section 2): M-Pesa numbers and saved cards, masked; add an M-Pesa number, remove,
 * choose the default. Cards are saved with the payment provider at checkout: their numbers never reach Soko.
 */
export function PaymentPanel() {
  const methods = usePaymentMethods()
  const [isAdding, setAdding] = useState(false)
  const entries = useSavedEntries(accountKeys.paymentMethods, PAYMENT_METHOD_CALLS, {
    removed: 'Payment method removed.',
    removeFailed: 'Failed to remove it.',
    defaultChanged: 'Default payment method changed.',
    defaultFailed: 'Failed to change the default.',
  })

  return (
    <section className="card account__panel" aria-labelledby="payment-title">
      <div className="account__panel-header">
        <h2 id="payment-title">Payment Methods</h2>
        {!isAdding && (
          <button
            type="button"
            className="button"
            onClick={() => {
              entries.setNotice(null)
              setAdding(true)
            }}
          >
            Add M-Pesa Number
          </button>
        )}
      </div>
      <p className="account__muted">
        Cards are saved securely with our payment provider when you pay with one at checkout.
      </p>
      <NoticeMessage notice={entries.notice} />
      {isAdding && (
        <AddMpesaForm
          onDone={() => {
            setAdding(false)
            entries.setNotice({ kind: 'success', text: 'M-Pesa number added.' })
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      <EntryList query={methods} loadFailed="Failed to fetch payment methods" empty="No payment methods found">
        {(method) => {
          const title = method.type === 'M-PESA' ? 'M-PESA' : method.brand || 'Card'
          return (
            <EntryCard
              key={method.id}
              id={method.id}
              label={`${title} ${maskedNumber(method)}`}
              title={title}
              isDefault={method.isDefault}
              entries={entries}
            >
              <p className="account__number">{maskedNumber(method)}</p>
              {method.expiry && <p className="account__muted">Expires {method.expiry}</p>}
              <p className="account__muted">{method.name}</p>
            </EntryCard>
          )
        }}
      </EntryList>
    </section>
  )
}
