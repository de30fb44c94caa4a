import type { AdminOutboxMessage } from '@soko/contract/admin'
import { Link } from 'react-router'
import { Facts } from '../../components/ui/facts.tsx'
import { formatDateTime } from '../../lib/format.ts'
import { linkify } from './linkify.ts'
import { OutboxState } from './outbox-screen.tsx'

/** The plain text as it was sent, its http(s) addresses clickable; everything else stays text. */
function MailText({ text }: { text: string }) {
  return (
    <div className="admin-outbox__text">
      {linkify(text).map((part, index) =>
        'href' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <a key={index} href={part.href} rel="noreferrer">
            {part.href}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <span key={index}>{part.text}</span>
        ),
      )}
    </div>
  )
}

/**
 * The HTML version, which anyone can put words into (a name, a review): shown in a sandboxed frame with no scripts,
 * no forms and no access to this page, under this page's Content-Security-Policy (no images from elsewhere). Its
 * links open in a new tab.
 */
function MailHtml({ html }: { html: string }) {
  return (
    <iframe
      className="admin-outbox__html"
      title="HTML version of the email"
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={`<base target="_blank">${html}`}
    />
  )
}

/** One message of the demo's outbox: who it went to, when, whether the mail server took it, and what it says. */
export function OutboxMessageScreen({ message }: { message: AdminOutboxMessage }) {
  return (
    <article className="admin-detail" aria-labelledby="outbox-message-title">
      <p>
        <Link to="/admin/outbox">← All mail</Link>
      </p>
      <h2 id="outbox-message-title">{message.subject}</h2>
      <Facts
        className="admin-facts"
        facts={[
          ['To', message.to],
          ['Date', formatDateTime(message.created_at)],
          [
            'State',
            <>
              <OutboxState state={message.state} />
              {message.sent_at && <span className="data-table__sub">Sent {formatDateTime(message.sent_at)}</span>}
              {message.error && <span className="data-table__sub">{message.error}</span>}
            </>,
          ],
        ]}
      />
      <section className="card admin-card" aria-labelledby="outbox-text">
        <h3 id="outbox-text">Text</h3>
        <MailText text={message.text} />
      </section>
      {message.html !== null && (
        <section className="card admin-card" aria-labelledby="outbox-html">
          <h3 id="outbox-html">HTML</h3>
          <MailHtml html={message.html} />
        </section>
      )}
    </article>
  )
}
