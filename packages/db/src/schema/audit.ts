import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { createdAt } from './columns.ts'

/** What admins and vendors did (verify, suspend, deactivate, refund, role changes ...): the admin's recent activity. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt,
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc())],
)
