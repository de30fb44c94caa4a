import type { SessionInfo } from '@soko/contract/auth'
import { type ReactNode, useState } from 'react'
import { Tag } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { accountKeys, useAccountWrite, useSessions } from './account-data.ts'
import { PanelError, PanelLoading, writeFailure } from './panel-states.tsx'
import { type Notice, NoticeMessage } from './saved-entries.tsx'

/** 'Chrome on Android' from a user agent: enough to recognise one's own devices. */
export function describeDevice(userAgent: string): string {
  if (!userAgent) return 'Unknown device'
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'A browser'
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'an unknown system'
  return `${browser} on ${system}`
}

const lastSeen = new Intl.DateTimeFormat('en-KE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Nairobi',
})

function SessionRow({ session, onSignOut, isBusy }: { session: SessionInfo; onSignOut: () => void; isBusy: boolean }) {
  const device = describeDevice(session.userAgent)
  return (
    <li
      className="card account__card account__session"
      aria-label={session.current ? `${device} (this device)` : device}
    >
      <div>
        <p className="account__session-device">
          {device}
          {session.current && <Tag tone="good">This device</Tag>}
        </p>
        <p className="account__muted">
          IP {session.ip || 'unknown'} · Last seen {lastSeen.format(new Date(session.lastSeenAt))}
        </p>
      </div>
      {!session.current && (
        <button type="button" className="button button--ghost" disabled={isBusy} onClick={onSignOut}>
          Sign out
        </button>
      )}
    </li>
  )
}

/** Security: changing the password (composed by the route) and the account's active sessions. */
export function SecurityPanel({ changePassword }: { changePassword: ReactNode }) {
  const sessions = useSessions()
  const [notice, setNotice] = useState<Notice>(null)
  const revoke = useAccountWrite(accountKeys.sessions, (id: number) =>
    call('DELETE /api/auth/sessions/:id/', { params: { id } }),
  )
  const revokeOthers = useAccountWrite(accountKeys.sessions, () => call('POST /api/auth/sessions/revoke-others/'))
  const others = (sessions.data ?? []).filter((session) => !session.current)

  return (
    <div className="account__stack">
      <div className="card account__panel">{changePassword}</div>
      <section className="card account__panel" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Active Sessions</h2>
        <p className="account__muted">Devices signed in to your account. Sign out any you do not recognise.</p>
        <NoticeMessage notice={notice} />
        {sessions.isPending ? (
          <PanelLoading />
        ) : sessions.isError ? (
          <PanelError message="Failed to fetch sessions" />
        ) : (
          <>
            <ul className="account__cards">
              {sessions.data.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  isBusy={revoke.isPending}
                  onSignOut={() => {
                    setNotice(null)
                    revoke.mutate(session.id, {
                      onSuccess: () => setNotice({ kind: 'success', text: 'That device has been signed out.' }),
                      onError: (error) =>
                        setNotice({ kind: 'error', text: writeFailure(error, 'Failed to sign that device out.') }),
                    })
                  }}
                />
              ))}
            </ul>
            {others.length > 0 && (
              <button
                type="button"
                className="button button--ghost"
                disabled={revokeOthers.isPending}
                onClick={() => {
                  setNotice(null)
                  revokeOthers.mutate(undefined, {
                    onSuccess: () =>
                      setNotice({ kind: 'success', text: 'You have been signed out of all other devices.' }),
                    onError: (error) =>
                      setNotice({ kind: 'error', text: writeFailure(error, 'Failed to sign out other devices.') }),
                  })
                }}
              >
                Sign out of all other devices
              </button>
            )}
          </>
        )}
      </section>
    </div>
  )
}
