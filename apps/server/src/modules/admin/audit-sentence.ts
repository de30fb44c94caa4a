import type { AdminAuditAction } from '../audit/service.ts'
import type { AuditRow } from './audit-read-model.ts'

// The dashboard's recent activity: audit entries as sentences.

const VERBS: Record<AdminAuditAction, string> = {
  'product.deactivated': 'took down the product',
  'product.reactivated': 'put back the product',
  'order.refunded': 'refunded order',
  'order.delivery_confirmed': 'confirmed a delivery of order',
  'refund.retried': 'sent again a failed refund of order',
  'return.refunded': 'refunded a disputed return of order',
  'return.rejected': 'rejected a disputed return of order',
  'payout.recorded': 'recorded a payout to',
  'payout.started': 'paid by M-Pesa',
  'payout.asked_again': 'asked M-Pesa again about a payout to',
  'payouts.run': 'ran the scheduled payouts',
  'user.role_changed': 'changed the role of',
  'user.disabled': 'disabled the account of',
  'user.enabled': 'enabled the account of',
  'shop.verified': 'verified the shop',
  'shop.unverified': 'removed the Verified Seller badge of',
  'shop.suspended': 'suspended the shop',
  'shop.unsuspended': 'lifted the suspension of',
  'category.created': 'created the category',
  'category.updated': 'edited the category',
  'category.reordered': 'reordered the categories under',
  'category.deleted': 'deleted the category',
  'banner.created': 'created the banner',
  'banner.updated': 'edited the banner',
  'banner.deleted': 'deleted the banner',
  'contact_message.handled': 'handled the message',
  'delivery.fees_changed': 'changed the delivery fees',
  'pickup_station.created': 'added the pickup station',
  'pickup_station.updated': 'edited the pickup station',
  'pickup.collected': 'handed over the parcels of order',
  'pay_on_delivery.collected': 'recorded the payment collected on delivery of order',
  'outbox_email.read': 'read the email',
  'c2b.resolved': 'handled the unmatched Paybill payment',
  'ledger.adjusted': 'recorded a ledger adjustment,',
  'flash_sale.scheduled': 'scheduled a flash sale of',
  'flash_sale.cancelled': 'cancelled the flash sale of',
  'voucher.created': 'created the voucher',
  'voucher.enabled': 'enabled the voucher',
  'voucher.disabled': 'disabled the voucher',
  'search_synonym.created': 'taught search the word',
  'search_synonym.updated': 'edited what search understands by',
  'search_synonym.deleted': 'removed from search the word',
}

/** "Wanjiru Kamau suspended the shop Gikomba Fashions: Counterfeit goods." */
export function auditSentence(row: AuditRow): string {
  const actor = row.actor_name ?? 'A former admin'
  const verb = VERBS[row.action as AdminAuditAction] ?? row.action
  const detail = row.detail
  const name = typeof detail.name === 'string' ? detail.name : `#${row.subject_id ?? ''}`
  let tail = ''
  if (typeof detail.reason === 'string') tail = `: ${detail.reason}`
  else if (row.action === 'user.role_changed' && typeof detail.to === 'string') tail = ` to ${detail.to}`
  else if (row.action.startsWith('payout.') && typeof detail.amount === 'string') tail = ` (${detail.amount})`
  else if (row.action.startsWith('category.') && isCommissionChange(detail.commission)) {
    tail = ` (commission ${ratePhrase(detail.commission.from)} → ${ratePhrase(detail.commission.to)})`
  }
  return `${actor} ${verb} ${name}${tail}${/[.!?]$/.test(tail) ? '' : '.'}`
}

type CommissionChange = { from: number | null; to: number | null }

const isRate = (value: unknown): value is number | null => value === null || typeof value === 'number'

function isCommissionChange(value: unknown): value is CommissionChange {
  if (typeof value !== 'object' || value === null) return false
  const change = value as Record<string, unknown>
  return isRate(change.from) && isRate(change.to)
}

/** A category's own rate as the activity states it: `12.5%`, or `inherited` for none of its own. */
const ratePhrase = (percent: number | null): string => (percent === null ? 'inherited' : `${percent}%`)
