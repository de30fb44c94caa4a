import type { HandledMessage } from '@soko/contract/admin'
import type { ContactMessage, ContactMessagesPage } from '@soko/contract/contact'
import { useState } from 'react'
import { Link } from 'react-router'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { FormMessage } from '../../components/ui/form-field.tsx'
import { ListEmpty, Pagination, pageHref } from '../../components/ui/list.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText } from '../../lib/form-errors.ts'
import { formatDate, formatDateTime } from '../../lib/format.ts'

/** A message as listed: `handled_at` once the list carries it (the API marks messages handled). */
type Listed = ContactMessage & { handled_at?: string | null }

function MarkHandled({ message, onHandled }: { message: Listed; onHandled: (handled: HandledMessage) => void }) {
  const mark = useAnnouncedWrite(
    () => call('POST /api/admin/contact-messages/:id/handled/', { params: { id: message.id } }),
    () => `Message "${message.subject}" marked handled.`,
  )
  return (
    <div className="admin__actions">
      <button
        type="button"
        className="button button--ghost"
        disabled={mark.isPending}
        aria-busy={mark.isPending}
        aria-label={`Mark handled: ${message.subject}`}
        onClick={() => mark.mutate(undefined, { onSuccess: onHandled })}
      >
        {mark.isPending ? 'Marking...' : 'Mark handled'}
      </button>
      <FormMessage kind="error">
        {mark.isError ? failureText(mark.error, 'Could not mark the message handled. Please try again.') : ''}
      </FormMessage>
    </div>
  )
}

/**
 * The support team's inbox: messages sent from the contact page, newest first, as plain text (never HTML). On the
 * messages screen each can be marked handled; the dashboard shows the newest few with a link to all.
 */
export function ContactMessages({
  page,
  heading = 2,
  moreHref,
  canMark = false,
  search,
}: {
  page: ContactMessagesPage
  heading?: 2 | 3
  moreHref?: string
  canMark?: boolean
  search?: URLSearchParams
}) {
  const [handled, setHandled] = useState<Record<number, string>>({})
  const Heading = heading === 2 ? 'h2' : 'h3'
  return (
    <section className="admin__messages" aria-labelledby="contact-messages-title">
      <Heading id="contact-messages-title">Contact messages ({page.count})</Heading>
      {page.results.length === 0 ? (
        <ListEmpty>No contact messages yet.</ListEmpty>
      ) : (
        <ul className="admin__message-list">
          {(page.results as Listed[]).map((message) => {
            const handledAt = handled[message.id] ?? message.handled_at ?? null
            return (
              <li key={message.id} className="card admin__message">
                <p className="admin__message-head">
                  <strong>{message.subject}</strong> from {message.name} (
                  <a href={`mailto:${message.email}`}>{message.email}</a>), {formatDate(message.created_at)}
                  {handledAt && (
                    <>
                      {' '}
                      <Tag tone="good">Handled {formatDateTime(handledAt)}</Tag>
                    </>
                  )}
                </p>
                <p className="admin__message-body">{message.message}</p>
                {canMark && !handledAt && (
                  <MarkHandled
                    message={message}
                    onHandled={(done) => setHandled((current) => ({ ...current, [done.id]: done.handled_at }))}
                  />
                )}
              </li>
            )
          })}
        </ul>
      )}
      {moreHref && page.count > page.results.length && <Link to={moreHref}>All contact messages</Link>}
      {search && (
        <Pagination
          page={page.page}
          totalPages={Math.ceil(page.count / page.per_page)}
          href={(n) => pageHref(search, n)}
          label="Contact messages"
        />
      )}
    </section>
  )
}
