import type { AdminVendor, AdminVendorsPage, AdminVendorsQuery, PayoutBody, Payouts } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { payoutSent, payoutSettled } from '@soko/domain/ledger'
import { centsToKes, formatKes, kesToCents } from '@soko/domain/money'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import type { AdminAuditAction, AuditService } from '../../audit/service.ts'
import type { Ledger } from '../../ledger/service.ts'
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
    private readonly ledger: Ledger,
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
    const rows = await read.listPayouts(this.db, id)
    const balance = await this.reports.balance(id)
    return {
      balance_owed: centsToKes(balance.balanceCents),
      delivered_net: centsToKes(balance.earnedCents),
      paid_out: centsToKes(balance.paidOutCents),
      pending: centsToKes(balance.pendingCents),
      available: centsToKes(balance.availableCents),
      delivery_confirm_days: this.reports.rules.deliveryConfirmDays,
      return_window_days: this.reports.rules.returnWindowDays,
      results: rows.map((row) => ({
        id: row.id,
        amount: centsToKes(row.amount_cents),
        reference: row.reference,
        note: row.note,
        created_by: row.created_by,
        created_at: row.created_at.toISOString(),
      })),
    }
  }

  /**
   * Records money sent to a shop (M-Pesa or bank, by hand), posted to the ledger as sent and settled. It may not
   * exceed what is available (the ledger's: parts released after their return window, less refunds and payouts so
   * far; pending money waits); the shop's row is locked so two payouts cannot both fit.
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
      const payoutId = await this.shops.recordPayout(t, {
        businessId: id,
        amountCents,
        reference: body.reference,
        note: body.note ?? '',
        createdBy: admin.id,
      })
      // Money sent by hand has arrived: out of available and paid at once (decision 0014, "Wiring").
      const event = { payoutId, vendorId: id, amountCents }
      await this.ledger.post(t, payoutSent(event))
      await this.ledger.post(t, payoutSettled(event))
      const detail = { name: shop.name, amount: formatKes(amountCents), reference: body.reference }
      await record({ action: 'payout.recorded', subjectType: 'shop', subjectId: id, detail })
    })
    return this.payouts(ctx, id)
  }
}
