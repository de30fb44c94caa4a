import type { HandledMessage } from '@soko/contract/admin'
import { type Db, queryRows } from '@soko/db/client'
import { sql } from 'drizzle-orm'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import { writeAudit } from '../audit.ts'
import { inTransaction, requireAdmin } from '../shared.ts'

/**
 * Marks a contact-form message handled (the dashboard counts those still waiting). Marking it again keeps the first
 * time. The contact module lists the messages; this is the one write the admin area makes to its table.
 */
export class AdminContactService {
  constructor(private readonly db: Db) {}

  async markHandled(ctx: Ctx, id: number): Promise<HandledMessage> {
    const admin = requireAdmin(ctx)
    return inTransaction(this.db, async (t) => {
      const [row] = await queryRows<{ subject: string; handled_at: Date | string; newly: boolean }>(
        t,
        sql`update contact_messages set handled_at = coalesce(handled_at, now()) where id = ${id}
            returning subject, handled_at, handled_at = now() as newly`,
      )
      if (!row) throw new AppError('not_found', 'No message with this id.')
      if (row.newly) {
        await writeAudit(t, admin.id, {
          action: 'contact_message.handled',
          subjectType: 'contact_message',
          subjectId: id,
          detail: { name: `"${row.subject}"` },
        })
      }
      return { id, handled_at: new Date(row.handled_at).toISOString() }
    })
  }
}
