import type { Db } from '@soko/db/client'
import * as repo from './repository.ts'

/** What admins do in the admin area. */
export type AdminAuditAction =
  | 'product.deactivated'
  | 'product.reactivated'
  | 'order.refunded'
  | 'order.delivery_confirmed'
  | 'refund.retried'
  | 'return.refunded'
  | 'return.rejected'
  | 'payout.recorded'
  | 'payout.started'
  | 'payout.asked_again'
  | 'payouts.run'
  | 'user.role_changed'
  | 'user.disabled'
  | 'user.enabled'
  | 'shop.verified'
  | 'shop.unverified'
  | 'shop.suspended'
  | 'shop.unsuspended'
  | 'category.created'
  | 'category.updated'
  | 'category.reordered'
  | 'category.deleted'
  | 'banner.created'
  | 'banner.updated'
  | 'banner.deleted'
  | 'contact_message.handled'
  | 'delivery.fees_changed'
  | 'pickup_station.created'
  | 'pickup_station.updated'
  | 'pickup.collected'
  | 'pay_on_delivery.collected'
  | 'outbox_email.read'
  | 'c2b.resolved'
  | 'ledger.adjusted'
  | 'flash_sale.scheduled'
  | 'flash_sale.cancelled'
  | 'voucher.created'
  | 'voucher.enabled'
  | 'voucher.disabled'
  | 'search_synonym.created'
  | 'search_synonym.updated'
  | 'search_synonym.deleted'

/** What vendors do to their own shop that is worth a record. */
export type VendorAuditAction = 'vendor.applied' | 'vendor.payout_phone_changed'

export type AuditAction = AdminAuditAction | VendorAuditAction

export interface AuditEntry {
  action: AuditAction
  subjectType:
    | 'product'
    | 'order'
    | 'return'
    | 'shop'
    | 'business'
    | 'user'
    | 'category'
    | 'banner'
    | 'contact_message'
    | 'delivery'
    | 'pickup_station'
    | 'outbox_email'
    | 'payouts'
    | 'c2b_payment'
    | 'ledger'
    | 'flash_sale'
    | 'voucher'
    | 'search_synonym'
  subjectId: number | null
  /** Kept for the record; admins' entries carry `name` (what the subject is called) for the activity sentence. */
  detail?: Record<string, unknown>
}

/**
 * The audit log (audit_log): every change made in the admin area, and a vendor's sensitive changes to its shop,
 * written by the module making the change, in the same transaction as the change itself (`t`).
 */
export class AuditService {
  async write(t: Db, actorId: number, entry: AuditEntry): Promise<void> {
    await repo.insertEntry(t, {
      actorId,
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      detail: entry.detail ?? {},
    })
  }
}
