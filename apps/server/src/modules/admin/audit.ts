import { type Db, queryRows } from '@soko/db/client'
import { sql } from 'drizzle-orm'

// The audit log: every change made in the admin area, written in the same transaction as the change itself.

export type AuditAction =
  | 'product.deactivated'
  | 'product.reactivated'
  | 'order.refunded'
  | 'payout.recorded'
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
  | 'outbox_email.read'

export interface AuditEntry {
  action: AuditAction
  subjectType: 'product' | 'order' | 'shop' | 'user' | 'category' | 'banner' | 'contact_message' | 'outbox_email'
  subjectId: number | null
  /** `name` (what the subject is called) makes the activity sentence; the rest is kept for the record. */
  detail: { name: string } & Record<string, unknown>
}

export async function writeAudit(db: Db, actorId: number, entry: AuditEntry): Promise<void> {
  await db.execute(
    sql`insert into audit_log (actor_id, action, subject_type, subject_id, detail)
        values (${actorId}, ${entry.action}, ${entry.subjectType}, ${entry.subjectId}, ${JSON.stringify(entry.detail)}::jsonb)`,
  )
}

export interface AuditRow {
  id: number
  actor_name: string | null
  action: string
  subject_type: string
  subject_id: number | null
  detail: Record<string, unknown>
  created_at: Date | string
}

export function listRecentAudit(db: Db, limit: number): Promise<AuditRow[]> {
  return queryRows<AuditRow>(
    db,
    sql`select a.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) as actor_name,
          a.action, a.subject_type, a.subject_id, a.detail, a.created_at
        from audit_log a left join users u on u.id = a.actor_id
        order by a.created_at desc, a.id desc limit ${limit}`,
  )
}

/** The latest entry of one action on one subject (e.g. an order's refund), with who did it. */
export async function latestAudit(
  db: Db,
  action: AuditAction,
  subjectType: AuditEntry['subjectType'],
  subjectId: number,
): Promise<AuditRow | null> {
  const rows = await queryRows<AuditRow>(
    db,
    sql`select a.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) as actor_name,
          a.action, a.subject_type, a.subject_id, a.detail, a.created_at
        from audit_log a left join users u on u.id = a.actor_id
        where a.action = ${action} and a.subject_type = ${subjectType} and a.subject_id = ${subjectId}
        order by a.created_at desc, a.id desc limit 1`,
  )
  return rows[0] ?? null
}

const VERBS: Record<AuditAction, string> = {
  'product.deactivated': 'took down the product',
  'product.reactivated': 'put back the product',
  'order.refunded': 'refunded order',
  'payout.recorded': 'recorded a payout to',
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
  'outbox_email.read': 'read the email',
}

/** "Wanjiru Kamau suspended the shop Gikomba Fashions: Counterfeit goods." */
export function auditSentence(row: AuditRow): string {
  const actor = row.actor_name ?? 'A former admin'
  const verb = VERBS[row.action as AuditAction] ?? row.action
  const detail = row.detail
  const name = typeof detail.name === 'string' ? detail.name : `#${row.subject_id ?? ''}`
  let tail = ''
  if (typeof detail.reason === 'string') tail = `: ${detail.reason}`
  else if (row.action === 'user.role_changed' && typeof detail.to === 'string') tail = ` to ${detail.to}`
  else if (row.action === 'payout.recorded' && typeof detail.amount === 'string') tail = ` (${detail.amount})`
  return `${actor} ${verb} ${name}${tail}${/[.!?]$/.test(tail) ? '' : '.'}`
}
