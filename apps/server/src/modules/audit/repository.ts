import type { Db } from '@soko/db/client'
import { sql } from 'drizzle-orm'

// SQL of audit_log: who did what to which record.

export async function insertEntry(
  db: Db,
  entry: { actorId: number; action: string; subjectType: string; subjectId: number | null; detail: object },
): Promise<void> {
  await db.execute(
    sql`insert into audit_log (actor_id, action, subject_type, subject_id, detail)
        values (${entry.actorId}, ${entry.action}, ${entry.subjectType}, ${entry.subjectId},
          ${JSON.stringify(entry.detail)}::jsonb)`,
  )
}
