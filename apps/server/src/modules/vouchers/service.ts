import type { VoucherBodySchema, VoucherView } from '@soko/contract/vouchers'
import type { Db } from '@soko/db/client'
import { kesToCents } from '@soko/domain/money'
import {
  describeVoucher,
  type Voucher,
  type VoucherKind,
  type VoucherUsage,
  voucherRuleProblem,
} from '@soko/domain/vouchers'
import type { z } from 'zod'
import { type Ctx, requireRole } from '../../plugins/auth.ts'
import { AppError } from '../../plugins/errors.ts'
import { isUniqueViolation } from '../accounts/service.ts'
import type { AuditService } from '../audit/service.ts'
import type { ShopService } from '../vendors/shop.ts'
import * as repo from './repository.ts'

export type { VoucherRow } from './repository.ts'

type VoucherBody = z.output<typeof VoucherBodySchema>

/** Who is using a voucher: an account, and the phone and email an order gives (unknown in a guest's cart). */
export interface VoucherCustomer {
  userId: number | null
  phone: string | null
  email: string | null
}

const CODE_TAKEN = 'That code is taken: choose another.'
const NOT_YOUR_SHOP = "A shop's voucher is funded by the shop and applies to its own products only."

/**
 * Vouchers (decision 0023): the codes the marketplace and the shops create, how often each was used, and each order
 * that used one. The rules are the domain's (packages/domain/src/vouchers.ts); checking a code against a cart and
 * redeeming it when an order is placed are the checkout's flows, which call this module.
 */
