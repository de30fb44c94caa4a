import type { TrialBalanceView, VendorLedger, VendorLedgerQuery } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { accountLabel, normalSide, vendorAccount } from '@soko/domain/ledger'
import { centsToKes } from '@soko/domain/money'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import type { Ledger } from '../../ledger/service.ts'
import { requireAdmin } from '../shared.ts'
import * as read from '../vendors/vendors-read-model.ts'

/** The ledger for admins (decision 0014): the trial balance to reconcile, and a shop's statement. Read only. */
export class AdminLedgerService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
  ) {}

  async trialBalance(ctx: Ctx): Promise<TrialBalanceView> {
    requireAdmin(ctx)
    const trial = await this.ledger.trialBalance()
    return {
      lines: trial.lines.map((line) => {
        const difference = line.debitCents - line.creditCents
        return {
          account: line.account.kind,
          vendor_id: 'vendorId' in line.account ? line.account.vendorId : null,
          label: accountLabel(line.account),
          debit: centsToKes(line.debitCents),
          credit: centsToKes(line.creditCents),
          balance: centsToKes(normalSide(line.account) === 'debit' ? difference : -difference),
        }
      }),
      debit_total: centsToKes(trial.debitCents),
      credit_total: centsToKes(trial.creditCents),
      balanced: trial.debitCents === trial.creditCents,
    }
  }

  async vendorStatement(ctx: Ctx, id: number, query: VendorLedgerQuery): Promise<VendorLedger> {
    requireAdmin(ctx)
    if (!(await read.getVendor(this.db, id))) throw new AppError('not_found', 'No shop with this id.')
    const [pending, available, inTransit] = await this.ledger.balances([
      vendorAccount('vendor_pending', id),
      vendorAccount('vendor_available', id),
      vendorAccount('vendor_payout_in_transit', id),
    ])
    const page = await this.ledger.entriesOf(vendorAccount(query.account, id), {
      after: query.after,
      limit: query.limit,
    })
    return {
      vendor_id: id,
      balances: {
        pending: centsToKes(pending?.balanceCents ?? 0),
        available: centsToKes(available?.balanceCents ?? 0),
        in_transit: centsToKes(inTransit?.balanceCents ?? 0),
        paid_out: centsToKes(await this.ledger.settledPayoutsOf(id)),
      },
      account: query.account,
      entries: page.entries.map((entry) => ({
        id: entry.id,
        transaction_id: entry.transactionId,
        kind: entry.kind,
        memo: entry.memo,
        reference_type: entry.reference.type,
        reference_id: entry.reference.id,
        side: entry.side,
        amount: centsToKes(entry.cents),
        created_at: entry.createdAt.toISOString(),
      })),
      next: page.next,
    }
  }
}
