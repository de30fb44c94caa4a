import { MpesaNumberSchema, type PaymentMethod } from '@soko/contract/user'
import { type FormEvent, useState } from 'react'
import { FormMessage, TextField } from '../../components/ui/form-field.tsx'
import { api } from '../../lib/api-client.ts'
import { accountKeys, useAccountWrite, usePaymentMethods } from './account-data.ts'
import { PanelEmpty, PanelError, PanelLoading, writeFailure } from './panel-states.tsx'

/** The number as the shopper should see it: M-Pesa as the API masks it, a card by its last four digits. */
export function maskedNumber(method: PaymentMethod): string {
  return method.type === 'M-PESA' ? method.last4 : `•••• •••• •••• ${method.last4}`
}

function AddMpesaForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [phone, setPhone] = useState('')
  const [name, setName] = useState('')
  const [error, setError] = useState('')
  const add = useAccountWrite(accountKeys.paymentMethods, (body: { type: 'M-PESA'; phone: string; name?: string }) =>
    api<PaymentMethod>('/api/user/payment-methods', { method: 'POST', body }),
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
    <form className="account__form account__card" noValidate onSubmit={onSubmit} aria-labelledby="add-mpesa-title">
      <h3 id="add-mpesa-title">Add M-Pesa Number</h3>
      {add.isError && (
        <FormMessage kind="error">
          {writeFailure(add.error, 'Failed to add the M-Pesa number. Please try again.')}
        </FormMessage>
      )}
      <TextField
        label="M-Pesa Number"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="07xx xxx xxx"
        value={phone}
        onValueChange={setPhone}
        error={error}
      />
      <TextField
        label="Account holder (optional)"
        name="name"
        autoComplete="name"
        value={name}
        onValueChange={setName}
        hint="Defaults to your name"
      />
      <div className="account__actions">
        <button type="submit" className="button" disabled={add.isPending} aria-busy={add.isPending}>
          Save M-Pesa Number
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
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
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null)
  const remove = useAccountWrite(accountKeys.paymentMethods, (id: number) =>
    api<unknown>(`/api/user/payment-methods/${id}`, { method: 'DELETE' }),
  )
  const makeDefault = useAccountWrite(accountKeys.paymentMethods, (id: number) =>
    api<unknown>(`/api/user/payment-methods/${id}/default`, { method: 'POST' }),
  )
  const act = (action: typeof remove, id: number, done: string, failed: string) => {
    setNotice(null)
    action.mutate(id, {
      onSuccess: () => setNotice({ kind: 'success', text: done }),
      onError: (error) => setNotice({ kind: 'error', text: writeFailure(error, failed) }),
    })
  }

  return (
    <section className="account__panel" aria-labelledby="payment-title">
      <div className="account__panel-header">
        <h2 id="payment-title">Payment Methods</h2>
        {!isAdding && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setNotice(null)
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
      {notice && <FormMessage kind={notice.kind}>{notice.text}</FormMessage>}
      {isAdding && (
        <AddMpesaForm
          onDone={() => {
            setAdding(false)
            setNotice({ kind: 'success', text: 'M-Pesa number added.' })
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      {methods.isPending ? (
        <PanelLoading />
      ) : methods.isError ? (
        <PanelError message="Failed to fetch payment methods" />
      ) : methods.data.length === 0 ? (
        <PanelEmpty>No payment methods found</PanelEmpty>
      ) : (
        <ul className="account__cards account__cards--grid">
          {methods.data.map((method) => {
            const title = method.type === 'M-PESA' ? 'M-PESA' : method.brand || 'Card'
            return (
              <li key={method.id} className="account__card" aria-label={`${title} ${maskedNumber(method)}`}>
                <div className="account__card-header">
                  <h3>{title}</h3>
                  {method.isDefault && <span className="tag tag--default">Default</span>}
                </div>
                <p className="account__number">{maskedNumber(method)}</p>
                {method.expiry && <p className="account__muted">Expires {method.expiry}</p>}
                <p className="account__muted">{method.name}</p>
                <div className="account__actions">
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={remove.isPending}
                    onClick={() => act(remove, method.id, 'Payment method removed.', 'Failed to remove it.')}
                  >
                    Remove
                  </button>
                  {!method.isDefault && (
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={makeDefault.isPending}
                      onClick={() =>
                        act(makeDefault, method.id, 'Default payment method changed.', 'Failed to change the default.')
                      }
                    >
                      Set as Default
                    </button>
                  )}
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
