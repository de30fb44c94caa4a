import { type ApplyBody, type Shop, type ShopUpdateBody, slugFromName, VENDOR_MESSAGES } from '@soko/contract/vendor'
import type { Db } from '@soko/db/client'
import type { Ctx } from '../../plugins/auth.ts'
import type { RateLimit } from '../../plugins/config.ts'
import { AppError } from '../../plugins/errors.ts'
import type { AccountsService } from '../accounts/service.ts'
import type { Users } from '../accounts/users.ts'
import type { AuditService } from '../audit/service.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { RateLimiter } from '../rate-limits/service.ts'
import { payoutPhoneChangedEmail } from './notifications.ts'
import * as repo from './shop-repository.ts'

/** Shop applications per user: a handful is plenty for typos; more is someone scripting. */
export const APPLY_LIMIT: RateLimit = { max: 5, windowMs: 60 * 60 * 1000 }

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString())

export function toShop(row: repo.ShopRow): Shop {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    type: row.type,
    description: row.description,
    county: row.county,
    town: row.town,
    phone: row.phone,
    payoutPhone: row.payout_phone,
    email: row.email,
    isVerified: row.is_verified,
    verifiedAt: iso(row.verified_at),
    isActive: row.is_active,
    isSuspended: !row.is_active,
    suspendedReason: row.is_active ? null : row.suspended_reason,
    createdAt: new Date(row.created_at).toISOString(),
  }
}

/** The signed-in vendor's shop: 401 signed out, 403 for anyone but a vendor, 404 for a vendor with no shop. */
export async function requireShop(db: Db, ctx: Ctx): Promise<repo.ShopRow> {
  if (!ctx.user) throw new AppError('unauthorized', 'Sign in to manage your shop.')
  if (ctx.user.role !== 'vendor') throw new AppError('forbidden', 'Only vendors can manage a shop.')
  const shop = await repo.shopOfOwner(db, ctx.user.id)
  if (!shop) throw new AppError('not_found', VENDOR_MESSAGES.noShop)
  return shop
}

/** A unique index said no (a slug taken by someone else between our look and our write). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  const causeCode = (error as { cause?: { code?: unknown } } | null)?.cause?.code
  return code === '23505' || causeCode === '23505'
}

/** Opening a shop, and its owner's edits of its profile (verification and suspension are admins' business). */
export class ShopService {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly accounts: AccountsService,
    private readonly users: Users,
    private readonly mailer: Mailer,
    private readonly audit: AuditService,
  ) {}

  /**
   * A signed-in customer opens a shop: live at once, unverified; the account becomes a vendor's. One shop per
   * user: the user's row is locked while applying, so two applications at once cannot both create one.
   */
  async apply(ctx: Ctx, body: ApplyBody): Promise<Shop> {
    if (!ctx.user) throw new AppError('unauthorized', 'Sign in to open a shop.')
    const userId = ctx.user.id
    if (ctx.user.role === 'superuser') throw new AppError('forbidden', VENDOR_MESSAGES.adminCannotApply)
    await this.limiter.consume(`vendor-apply:${userId}`, APPLY_LIMIT)
    const base = slugFromName(body.name) || 'shop'
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction(async (tx) => {
          const t = tx as unknown as Db
          const user = await this.users.lock(t, userId)
          if (!user) throw new AppError('unauthorized', 'Sign in to open a shop.')
          if (user.role === 'superuser') throw new AppError('forbidden', VENDOR_MESSAGES.adminCannotApply)
          const existing = await repo.shopOfOwner(t, userId)
          if (existing) throw new AppError('conflict', `${VENDOR_MESSAGES.alreadyHasShop} (${existing.name})`)
          const shop = await repo.insertShop(t, {
            ownerId: userId,
            slug: await repo.freeShopSlug(t, base),
            name: body.name,
            type: body.type,
            description: body.description,
            county: body.county,
            town: body.town,
            phone: body.phone,
            payoutPhone: body.payoutPhone,
            email: user.email,
          })
          await this.users.setRole(t, userId, 'vendor')
          await this.audit.write(t, userId, {
            action: 'vendor.applied',
            subjectType: 'business',
            subjectId: shop.id,
            detail: { name: shop.name, slug: shop.slug },
          })
          return toShop(shop)
        })
      } catch (error) {
        // Another shop took the same slug between our look and our insert: look again.
        if (attempt < 3 && isUniqueViolation(error)) continue
        throw error
      }
    }
  }

  /** The signed-in vendor's own shop (401 signed out, 403 not a vendor, 404 no shop). */
  requireOwnShop(ctx: Ctx): Promise<repo.ShopRow> {
    return requireShop(this.db, ctx)
  }

  async get(ctx: Ctx): Promise<Shop> {
    return toShop(await requireShop(this.db, ctx))
  }

  /**
   * The owner edits the profile (the slug, and so the shop's address, stays as it was made). A new payout number
   * (where the shop's earnings go) needs the owner's current password, as a new email address does, and the owner
   * is told by email; the rest of the profile saves without it.
   */
  async update(ctx: Ctx, body: ShopUpdateBody, now = new Date()): Promise<Shop> {
    const shop = await requireShop(this.db, ctx)
    if (!ctx.user) throw new AppError('unauthorized', 'Sign in to manage your shop.')
    const userId = ctx.user.id
    const isPayoutChanged = body.payoutPhone !== shop.payout_phone
    const owner = isPayoutChanged
      ? await this.accounts.confirmCurrentPassword(userId, body.currentPassword, {
          required: VENDOR_MESSAGES.payoutPasswordRequired,
          noPassword: VENDOR_MESSAGES.payoutSetPasswordFirst,
        })
      : null
    const { updated, outboxId } = await this.db.transaction(async (tx) => {
      const t = tx as unknown as Db
      const locked = await repo.shopOfOwner(t, userId, true)
      if (!locked) throw new AppError('not_found', VENDOR_MESSAGES.noShop)
      // Another save changed the number after we looked: this one was not confirmed for a change from that one.
      if (locked.payout_phone !== shop.payout_phone && body.payoutPhone !== locked.payout_phone) {
        throw new AppError('conflict', VENDOR_MESSAGES.payoutChangedMeanwhile, {
          payoutPhone: [VENDOR_MESSAGES.payoutChangedMeanwhile],
        })
      }
      const updated = await repo.updateShop(t, locked.id, {
        name: body.name,
        type: body.type,
        description: body.description,
        county: body.county,
        town: body.town,
        phone: body.phone,
        payoutPhone: body.payoutPhone,
        email: body.email,
      })
      if (!owner || updated.payout_phone === locked.payout_phone) return { updated, outboxId: null }
      await this.audit.write(t, userId, {
        action: 'vendor.payout_phone_changed',
        subjectType: 'business',
        subjectId: locked.id,
      })
      const message = payoutPhoneChangedEmail(owner.email, {
        shopName: updated.name,
        newPhone: body.payoutPhone,
        at: now,
      })
      return { updated, outboxId: await this.mailer.enqueue(t, message) }
    })
    if (outboxId !== null) this.mailer.deliver([outboxId])
    return toShop(updated)
  }
}
