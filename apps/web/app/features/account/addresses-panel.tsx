import type { Address } from '@soko/contract/user'
import { formatKenyanMobile } from '@soko/domain/phone'
import { useState } from 'react'
import { FormMessage } from '../../components/ui/form-field.tsx'
import { api } from '../../lib/api-client.ts'
import { fieldErrors } from '../../lib/write-errors.ts'
import { accountKeys, useAccountWrite, useAddresses } from './account-data.ts'
import { AddressForm, type AddressValues, addressValues, emptyAddress } from './address-form.tsx'
import { PanelEmpty, PanelError, PanelLoading, writeFailure } from './panel-states.tsx'

type Editing = { mode: 'new' } | { mode: 'edit'; address: Address } | null

/** Addresses (specification section 2), with adding, editing, removing and choosing the default (DESIGN S4). */
export function AddressesPanel() {
  const addresses = useAddresses()
  const [editing, setEditing] = useState<Editing>(null)
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null)
  const save = useAccountWrite(accountKeys.addresses, ({ id, body }: { id?: number; body: AddressValues }) =>
    api<Address>(id ? `/api/user/addresses/${id}` : '/api/user/addresses', { method: id ? 'PUT' : 'POST', body }),
  )
  const remove = useAccountWrite(accountKeys.addresses, (id: number) =>
    api<unknown>(`/api/user/addresses/${id}`, { method: 'DELETE' }),
  )
  const makeDefault = useAccountWrite(accountKeys.addresses, (id: number) =>
    api<unknown>(`/api/user/addresses/${id}/default`, { method: 'POST' }),
  )

  const open = (next: Editing) => {
    save.reset()
    setNotice(null)
    setEditing(next)
  }

  const onSave = (body: AddressValues) => {
    const id = editing?.mode === 'edit' ? editing.address.id : undefined
    save.mutate(
      { id, body },
      {
        onSuccess: () => {
          setEditing(null)
          setNotice({ kind: 'success', text: id ? 'Address updated.' : 'Address added.' })
        },
      },
    )
  }

  const act = (action: typeof remove, id: number, done: string, failed: string) => {
    setNotice(null)
    action.mutate(id, {
      onSuccess: () => setNotice({ kind: 'success', text: done }),
      onError: (error) => setNotice({ kind: 'error', text: writeFailure(error, failed) }),
    })
  }

  return (
    <section className="account__panel" aria-labelledby="addresses-title">
      <div className="account__panel-header">
        <h2 id="addresses-title">Addresses</h2>
        {editing === null && (
          <button type="button" className="button" onClick={() => open({ mode: 'new' })}>
            Add New Address
          </button>
        )}
      </div>
      {notice && <FormMessage kind={notice.kind}>{notice.text}</FormMessage>}
      {editing && (
        <AddressForm
          key={editing.mode === 'edit' ? editing.address.id : 'new'}
          title={editing.mode === 'edit' ? 'Edit Address' : 'New Address'}
          initial={editing.mode === 'edit' ? addressValues(editing.address) : emptyAddress()}
          isSaving={save.isPending}
          failure={save.isError ? writeFailure(save.error, 'Failed to save the address. Please try again.') : ''}
          serverErrors={fieldErrors(save.error)}
          onSave={onSave}
          onCancel={() => setEditing(null)}
        />
      )}
      {addresses.isPending ? (
        <PanelLoading />
      ) : addresses.isError ? (
        <PanelError message="Failed to fetch addresses" />
      ) : addresses.data.length === 0 ? (
        <PanelEmpty>No addresses found</PanelEmpty>
      ) : (
        <ul className="account__cards account__cards--grid">
          {addresses.data.map((address) => (
            <li key={address.id} className="account__card" aria-label={`${address.label} address`}>
              <div className="account__card-header">
                <h3>{address.label}</h3>
                {address.isDefault && <span className="tag tag--default">Default</span>}
              </div>
              <address className="account__address">
                <span>{`${address.firstName} ${address.lastName}`.trim()}</span>
                <span>{address.line1}</span>
                {address.line2 && <span>{address.line2}</span>}
                <span>
                  {address.city}, {address.county}
                  {address.postalCode && ` ${address.postalCode}`}
                </span>
                <span>{address.country}</span>
                <span>{formatKenyanMobile(address.phone)}</span>
              </address>
              <div className="account__actions">
                <button type="button" className="button button--ghost" onClick={() => open({ mode: 'edit', address })}>
                  Edit
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={remove.isPending}
                  onClick={() => act(remove, address.id, 'Address removed.', 'Failed to remove the address.')}
                >
                  Remove
                </button>
                {!address.isDefault && (
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={makeDefault.isPending}
                    onClick={() =>
                      act(makeDefault, address.id, 'Default address changed.', 'Failed to change the default address.')
                    }
                  >
                    Set as Default
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
