import type { UseQueryResult } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { FormMessage } from '../../components/ui/form-field.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { useAccountWrite } from './account-data.ts'
import { PanelEmpty, PanelError, PanelLoading, writeFailure } from './panel-states.tsx'

// What the addresses and payment methods panels share: a list of saved entries, one of them the default, each
// removed or made the default, and a message above the list saying how the last change went.

export type Notice = { kind: 'error' | 'success'; text: string } | null

export interface EntryMessages {
  removed: string
  removeFailed: string
  defaultChanged: string
  defaultFailed: string
}

/** The calls that remove an entry and make one the default. */
export interface EntryCalls {
  remove(id: number): Promise<unknown>
  makeDefault(id: number): Promise<unknown>
}

/** Remove and Set as Default for the entries of the list at `key`, through `calls`, and the panel's notice. */
export function useSavedEntries(key: readonly string[], calls: EntryCalls, messages: EntryMessages) {
  const [notice, setNotice] = useState<Notice>(null)
  const remove = useAccountWrite(key, calls.remove)
  const makeDefault = useAccountWrite(key, calls.makeDefault)
  const act = (action: typeof remove, id: number, done: string, failed: string) => {
    setNotice(null)
    action.mutate(id, {
      onSuccess: () => setNotice({ kind: 'success', text: done }),
      onError: (error) => setNotice({ kind: 'error', text: writeFailure(error, failed) }),
    })
  }
  return {
    notice,
    setNotice,
    remove: (id: number) => act(remove, id, messages.removed, messages.removeFailed),
    makeDefault: (id: number) => act(makeDefault, id, messages.defaultChanged, messages.defaultFailed),
    isRemoving: remove.isPending,
    isMakingDefault: makeDefault.isPending,
  }
}

export function NoticeMessage({ notice }: { notice: Notice }) {
  return notice && <FormMessage kind={notice.kind}>{notice.text}</FormMessage>
}

/** The saved entries as cards, or the panel's 'Loading...', 'Error: ...' or empty line. */
export function EntryList<T extends { id: number }>({
  query,
  loadFailed,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>
  loadFailed: string
  empty: string
  children: (entry: T) => ReactNode
}) {
  if (query.isPending) return <PanelLoading />
  if (query.isError) return <PanelError message={loadFailed} />
  if (query.data.length === 0) return <PanelEmpty>{empty}</PanelEmpty>
  return <ul className="account__cards account__cards--grid">{query.data.map(children)}</ul>
}

/** One saved entry: its title ('Default' beside it when it is), what it holds, then Remove and Set as Default. */
export function EntryCard({
  id,
  label,
  title,
  isDefault,
  entries,
  before,
  children,
}: {
  id: number
  /** The card's name for screen readers ('Home address'). */
  label: string
  title: string
  isDefault: boolean
  entries: ReturnType<typeof useSavedEntries>
  /** Actions before Remove (Edit). */
  before?: ReactNode
  children: ReactNode
}) {
  return (
    <li className="card account__card" aria-label={label}>
      <div className="account__card-header">
        <h3>{title}</h3>
        {isDefault && <Tag tone="good">Default</Tag>}
      </div>
      {children}
      <div className="account__actions">
        {before}
        <button
          type="button"
          className="button button--ghost"
          disabled={entries.isRemoving}
          onClick={() => entries.remove(id)}
        >
          Remove
        </button>
        {!isDefault && (
          <button
            type="button"
            className="button button--ghost"
            disabled={entries.isMakingDefault}
            onClick={() => entries.makeDefault(id)}
          >
            Set as Default
          </button>
        )}
      </div>
    </li>
  )
}
