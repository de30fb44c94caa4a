import { type ApplyBody, type Shop, VENDOR_MESSAGES } from '@soko/contract/vendor'
import type { Db } from '@soko/db/client'
import { slugFromName } from '@soko/domain/slug'
import type { Users } from '../modules/accounts/users.ts'
import type { AuditService } from '../modules/audit/service.ts'
import type { RateLimiter } from '../modules/rate-limits/service.ts'
import { APPLY_LIMIT, isUniqueViolation, type ShopService, shopProfile, toShop } from '../modules/vendors/shop.ts'
import type { Ctx } from '../plugins/auth.ts'
import { AppError } from '../plugins/errors.ts'

/**
 * A signed-in customer opens a shop, in one transaction: the user's row locked (two applications at once cannot
 * both create one; one shop per user) → the shop, live at once and unverified → the account becomes a vendor's →
 * the audit entry.
 */
export class OpenShop {
  constructor(
    private readonly modules: {
      db: Db
      shops: ShopService
      users: Users
      limiter: RateLimiter
      audit: AuditService
    },
  ) {}

  async run(ctx: Ctx, body: ApplyBody): Promise<Shop> {
    const { db, shops, users, limiter, audit } = this.modules
    if (!ctx.user) throw new AppError('unauthorized', 'Sign in to open a shop.')
    const userId = ctx.user.id
    if (ctx.user.role === 'superuser') throw new AppError('forbidden', VENDOR_MESSAGES.adminCannotApply)
    await limiter.consume(`vendor-apply:${userId}`, APPLY_LIMIT)
    const slugBase = slugFromName(body.name) || 'shop'
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction(async (t) => {
          const user = await users.lock(t, userId)
          if (!user) throw new AppError('unauthorized', 'Sign in to open a shop.')
          if (user.role === 'superuser') throw new AppError('forbidden', VENDOR_MESSAGES.adminCannotApply)
          const existing = await shops.shopOf(userId, t)
          if (existing) throw new AppError('conflict', `${VENDOR_MESSAGES.alreadyHasShop} (${existing.name})`)
          const shop = await shops.create(t, { ownerId: userId, slugBase, ...shopProfile(body), email: user.email })
          await users.setRole(t, userId, 'vendor')
          await audit.write(t, userId, {
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
}
