import type { AdminRefund, AdminRefundsPage, AdminRefundsQuery } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { centsToKes } from '@soko/domain/money'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import { refundDestination } from '../../payments/refunds.ts'
import { isoOrNull, listPage, requireAdmin } from '../shared.ts'
import * as read from './refunds-read-model.ts'

function toRefund(row: read.AdminRefundRow): AdminRefund {
  return {
    id: row.id,
    order: { id: row.order_id, order_number: row.order_number },
    shop: { id: row.business_id, name: row.business_name },
    amount: centsToKes(row.amount_cents),
    method: row.method,
    destination: refundDestination(row),
    state: row.state,
    cause: row.cause,
    reason: row.reason,
    result_description: row.result_desc,
    provider_reference: row.provider_reference,
    attempts: row.attempts,
    created_at: row.created_at.toISOString(),
    sent_at: isoOrNull(row.sent_at),
  }
}

/** Money going back to shoppers: the list, and sending a failed refund again. */
export class AdminRefundsService {
  constructor(
    private readonly db: Db,
    /** The send-refund flow (src/flows/send-refund.ts). */
    private readonly sender: { retry(adminId: number, refundId: number): Promise<void> },
  ) {}

  list(ctx: Ctx, query: AdminRefundsQuery): Promise<AdminRefundsPage> {
    return listPage(ctx, query, () => read.listRefunds(this.db, query), toRefund)
  }

  async retry(ctx: Ctx, id: number): Promise<AdminRefund> {
    const admin = requireAdmin(ctx)
    await this.sender.retry(admin.id, id)
    const row = await read.getRefund(this.db, id)
    if (!row) throw new AppError('not_found', 'No refund with this id.')
    return toRefund(row)
  }
}
