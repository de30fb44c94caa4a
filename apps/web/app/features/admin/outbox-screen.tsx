import type { AdminOutboxItem, AdminOutboxPage } from '@soko/contract/admin'
import { Link } from 'react-router'
import { ListScreen } from '../../components/ui/list.tsx'
import { Tag, type Tone } from '../../components/ui/tag.tsx'
import { formatDateTime } from '../../lib/format.ts'

const STATES: Record<AdminOutboxItem['state'], { label: string; tone: Tone }> = {
  sent: { label: 'Sent', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
  waiting: { label: 'Waiting to send', tone: 'warn' },
  kept: { label: 'Not sent (no mail server)', tone: 'neutral' },
}

/** Whether the mail server took a message, as a tag. */
export function OutboxState({ state }: { state: AdminOutboxItem['state'] }) {
  const { label, tone } = STATES[state]
  return <Tag tone={tone}>{label}</Tag>
}

/**
 * The demo's mail outbox: every message Soko would send (password resets, order confirmations ...), newest first,
 * so a demo can be used without a mail server. Only in demo mode: the sidebar shows it nowhere else.
 */
export function OutboxScreen({ page, search }: { page: AdminOutboxPage; search: URLSearchParams }) {
  return (
    <ListScreen
      id="outbox"
      title="Outbox"
      intro={
        <p className="admin__muted">
          Demo store: the mail Soko sends (password resets, order confirmations) is kept here, so it can be read without
          a mail server. A real marketplace has no such screen.
        </p>
      }
      search={search}
      filters={{ searchLabel: 'Search by recipient', placeholder: 'Email address' }}
      page={page}
      noun={['message', 'messages']}
      empty={search.get('q') ? 'No messages to this address.' : 'No mail yet.'}
      columns={['Subject', 'To', 'Date', 'State']}
      row={(message) => (
        <tr key={message.id}>
          <th scope="row">
            <Link to={`/admin/outbox/${message.id}`}>{message.subject}</Link>
          </th>
          <td>{message.to}</td>
          <td>{formatDateTime(message.created_at)}</td>
          <td>
            <OutboxState state={message.state} />
          </td>
        </tr>
      )}
    />
  )
}
