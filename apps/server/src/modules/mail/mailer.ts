import type { Db } from '@soko/db/client'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer, { type Transporter } from 'nodemailer'
import * as repo from './repository.ts'

export type { OutboxRow } from './repository.ts'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
}

/**
 * A plain-text email in the one form every Soko email has (readable in every mail client, and on a feature phone):
 * the greeting, the body's lines, and the sign-off.
 */
export function letter(to: string, subject: string, body: string[], greeting = 'Hello,'): MailMessage {
  return { to, subject, text: [greeting, '', ...body, '', 'Soko'].join('\n') }
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; absent means messages stay in the outbox (development, tests). */
  smtpUrl: string | undefined
  from: string
  /** Demo mode: every message opens with the demo notice. */
  demo?: boolean
}

/** What every email of a demo says first (the pages show the same notice). */
export const DEMO_MAIL_NOTICE =
  'Demo store: no real payments. This message comes from a Soko demo; nothing was charged or will be delivered.'

/** The message as sent: in demo mode the notice comes first, in the text and in the HTML. */
export function withDemoNotice(message: MailMessage): MailMessage {
  return {
    ...message,
    text: `${DEMO_MAIL_NOTICE}\n\n${message.text}`,
    ...(message.html === undefined
      ? {}
      : {
          html: `<p style="padding:8px 12px;background:#fff4d6;color:#4a3500;border:1px solid #e9c46a"><strong>Demo store: no real payments.</strong> This message comes from a Soko demo; nothing was charged or will be delivered.</p>${message.html}`,
        }),
  }
}

/**
 * Email (DESIGN D6). A message is first written to the outbox in the same transaction as what caused it
 * (`enqueue`), then sent over SMTP after the commit (`deliver`), so a rolled-back change sends nothing. Sending
 * happens in the background: a slow or broken mail server never fails or slows the shopper's request; a failure
 * is logged and kept on the message.
 */
export class Mailer {
  private readonly transport: Transporter | null
  private readonly inFlight = new Set<Promise<void>>()

  constructor(
    private readonly db: Db,
    private readonly options: MailerOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = options.smtpUrl
      ? // The timeouts are connection settings, so they go beside the URL (a second argument would be message defaults).
        nodemailer.createTransport({
          url: options.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        })
      : null
  }

  get usesSmtp(): boolean {
    return this.transport !== null
  }

  /** Writes a message to the outbox inside the caller's transaction; pass the id to `deliver` after commit. */
  enqueue(tx: Db, message: MailMessage): Promise<number> {
    const sent = this.options.demo ? withDemoNotice(message) : message
    return repo.insertOutboxEmail(tx, { ...sent, html: sent.html ?? null })
  }

  /** Sends committed outbox messages in the background (no-op without SMTP). Never throws. */
  deliver(ids: number[]): void {
    if (!this.transport || ids.length === 0) return
    const work = Promise.all(ids.map((id) => this.send(id))).then(() => undefined)
    this.inFlight.add(work)
    void work.finally(() => this.inFlight.delete(work))
  }

  private async send(id: number): Promise<void> {
    const transport = this.transport
    if (!transport) return
    try {
      const row = await repo.getOutboxEmail(this.db, id)
      if (!row || row.sent_at !== null) return
      await transport.sendMail({
        from: this.options.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(row.html_body === null ? {} : { html: row.html_body }),
      })
      await repo.markSent(this.db, id)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      this.log.error({ err: error, outboxId: id }, 'sending email failed; it stays in the outbox')
      await repo.markFailed(this.db, id, reason.slice(0, 1000)).catch(() => {})
    }
  }

  /** A page of the outbox, newest first (the admin area reads it in demo mode); `recipient`: part of the address. */
  listOutbox(query: { recipient: string | undefined; page: number; perPage: number }) {
    return repo.pageOutbox(this.db, {
      recipient: query.recipient,
      limit: query.perPage,
      offset: (query.page - 1) * query.perPage,
    })
  }

  /** The latest messages, to one address (`to`) or anyone (developers and tests read the mail Soko sent). */
  latestOutbox(to: string | undefined, limit: number): Promise<repo.OutboxRow[]> {
    return repo.listOutbox(this.db, to, limit)
  }

  getOutboxMessage(id: number): Promise<repo.OutboxRow | null> {
    return repo.getOutboxEmail(this.db, id)
  }

  /** Waits for background sends (shutdown, tests). */
  async flush(): Promise<void> {
    await Promise.all([...this.inFlight])
  }

  async close(): Promise<void> {
    await this.flush()
    this.transport?.close()
  }
}
