import type { HandledMessage } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import type { AuditService } from '../../audit/service.ts'
import type { ContactService } from '../../contact/service.ts'
import { inTransaction, requireAdmin } from '../shared.ts'

/**
 * Marks a contact-form message handled (the dashboard counts those still waiting), through the contact module that
 * owns the messages; marking it again keeps the first time, and only the first is audited.
 */
export class AdminContactService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly contact: ContactService,
  ) {}

  async markHandled(ctx: Ctx, id: number): Promise<HandledMessage> {
    const admin = requireAdmin(ctx)
    return inTransaction(this.db, async (t) => {
      const message = await this.contact.markHandled(t, id)
      if (!message) throw new AppError('not_found', 'No message with this id.')
      if (message.newly) {
        await this.audit.write(t, admin.id, {
          action: 'contact_message.handled',
          subjectType: 'contact_message',
          subjectId: id,
          detail: { name: `"${message.subject}"` },
        })
      }
      return { id, handled_at: message.handledAt }
    })
  }
}
