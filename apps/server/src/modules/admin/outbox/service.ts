import type {
  AdminOutboxItem,
  AdminOutboxMessage,
  AdminOutboxPage,
  AdminOutboxQuery,
  OutboxState,
} from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import type { AuditService } from '../../audit/service.ts'
import type { Mailer, OutboxRow } from '../../mail/mailer.ts'
import { isoOrNull, listPage, requireAdmin } from '../shared.ts'

/**
 * The mail outbox, read in the admin area of a demo (DESIGN D6, D8): with no mail server, a password reset or an
 * order confirmation can only be read here. Only registered in demo mode: a real marketplace's mail is private.
 */
export class AdminOutboxService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly mailer: Mailer,
  ) {}

  private state(row: OutboxRow): OutboxState {
    if (row.sent_at !== null) return 'sent'
    if (row.error !== null) return 'failed'
    return this.mailer.usesSmtp ? 'waiting' : 'kept'
  }

  private item(row: OutboxRow): AdminOutboxItem {
    return {
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      created_at: new Date(row.created_at).toISOString(),
      state: this.state(row),
      sent_at: isoOrNull(row.sent_at),
      error: row.error,
    }
  }

  list(ctx: Ctx, query: AdminOutboxQuery): Promise<AdminOutboxPage> {
    const read = () => this.mailer.listOutbox({ recipient: query.q, page: query.page, perPage: query.per_page })
    return listPage(ctx, query, read, (row) => this.item(row))
  }

  /** One message in full. Opening it is written to the audit log: a reset link read here opens someone's account. */
  async get(ctx: Ctx, id: number): Promise<AdminOutboxMessage> {
    const admin = requireAdmin(ctx)
    const row = await this.mailer.getOutboxMessage(id)
    if (!row) throw new AppError('not_found', 'No message with this id.')
    await this.audit.write(this.db, admin.id, {
      action: 'outbox_email.read',
      subjectType: 'outbox_email',
      subjectId: id,
      detail: { name: `"${row.subject}" to ${row.to_address}` },
    })
    return { ...this.item(row), text: row.text_body, html: row.html_body, attempts: row.attempts }
  }
}
