import type { HandledMessage } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import type { AuditService } from '../../audit/service.ts'
import type { ContactService } from '../../contact/service.ts'
import { audited } from '../shared.ts'

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

  markHandled(ctx: Ctx, id: number): Promise<HandledMessage> {
    return audited(ctx, this.db, this.audit, async (t, record) => {
      const message = await this.contact.markHandled(t, id)
      if (!message) throw new AppError('not_found', 'No message with this id.')
      if (message.newly) {
        const detail = { name: `"${message.subject}"` }
        await record({ action: 'contact_message.handled', subjectType: 'contact_message', subjectId: id, detail })
      }
      return { id, handled_at: message.handledAt }
    })
  }
}