export class VouchersService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly shops: Pick<ShopService, 'requireOwnShop' | 'publicNamesOf'>,
  ) {}

  /** The voucher with this code; `lock` (placing an order): its row locked until the transaction ends. */
  find(db: Db, code: string, lock = false): Promise<repo.VoucherRow | null> {
    return repo.voucherByCode(db, code, lock)
  }

  async usage(db: Db, row: repo.VoucherRow, customer: VoucherCustomer): Promise<VoucherUsage> {
    const usedByCustomer = row.max_uses_per_customer === null ? 0 : await repo.usesByCustomer(db, row.id, customer)
    return { usedTotal: row.used_count, usedByCustomer }
  }

  /**
   * An order used the voucher: one more use (a conditional update: never past its limit, however many orders are
   * placed at once) and the redemption. false: it was used up meanwhile, and the order must not be placed.
   */
  async redeem(
    t: Db,
    redemption: {
      voucherId: number
      orderId: number
      userId: number | null
      phone: string
      email: string
      discountCents: number
    },
  ): Promise<boolean> {
    if (!(await repo.takeUse(t, redemption.voucherId))) return false
    await repo.insertRedemption(t, redemption)
    return true
  }

  /** The shop names of funders, for the quote and the lists. */
  async funderName(businessId: number | null): Promise<string> {
    if (businessId === null) return 'Soko'
    return (await this.shops.publicNamesOf([businessId])).get(businessId)?.name ?? 'the shop'
  }

  // The admin's vouchers (funded by the marketplace)

  async list(ctx: Ctx): Promise<VoucherView[]> {
    requireRole(ctx, 'superuser')
    return this.views(await repo.vouchersOf(this.db, null))
  }

  create(ctx: Ctx, body: VoucherBody): Promise<VoucherView> {
    const admin = requireRole(ctx, 'superuser')
    return this.createFor(admin.id, null, body)
  }

  setActive(ctx: Ctx, id: number, active: boolean): Promise<VoucherView> {
    const admin = requireRole(ctx, 'superuser')
    return this.changeActive(admin.id, id, active, undefined)
  }

  // A shop's own vouchers (funded by the shop, its products only)

  async listOwn(ctx: Ctx): Promise<VoucherView[]> {
    const shop = await this.shops.requireOwnShop(ctx)
    return this.views(await repo.vouchersOf(this.db, { businessId: shop.id }))
  }

  async createOwn(ctx: Ctx, body: VoucherBody): Promise<VoucherView> {
    const shop = await this.shops.requireOwnShop(ctx)
    if (body.vendorIds.some((id) => id !== shop.id)) {
      throw new AppError('invalid_data', NOT_YOUR_SHOP, { vendorIds: [NOT_YOUR_SHOP] })
    }
    return this.createFor(requireRole(ctx, 'vendor').id, shop.id, { ...body, vendorIds: [shop.id] })
  }

  async setOwnActive(ctx: Ctx, id: number, active: boolean): Promise<VoucherView> {
    const shop = await this.shops.requireOwnShop(ctx)
    return this.changeActive(requireRole(ctx, 'vendor').id, id, active, shop.id)
  }

  private async createFor(actorId: number, funderBusinessId: number | null, body: VoucherBody): Promise<VoucherView> {
    const voucher = {
      kind: body.kind,
      value: body.kind === 'fixed' ? kesToCents(body.value) : body.value,
      maxDiscountCents: body.maxDiscount === null ? null : kesToCents(body.maxDiscount),
      minSpendCents: kesToCents(body.minSpend),
      maxUses: body.maxUses,
      maxUsesPerCustomer: body.maxUsesPerCustomer,
      startsAt: body.startsAt ? new Date(body.startsAt) : null,
      endsAt: body.endsAt ? new Date(body.endsAt) : null,
    }
    const problem = voucherRuleProblem(voucher)
    if (body.kind === 'percent' && !Number.isInteger(body.value)) {
      throw new AppError('invalid_data', 'A percentage is a whole number.', {
        value: ['A percentage is a whole number.'],
      })
    }
    if (problem) {
      const field = /takes off/.test(problem) ? 'maxDiscount' : 'value'
      throw new AppError('invalid_data', problem, { [field]: [problem] })
    }
    try {
      const id = await this.db.transaction(async (t) => {
        const id = await repo.insertVoucher(t, {
          ...voucher,
          code: body.code,
          funderBusinessId,
          categoryIds: body.categoryIds,
          businessIds: body.vendorIds,
          createdBy: actorId,
        })
        await this.audit.write(t, actorId, {
          action: 'voucher.created',
          subjectType: 'voucher',
          subjectId: id,
          detail: { name: body.code, funder: funderBusinessId === null ? 'marketplace' : `vendor ${funderBusinessId}` },
        })
        return id
      })
      return this.view(id)
    } catch (error) {
      if (isUniqueViolation(error, 'vouchers_code_key')) {
        throw new AppError('conflict', CODE_TAKEN, { code: [CODE_TAKEN] })
      }
      throw error
    }
  }

  private async changeActive(
    actorId: number,
    id: number,
    active: boolean,
    funderBusinessId: number | undefined,
  ): Promise<VoucherView> {
    await this.db.transaction(async (t) => {
      if (!(await repo.setActive(t, id, active, funderBusinessId))) {
        throw new AppError('not_found', 'No such voucher.')
      }
      await this.audit.write(t, actorId, {
        action: active ? 'voucher.enabled' : 'voucher.disabled',
        subjectType: 'voucher',
        subjectId: id,
      })
    })
    return this.view(id)
  }

  private async view(id: number): Promise<VoucherView> {
    const row = await repo.voucherById(this.db, id)
    if (!row) throw new AppError('not_found', 'No such voucher.')
    const [view] = await this.views([row])
    if (!view) throw new Error('a voucher without its view')
    return view
  }

  private async views(rows: repo.VoucherRow[]): Promise<VoucherView[]> {
    const ids = [...new Set(rows.flatMap((row) => (row.funder_business_id === null ? [] : [row.funder_business_id])))]
    const names = await this.shops.publicNamesOf(ids)
    return rows.map((row) => {
      const voucher = toVoucher(row)
      return {
        id: row.id,
        code: row.code,
        fundedBy: row.funder_business_id === null ? 'marketplace' : 'vendor',
        funderName: row.funder_business_id === null ? 'Soko' : (names.get(row.funder_business_id)?.name ?? 'the shop'),
        kind: voucher.kind,
        value: voucher.kind === 'fixed' ? voucher.value / 100 : voucher.value,
        maxDiscount: voucher.maxDiscountCents === null ? null : voucher.maxDiscountCents / 100,
        description: describeVoucher(voucher),
        minSpend: row.min_spend_cents / 100,
        maxUses: row.max_uses,
        maxUsesPerCustomer: row.max_uses_per_customer,
        usedCount: row.used_count,
        startsAt: row.starts_at?.toISOString() ?? null,
        endsAt: row.ends_at?.toISOString() ?? null,
        categoryIds: row.category_ids,
        vendorIds: row.business_ids,
        active: row.is_active,
        createdAt: row.created_at.toISOString(),
      }
    })
  }
}

/** A stored voucher as the domain's rules read it. */
export function toVoucher(row: repo.VoucherRow): Voucher {
  return {
    code: row.code,
    funderVendorId: row.funder_business_id,
    kind: row.kind as VoucherKind,
    value: row.value,
    maxDiscountCents: row.max_discount_cents,
    minSpendCents: row.min_spend_cents,
    maxUses: row.max_uses,
    maxUsesPerCustomer: row.max_uses_per_customer,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    categoryIds: row.category_ids,
    vendorIds: row.business_ids,
    active: row.is_active,
  }
}
