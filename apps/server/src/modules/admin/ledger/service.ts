import {
  ADJUSTMENT_MESSAGES,
  type AdjustmentBody,
  type AdjustmentView,
  type TrialBalanceView,
  type VendorLedger,
  type VendorLedgerQuery,
} from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import {
  type AccountRef,
  accountLabel,
  isVendorKind,
  manualAdjustment,
  normalSide,
  sameAccount,
  VENDOR_ACCOUNTS,
  vendorAccount,
  vendorOf,
} from '@soko/domain/ledger'
import { centsToKes, formatKes, kesToCents } from '@soko/domain/money'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import type { AuditService } from '../../audit/service.ts'
import type { Ledger } from '../../ledger/service.ts'
import type { ShopService } from '../../vendors/shop.ts'
import { audited, requireAdmin } from '../shared.ts'
import * as read from '../vendors/vendors-read-model.ts'

/** The ledger for admins (decision 0014): the trial balance to reconcile, and a shop's statement. Read only. */
export class AdminLedgerService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly shops: Pick<ShopService, 'publicNamesOf'>,
    private readonly audit: AuditService,
  ) {}

  async trialBalance(ctx: Ctx): Promise<TrialBalanceView> {
    requireAdmin(ctx)
    const trial = await this.ledger.trialBalance()
    // A shop's accounts are named after the shop, as the admin knows it: "Kitengela Home Essentials: Available".
    const shopIds = [...new Set(trial.lines.map((line) => vendorOf(line.account)).filter((id) => id !== null))]
    const names = await this.shops.publicNamesOf(shopIds)
    const labelOf = (account: (typeof trial.lines)[number]['account']) => {
      const shop = 'vendorId' in account ? names.get(account.vendorId) : undefined
      return shop && 'vendorId' in account
        ? `${shop.name}: ${VENDOR_ACCOUNTS[account.kind].label}`
        : accountLabel(account)
    }
    return {
      lines: trial.lines.map((line) => {
        const difference = line.debitCents - line.creditCents
        return {
          account: line.account.kind,
          vendor_id: vendorOf(line.account),
          label: labelOf(line.account),
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
    const [pending, available, inTransit, collected] = await this.ledger.balances([
      vendorAccount('vendor_pending', id),
      vendorAccount('vendor_available', id),
      vendorAccount('vendor_payout_in_transit', id),
      vendorAccount('vendor_collected', id),
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
        collected: centsToKes(collected?.balanceCents ?? 0),
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

  /**
   * An admin moves money between two accounts by hand, with a reason (decision 0014, "manual adjustment"): one
   * balanced transaction, numbered ("Adjustment 7"), audited. The request's Idempotency-Key records it once: the same
   * key again answers the first one (`recorded: false`), the same key with other figures is a 409.
   */
  async adjust(ctx: Ctx, idempotencyKey: string, body: AdjustmentBody): Promise<AdjustmentView> {
    const admin = requireAdmin(ctx)
    const debit = await this.accountOf(body.debit, 'debit')
    const credit = await this.accountOf(body.credit, 'credit')
    if (sameAccount(debit, credit)) {
      throw new AppError('invalid_data', ADJUSTMENT_MESSAGES.sameAccount, { credit: [ADJUSTMENT_MESSAGES.sameAccount] })
    }
    const amountCents = kesToCents(body.amount)
    const key = `admin:${admin.id}:${idempotencyKey}`
    const posted = await audited(ctx, this.db, this.audit, async (t, record) => {
      const number = (await this.ledger.recorded(t, `manual_adjustment:${key}`))?.referenceId
      const tx = manualAdjustment({
        adminId: admin.id,
        reason: body.reason,
        key,
        reference: { type: 'adjustment', id: number ?? (await this.ledger.nextAdjustmentNumber(t)) },
        debit,
        credit,
        amountCents,
      })
      let answer: Awaited<ReturnType<Ledger['post']>>
      try {
        answer = await this.ledger.post(t, tx)
      } catch (error) {
        if (number !== undefined) throw new AppError('conflict', ADJUSTMENT_MESSAGES.keyReused)
        throw error
      }
      if (answer.posted) {
        await record({
          action: 'ledger.adjusted',
          subjectType: 'ledger',
          subjectId: tx.reference.id,
          detail: {
            name: `Adjustment ${tx.reference.id}`,
            amount: formatKes(amountCents),
            debit: accountLabel(debit),
            credit: accountLabel(credit),
            reason: tx.memo,
          },
        })
      }
      return { id: answer.id, number: tx.reference.id, recorded: answer.posted }
    })
    return {
      transaction_id: posted.id,
      number: posted.number,
      recorded: posted.recorded,
      trial: await this.trialBalance(ctx),
    }
  }

  /** A requested account as the ledger's: a shop's needs an existing shop, the marketplace's none. */
  private async accountOf(ref: AdjustmentBody['debit'], field: 'debit' | 'credit'): Promise<AccountRef> {
    if (isVendorKind(ref.account)) {
      if (ref.vendor_id === null) {
        throw new AppError('invalid_data', ADJUSTMENT_MESSAGES.shopNeeded, {
          [field]: [ADJUSTMENT_MESSAGES.shopNeeded],
        })
      }
      if (!(await read.getVendor(this.db, ref.vendor_id))) throw new AppError('not_found', ADJUSTMENT_MESSAGES.noShop)
      return vendorAccount(ref.account, ref.vendor_id)
    }
    if (ref.vendor_id !== null) {
      const message = ADJUSTMENT_MESSAGES.noShopForMarketplace
      throw new AppError('invalid_data', message, { [field]: [message] })
    }
    return { kind: ref.account }
  }
}
