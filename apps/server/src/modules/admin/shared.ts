import type { SessionUser } from '@soko/contract/auth'
import type { Db } from '@soko/db/client'
import { type Ctx, requireRole } from '../../plugins/auth.ts'
import { AppError } from '../../plugins/errors.ts'
import type { AuditEntry, AuditService } from '../audit/service.ts'

// What every part of the admin area shares: who acts, transactions, pages, the audit log.

/** The superuser acting (the admin routes' guard has admitted them already; this keeps services honest). */
export function requireAdmin(ctx: Ctx): SessionUser {
  return requireRole(ctx, 'superuser')
}

/** The work of an audited change, in its transaction `t`. */
export type AuditedChange<T> = (t: Db, record: (entry: AuditEntry) => Promise<void>) => Promise<T>

/**
 * A change made in the admin area: by a superuser, in one transaction (`transaction`, when the owning module runs
 * its own), where `record` writes the change's audit entry.
 */
export function audited<T>(
  ctx: Ctx,
  db: Db,
  audit: AuditService,
  change: AuditedChange<T>,
  transaction: (work: (t: Db) => Promise<T>) => Promise<T> = (work) => db.transaction(work),
): Promise<T> {
  const admin = requireAdmin(ctx)
  return transaction((t) => change(t, (entry) => audit.write(t, admin.id, entry)))
}

export interface PageRequest {
  page: number
  per_page: number
}

/** One page of an admin list, for superusers only: `read` finds the page's rows, `toItem` answers each. */
export async function listPage<Row, Item>(
  ctx: Ctx,
  request: PageRequest,
  read: () => Promise<{ count: number; rows: Row[] }>,
  toItem: (row: Row) => Item,
) {
  requireAdmin(ctx)
  const { count, rows } = await read()
  return {
    count,
    page: request.page,
    per_page: request.per_page,
    total_pages: Math.ceil(count / request.per_page),
    results: rows.map(toItem),
  }
}

/**
 * The row `id` names, locked for the rest of the transaction by the module that owns it (`owner.lock`), then read;
 * 404 with `notFound` when there is none.
 */
export async function lockedRow<Row>(
  t: Db,
  id: number,
  owner: { lock(t: Db, id: number): Promise<unknown> },
  read: (t: Db, id: number) => Promise<Row | null>,
  notFound: string,
): Promise<Row> {
  const row = (await owner.lock(t, id)) ? await read(t, id) : null
  if (!row) throw new AppError('not_found', notFound)
  return row
}

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString()
}
