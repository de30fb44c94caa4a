import type { ContactMessagesPage } from '@soko/contract/contact'
import { formatDate } from '../../lib/format.ts'

/** The support team's inbox: messages sent from the contact page, newest first (plain text, never HTML). */
export function ContactMessages({ page }: { page: ContactMessagesPage }) {
  return (
    <section className="admin__messages" aria-labelledby="contact-messages-title">
      <h3 id="contact-messages-title">Contact messages ({page.count})</h3>
      {page.results.length === 0 ? (
        <p>No contact messages yet.</p>
      ) : (
        <ul className="admin__message-list">
          {page.results.map((message) => (
            <li key={message.id} className="admin__message">
              <p className="admin__message-head">
                <strong>{message.subject}</strong> from {message.name} (
                <a href={`mailto:${message.email}`}>{message.email}</a>), {formatDate(message.created_at)}
              </p>
              <p className="admin__message-body">{message.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
