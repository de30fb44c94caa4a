import type {
  AdminC2bPayment,
  AdminC2bPaymentsPage,
  AdminC2bUnmatchedQuery,
  ResolveC2bBody,
} from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { centsToKes } from '@soko/domain/money'
import type { OrderStatus } from '@soko/domain/order-states'
import { PAYBILL_PROBLEM_TEXT, type PaybillProblem } from '@soko/domain/paybill'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import type { AuditService } from '../../audit/service.ts'
import type { PaymentService } from '../../payments/service.ts'
import { audited, isoOrNull, listPage } from '../shared.ts'
import * as read from './c2b-read-model.ts'

function toC2bPayment(row: read.AdminC2bRow): AdminC2bPayment {
  const reason = (row.problem ?? 'unknown_account') as PaybillProblem
  return {
    id: row.id,
    trans_id: row.trans_id,
    amount: centsToKes(row.amount_cents),
    account: row.bill_ref,
    msisdn: row.msisdn,
    first_name: row.first_name,
    business_number: row.short_code,
    reason,
    reason_text: PAYBILL_PROBLEM_TEXT[reason],
    refund_owed: row.refund_owed,
    order:
      row.order_id !== null && row.order_number !== null && row.order_status !== null
        ? { id: row.order_id, order_number: row.order_number, status: row.order_status as OrderStatus }
        : null,
    received_at: row.created_at.toISOString(),
    resolved_at: isoOrNull(row.resolved_at),
    resolution_note: row.resolution_note,
  }
}

/** The reconciliation list: Paybill payments that paid no order, and marking one handled. */
export class AdminReconciliationService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly payments: Pick<PaymentService, 'resolveC2b' | 'c2bById'>,
  ) {}

  list(ctx: Ctx, query: AdminC2bUnmatchedQuery): Promise<AdminC2bPaymentsPage> {
    return listPage(ctx, query, () => read.listUnmatched(this.db, query), toC2bPayment)
  }

  async resolve(ctx: Ctx, id: number, body: ResolveC2bBody): Promise<AdminC2bPayment> {
    await audited(ctx, this.db, this.audit, async (t, record) => {
      const row = await this.payments.c2bById(t, id)
      if (row === null || row.problem === null)
        throw new AppError('not_found', 'No unmatched Paybill payment with this id.')
      if (row.resolved_at !== null) throw new AppError('conflict', 'This payment was marked handled already.')
      const admin = ctx.user
      if (!admin || !(await this.payments.resolveC2b(t, id, admin.id, body.note))) {
        throw new AppError('conflict', 'This payment was marked handled already.')
      }
      await record({
        action: 'c2b.resolved',
        subjectType: 'c2b_payment',
        subjectId: id,
        detail: { name: row.trans_id, reason: body.note, problem: row.problem },
      })
    })
    const row = await read.getUnmatched(this.db, id)
    if (!row) throw new AppError('not_found', 'No unmatched Paybill payment with this id.')
    return toC2bPayment(row)
  }
}
