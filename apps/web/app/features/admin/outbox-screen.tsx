import type { AdminOutboxItem, AdminOutboxPage } from '@soko/contract/admin'
import { Link } from 'react-router'
import { formatDateTime } from '../../lib/format.ts'
import { ListCount, ListFilters, Pagination, TableScroll, Tag } from './admin-ui.tsx'

const STATES: Record<AdminOutboxItem['state'], { label: string; tone: 'good' | 'bad' | 'warn' | 'neutral' }> = {
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
    <section aria-labelledby="outbox-title" className="admin-form">
      <h2 id="outbox-title">Outbox</h2>
      <p className="admin__muted">
        Demo store: the mail Soko sends (password resets, order confirmations) is kept here, so it can be read without a
        mail server. A real marketplace has no such screen.
      </p>
      <ListFilters search={search} searchLabel="Search by recipient" placeholder="Email address" />
      <ListCount
        count={page.count}
        noun={['message', 'messages']}
        empty={search.get('q') ? 'No messages to this address.' : 'No mail yet.'}
      />
      {page.results.length > 0 && (
        <TableScroll label="Outbox">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">To</th>
                <th scope="col">Date</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {page.results.map((message) => (
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
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination page={page.page} totalPages={page.total_pages} search={search} label="Outbox" />
    </section>
  )
}
