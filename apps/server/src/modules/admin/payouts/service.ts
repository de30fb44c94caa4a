import type { AdminPayout, AdminPayoutsPage, AdminPayoutsQuery, PayoutRun } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { centsToKes, formatKes } from '@soko/domain/money'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import type { AuditService } from '../../audit/service.ts'
import type { PayoutService } from '../../payouts/service.ts'
import { audited, listPage, requireAdmin } from '../shared.ts'
import { toPayout } from '../vendors/service.ts'

/** Every payout to every shop (newest first), and the scheduled payout run on demand. */
export class AdminPayoutsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly payouts: PayoutService,
  ) {}

  list(ctx: Ctx, query: AdminPayoutsQuery): Promise<AdminPayoutsPage> {
    return listPage(
      ctx,
      query,
      () => this.payouts.payoutsPage(query),
      (row) => ({
        ...toPayout(row, this.payouts.isStuck(row)),
        shop: { id: row.business_id, name: row.shop_name },
      }),
    )
  }

  /** Asks M-Pesa again how a stuck payout ended (audited); its answer settles or fails the payout as usual. */
  async askAgain(ctx: Ctx, id: number): Promise<AdminPayout> {
    requireAdmin(ctx)
    const listed = await this.payouts.listRow(id)
    if (!listed) throw new AppError('not_found', 'No payout with this id.')
    await audited(ctx, this.db, this.audit, async (t, record) => {
      if (!(await this.payouts.askAgain(t, id))) throw new AppError('not_found', 'No payout with this id.')
      const detail = { name: listed.shop_name, payout: id, amount: formatKes(listed.amount_cents) }
      await record({ action: 'payout.asked_again', subjectType: 'shop', subjectId: listed.business_id, detail })
    })
    this.payouts.kick()
    const row = { ...listed, query_count: 0 }
    return { ...toPayout(row, this.payouts.isStuck(row)), shop: { id: row.business_id, name: row.shop_name } }
  }

  /** Runs the scheduled payout now: every eligible shop is paid its available balance. */
  async run(ctx: Ctx): Promise<PayoutRun> {
    requireAdmin(ctx)
    const result = await this.payouts.runAll('admin')
    await audited(ctx, this.db, this.audit, async (_t, record) => {
      await record({
        action: 'payouts.run',
        subjectType: 'payouts',
        subjectId: null,
        detail: { paid: result.paid.length, skipped: result.skipped.length },
      })
    })
    return {
      paid: result.paid.map((paid) => ({
        shop_id: paid.shopId,
        name: paid.name,
        payout_id: paid.payoutId,
        amount: centsToKes(paid.amountCents),
      })),
      skipped: result.skipped.map((skipped) => ({
        shop_id: skipped.shopId,
        name: skipped.name,
        reason: skipped.reason,
      })),
      next_run: this.payouts.nextRun()?.toISOString() ?? null,
    }
  }
}
