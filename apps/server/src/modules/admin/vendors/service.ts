import type { AdminVendor, AdminVendorsPage, AdminVendorsQuery, PayoutBody, Payouts } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { centsToKes, formatKes, kesToCents } from '@soko/domain/money'
import { PAYOUT_METHODS, PAYOUT_STARTS } from '@soko/domain/payout-states'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import type { AdminAuditAction, AuditService } from '../../audit/service.ts'
import { type PayoutListRow, type PayoutService, payoutStateOf } from '../../payouts/service.ts'
import type { VendorReports } from '../../vendors/reports.ts'
import type { ShopService } from '../../vendors/shop.ts'
import { audited, isoOrNull, listPage, lockedRow, requireAdmin } from '../shared.ts'
import * as read from './vendors-read-model.ts'

const NOT_FOUND = 'No shop with this id.'

function toAdminVendor(row: read.AdminVendorRow): AdminVendor {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    type: row.type,
    county: row.county,
    town: row.town,
    is_verified: row.is_verified,
    verified_at: isoOrNull(row.verified_at),
    is_active: row.is_active,
    suspended_reason: row.suspended_reason,
    owner:
      row.owner_id === null || row.owner_email === null
        ? null
        : { id: row.owner_id, email: row.owner_email, name: row.owner_name ?? row.owner_email },
    product_count: row.product_count,
    active_product_count: row.active_product_count,
    order_count: row.order_count,
    balance_owed: centsToKes(row.owed_cents),
    created_at: row.created_at.toISOString(),
  }
}

/** Shops: the Verified Seller badge, suspension (the shop leaves the storefront at once), payouts. */
export class AdminVendorsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly shops: ShopService,
    private readonly reports: VendorReports,
    private readonly payoutService: PayoutService,
  ) {}

  list(ctx: Ctx, query: AdminVendorsQuery): Promise<AdminVendorsPage> {
    return listPage(ctx, query, () => read.listVendors(this.db, query), toAdminVendor)
  }

  private locked(t: Db, id: number): Promise<read.AdminVendorRow> {
    return lockedRow(t, id, this.shops, read.getVendor, NOT_FOUND)
  }

  verify(ctx: Ctx, id: number): Promise<AdminVendor> {
    return this.change(ctx, id, 'shop.verified', (t) => this.shops.setVerified(t, id, true), {})
  }

  unverify(ctx: Ctx, id: number): Promise<AdminVendor> {
    return this.change(ctx, id, 'shop.unverified', (t) => this.shops.setVerified(t, id, false), {})
  }

  suspend(ctx: Ctx, id: number, reason: string): Promise<AdminVendor> {
    return this.change(ctx, id, 'shop.suspended', (t) => this.shops.setSuspended(t, id, reason), { reason })
  }

  unsuspend(ctx: Ctx, id: number): Promise<AdminVendor> {
    return this.change(ctx, id, 'shop.unsuspended', (t) => this.shops.setSuspended(t, id, null), {})
  }

  private async change(
    ctx: Ctx,
    id: number,
    action: AdminAuditAction,
    apply: (t: Db) => Promise<void>,
    detail: Record<string, unknown>,
  ): Promise<AdminVendor> {
    return audited(ctx, this.db, this.audit, async (t, record) => {
      const shop = await this.locked(t, id)
      await apply(t)
      await record({ action, subjectType: 'shop', subjectId: id, detail: { name: shop.name, ...detail } })
      const updated = await read.getVendor(t, id)
      if (!updated) throw new AppError('not_found', NOT_FOUND)
      return toAdminVendor(updated)
    })
  }

  async payouts(ctx: Ctx, id: number): Promise<Payouts> {
    requireAdmin(ctx)
    const shop = await read.getVendor(this.db, id)
    if (!shop) throw new AppError('not_found', NOT_FOUND)
    const rows = await this.payoutService.payoutsOfShop(id)
    const balance = await this.reports.balance(id)
    const target = await this.shops.payoutTarget(this.db, id)
    return {
      balance_owed: centsToKes(balance.balanceCents),
      delivered_net: centsToKes(balance.earnedCents),
      paid_out: centsToKes(balance.paidOutCents),
      pending: centsToKes(balance.pendingCents),
      available: centsToKes(balance.availableCents),
      delivery_confirm_days: this.reports.rules.deliveryConfirmDays,
      return_window_days: this.reports.rules.returnWindowDays,
      payout_phone: target?.payout_phone ?? null,
      mpesa_payouts: this.payoutService.mpesaPayouts,
      results: rows.map((row) => toPayout(row, this.payoutService.isStuck(row))),
    }
  }

  /** Pays the shop its whole available balance by M-Pesa now (409 with the reason when it cannot be paid). */
  async payNow(ctx: Ctx, id: number): Promise<Payouts> {
    const admin = requireAdmin(ctx)
    const answer = await this.payoutService.payOne(id, 'admin', admin.id)
    if (!answer.paid) throw new AppError('conflict', answer.reason)
    await audited(ctx, this.db, this.audit, async (_t, record) => {
      const detail = { payout: answer.payout.id, amount: formatKes(answer.payout.amount_cents), method: 'M-Pesa' }
      await record({ action: 'payout.started', subjectType: 'shop', subjectId: id, detail })
    })
    return this.payouts(ctx, id)
  }

  /**
   * Records money sent to a shop (M-Pesa or bank, by hand). It may not exceed what is available: the shop's parts
   * confirmed and past their return window, less commission, less payouts so far (pending money waits); the shop's
   * row is locked so two payouts cannot both fit.
   */
  async recordPayout(ctx: Ctx, id: number, body: PayoutBody): Promise<Payouts> {
    const admin = requireAdmin(ctx)
    const amountCents = kesToCents(body.amount)
    await audited(ctx, this.db, this.audit, async (t, record) => {
      const shop = await this.locked(t, id)
      const { availableCents, pendingCents } = await this.reports.balance(id, t)
      const most = Math.max(availableCents, 0)
      if (amountCents > most) {
        const waiting = pendingCents > 0 ? ` ${formatKes(pendingCents)} is pending until its return window passes.` : ''
        throw new AppError('conflict', `This is more than the shop is owed (${formatKes(most)}).${waiting}`, {
          amount: [`At most ${formatKes(most)}`],
        })
      }
      await this.payoutService.recordManual(t, {
        businessId: id,
        amountCents,
        reference: body.reference,
        note: body.note ?? '',
        createdBy: admin.id,
      })
      const detail = { name: shop.name, amount: formatKes(amountCents), reference: body.reference }
      await record({ action: 'payout.recorded', subjectType: 'shop', subjectId: id, detail })
    })
    return this.payouts(ctx, id)
  }
}

const known = <T extends string>(values: readonly T[], value: string): T => {
  const found = values.find((candidate) => candidate === value)
  if (found === undefined) throw new Error(`a payout holds an unknown value ${value}`)
  return found
}

/** A payout as admins see it. */
export function toPayout(row: PayoutListRow, stuck: boolean) {
  return {
    id: row.id,
    amount: centsToKes(row.amount_cents),
    method: known(PAYOUT_METHODS, row.method),
    state: payoutStateOf(row.state),
    started_by: known(PAYOUT_STARTS, row.started_by),
    phone: row.phone,
    receipt: row.mpesa_receipt,
    failure_reason: row.failure_reason,
    stuck,
    reference: row.reference,
    note: row.note,
    created_by: row.created_by_name,
    created_at: row.created_at.toISOString(),
    sent_at: isoOrNull(row.sent_at),
    settled_at: isoOrNull(row.settled_at),
  }
}
