import type { Address } from '@soko/contract/user'
import { formatKenyanMobile } from '@soko/domain/phone'
import { useState } from 'react'
import { call } from '../../lib/api-client.ts'
import { fieldErrors } from '../../lib/form-errors.ts'
import { accountKeys, useAccountWrite, useAddresses } from './account-data.ts'
import { AddressForm, type AddressValues, addressValues, emptyAddress } from './address-form.tsx'
import { writeFailure } from './panel-states.tsx'
import { type EntryCalls, EntryCard, EntryList, NoticeMessage, useSavedEntries } from './saved-entries.tsx'

type Editing = { mode: 'new' } | { mode: 'edit'; address: Address } | null

const ADDRESS_CALLS: EntryCalls = {
  remove: (id) => call('DELETE /api/user/addresses/:id', { params: { id } }),
  makeDefault: (id) => call('POST /api/user/addresses/:id/default', { params: { id } }),
}

/** Addresses (specification section 2), with adding, editing, removing and choosing the default (DESIGN S4). */
export function AddressesPanel() {
  const addresses = useAddresses()
  const [editing, setEditing] = useState<Editing>(null)
  const save = useAccountWrite(accountKeys.addresses, ({ id, body }: { id?: number; body: AddressValues }) =>
    id ? call('PUT /api/user/addresses/:id', { params: { id }, body }) : call('POST /api/user/addresses', { body }),
  )
  const entries = useSavedEntries(accountKeys.addresses, ADDRESS_CALLS, {
    removed: 'Address removed.',
    removeFailed: 'Failed to remove the address.',
    defaultChanged: 'Default address changed.',
    defaultFailed: 'Failed to change the default address.',
  })

  const open = (next: Editing) => {
    save.reset()
    entries.setNotice(null)
    setEditing(next)
  }

  const onSave = (body: AddressValues) => {
    const id = editing?.mode === 'edit' ? editing.address.id : undefined
    save.mutate(
      { id, body },
      {
        onSuccess: () => {
          setEditing(null)
          entries.setNotice({ kind: 'success', text: id ? 'Address updated.' : 'Address added.' })
        },
      },
    )
  }

  return (
    <section className="card account__panel" aria-labelledby="addresses-title">
      <div className="account__panel-header">
        <h2 id="addresses-title">Addresses</h2>
        {editing === null && (
          <button type="button" className="button" onClick={() => open({ mode: 'new' })}>
            Add New Address
          </button>
        )}
      </div>
      <NoticeMessage notice={entries.notice} />
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
      <EntryList query={addresses} loadFailed="Failed to fetch addresses" empty="No addresses found">
        {(address) => (
          <EntryCard
            key={address.id}
            id={address.id}
            label={`${address.label} address`}
            title={address.label}
            isDefault={address.isDefault}
            entries={entries}
            before={
              <button type="button" className="button button--ghost" onClick={() => open({ mode: 'edit', address })}>
                Edit
              </button>
            }
          >
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
          </EntryCard>
        )}
      </EntryList>
    </section>
  )
}
