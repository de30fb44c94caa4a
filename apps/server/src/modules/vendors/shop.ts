import { type Shop, type ShopUpdateBody, VENDOR_MESSAGES } from '@soko/contract/vendor'
import type { Db } from '@soko/db/client'
import type { Ctx } from '../../plugins/auth.ts'
import type { RateLimit } from '../../plugins/config.ts'
import { AppError } from '../../plugins/errors.ts'
import type { AccountsService } from '../accounts/service.ts'
import type { AuditService } from '../audit/service.ts'
import type { Mailer } from '../mail/mailer.ts'
import { payoutPhoneChangedEmail } from './notifications.ts'
import * as repo from './shop-repository.ts'

/** Shop applications per user: a handful is plenty for typos; more is someone scripting. */
export const APPLY_LIMIT: RateLimit = { max: 5, windowMs: 60 * 60 * 1000 }

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
    verifiedAt: row.verified_at?.toISOString() ?? null,
    isActive: row.is_active,
    isSuspended: !row.is_active,
    suspendedReason: row.is_active ? null : row.suspended_reason,
    createdAt: row.created_at.toISOString(),
  }
}

/** The profile fields of an application or an edit, and nothing else of its body. */
export function shopProfile(body: repo.ShopProfile): repo.ShopProfile {
  const { name, type, description, county, town, phone, payoutPhone } = body
  return { name, type, description, county, town, phone, payoutPhone }
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

/**
 * Shops (businesses) and their payouts: the owner's own shop and its profile edits, what other modules need to
 * know of shops (names, contacts), and the admins' changes (verification, suspension, payouts). Opening a shop is
 * the open-shop flow (it also makes the account a vendor's).
 */
export class ShopService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountsService,
    private readonly mailer: Mailer,
    private readonly audit: AuditService,
  ) {}

  /** A new shop of `ownerId` under the first free slug of `slugBase`, live at once and unverified (in `t`). */
  async create(t: Db, shop: Omit<repo.NewShop, 'slug'> & { slugBase: string }): Promise<repo.ShopRow> {
    const { slugBase, ...fields } = shop
    return repo.insertShop(t, { ...fields, slug: await repo.freeShopSlug(t, slugBase) })
  }

  /** The shop a user owns (a vendor's); null when they have none. */
  shopOf(ownerId: number, db: Db = this.db): Promise<repo.ShopRow | null> {
    return repo.shopOfOwner(db, ownerId)
  }

  // An admin's changes to a shop (in the admin area's transaction `t`, which audits them)

  /** Locks the shop's row for the rest of the transaction; false when there is no such shop. */
  lock(t: Db, id: number): Promise<boolean> {
    return repo.lockShop(t, id)
  }

  /** Gives or takes away the Verified Seller badge. */
  setVerified(t: Db, id: number, verified: boolean): Promise<void> {
    return repo.setVerified(t, id, verified)
  }

  /** Suspends the shop with the reason its owner sees (null reinstates it); its products leave the storefront. */
  setSuspended(t: Db, id: number, reason: string | null): Promise<void> {
    return repo.setSuspended(t, id, reason)
  }

  /** A shop as a payout sees it: its name, payout number, whether it is verified and open, its owner. */
  payoutTarget(t: Db, id: number): Promise<repo.PayoutTargetRow | null> {
    return repo.payoutTarget(t, id)
  }

  /** Shops that may be paid out: verified, not suspended, with a payout number. */
  payableShopIds(): Promise<number[]> {
    return repo.payableShopIds(this.db)
  }

  /** The signed-in vendor's own shop (401 signed out, 403 not a vendor, 404 no shop). */
  requireOwnShop(ctx: Ctx): Promise<repo.ShopRow> {
    return requireShop(this.db, ctx)
  }

  /** Each shop's name and slug (an order shows which shop sends which part). */
  async publicNamesOf(ids: number[]): Promise<Map<number, { name: string; slug: string }>> {
    return new Map((await repo.namesOf(this.db, ids)).map((row) => [row.id, { name: row.name, slug: row.slug }]))
  }

  /** Open shops' slugs and last changes (the sitemap lists their pages). */
  activeSlugs(): Promise<{ slug: string; updated_at: Date }[]> {
    return repo.activeShopSlugs(this.db)
  }

  /** Shops' names, contact addresses and owners (in the caller's transaction `t`). */
  async contactsOf(
    t: Db,
    ids: number[],
  ): Promise<Map<number, { name: string; email: string; phone: string; ownerId: number | null }>> {
    const rows = await repo.contactsOf(t, ids)
    return new Map(
      rows.map((row) => [row.id, { name: row.name, email: row.email, phone: row.phone, ownerId: row.owner_id }]),
    )
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
    const { updated, outboxId } = await this.db.transaction(async (t) => {
      const locked = await repo.shopOfOwner(t, userId, true)
      if (!locked) throw new AppError('not_found', VENDOR_MESSAGES.noShop)
      // Another save changed the number after we looked: this one was not confirmed for a change from that one.
      if (locked.payout_phone !== shop.payout_phone && body.payoutPhone !== locked.payout_phone) {
        throw new AppError('conflict', VENDOR_MESSAGES.payoutChangedMeanwhile, {
          payoutPhone: [VENDOR_MESSAGES.payoutChangedMeanwhile],
        })
      }
      const updated = await repo.updateShop(t, locked.id, { ...shopProfile(body), email: body.email })
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
