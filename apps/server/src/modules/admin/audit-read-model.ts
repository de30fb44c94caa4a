import type { Db } from '@soko/db/client'
import { auditLog } from '@soko/db/schema/audit'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import type { AdminAuditAction, AuditEntry } from '../audit/service.ts'

// The audit log as the admin area reads it, each entry with the name of who made it (read only: the audit module
// writes it).

const auditShape = {
  id: auditLog.id,
  actor_name: value.nullable(value.text),
  action: auditLog.action,
  subject_type: auditLog.subjectType,
  subject_id: auditLog.subjectId,
  detail: auditLog.detail,
  created_at: auditLog.createdAt,
}

export type AuditRow = RowOf<typeof auditShape>

export function listRecentAudit(db: Db, limit: number): Promise<AuditRow[]> {
  return typedRows(
    db,
    auditShape,
    sql`select a.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) as actor_name,
          a.action, a.subject_type, a.subject_id, a.detail, a.created_at
        from audit_log a left join users u on u.id = a.actor_id
        order by a.created_at desc, a.id desc limit ${limit}`,
  )
}

/** The latest entry of one action on one subject (e.g. an order's refund), with who did it. */
export async function latestAudit(
  db: Db,
  action: AdminAuditAction,
  subjectType: AuditEntry['subjectType'],
  subjectId: number,
): Promise<AuditRow | null> {
  const rows = await typedRows(
    db,
    auditShape,
    sql`select a.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) as actor_name,
          a.action, a.subject_type, a.subject_id, a.detail, a.created_at
        from audit_log a left join users u on u.id = a.actor_id
        where a.action = ${action} and a.subject_type = ${subjectType} and a.subject_id = ${subjectId}
        order by a.created_at desc, a.id desc limit 1`,
  )
  return rows[0] ?? null
}
