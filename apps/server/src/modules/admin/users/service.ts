import type { AdminUser, AdminUsersPage, AdminUsersQuery } from '@soko/contract/admin'
import type { Role } from '@soko/contract/auth'
import type { Db } from '@soko/db/client'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import type { SessionStore } from '../../accounts/sessions.ts'
import type { Users } from '../../accounts/users.ts'
import type { AuditService } from '../../audit/service.ts'
import { audited, isoOrNull, listPage, lockedRow, requireAdmin } from '../shared.ts'
import * as read from './users-read-model.ts'

const NOT_FOUND = 'No user with this id.'

function toAdminUser(row: read.AdminUserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    role: row.role,
    is_disabled: row.disabled_at !== null,
    disabled_at: isoOrNull(row.disabled_at),
    disabled_reason: row.disabled_reason,
    shops: row.shops ?? [],
    order_count: row.order_count,
    created_at: row.created_at.toISOString(),
  }
}

const label = (row: read.AdminUserRow) => `${row.first_name} ${row.last_name}`.trim() || row.email

/** Accounts: roles, and disabling one (it cannot sign in, and every session it has ends at once). */
export class AdminUsersService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly users: Users,
    private readonly sessions: SessionStore,
  ) {}

  list(ctx: Ctx, query: AdminUsersQuery): Promise<AdminUsersPage> {
    return listPage(ctx, query, () => read.listUsers(this.db, query), toAdminUser)
  }

  private locked(t: Db, id: number): Promise<read.AdminUserRow> {
    return lockedRow(t, id, this.users, read.getUser, NOT_FOUND)
  }

  /** A role is read on every request, so the change holds from the user's next request on. */
  async setRole(ctx: Ctx, id: number, role: Role): Promise<AdminUser> {
    const admin = requireAdmin(ctx)
    if (id === admin.id && role !== 'superuser') {
      throw new AppError('conflict', 'You cannot remove your own admin role; ask another admin.')
    }
    return audited(ctx, this.db, this.audit, async (t, record) => {
      const user = await this.locked(t, id)
      if (user.role === role) return toAdminUser(user)
      await this.users.setRole(t, id, role)
      const detail = { name: label(user), from: user.role, to: role }
      await record({ action: 'user.role_changed', subjectType: 'user', subjectId: id, detail })
      return toAdminUser({ ...user, role })
    })
  }

  async disable(ctx: Ctx, id: number, reason: string): Promise<AdminUser> {
    const admin = requireAdmin(ctx)
    if (id === admin.id) throw new AppError('conflict', 'You cannot disable your own account.')
    return audited(ctx, this.db, this.audit, async (t, record) => {
      const user = await this.locked(t, id)
      await this.users.setDisabled(t, id, reason)
      const ended = await this.sessions.endAllOf(t, id)
      const detail = { name: label(user), reason, sessions_ended: ended }
      await record({ action: 'user.disabled', subjectType: 'user', subjectId: id, detail })
      const updated = await read.getUser(t, id)
      if (!updated) throw new AppError('not_found', NOT_FOUND)
      return toAdminUser(updated)
    })
  }

  enable(ctx: Ctx, id: number): Promise<AdminUser> {
    return audited(ctx, this.db, this.audit, async (t, record) => {
      const user = await this.locked(t, id)
      if (user.disabled_at === null) return toAdminUser(user)
      await this.users.setDisabled(t, id, null)
      await record({ action: 'user.enabled', subjectType: 'user', subjectId: id, detail: { name: label(user) } })
      return toAdminUser({ ...user, disabled_at: null, disabled_reason: null })
    })
  }
}
