import type { AdminUser, AdminUsersPage, RoleBody } from '@soko/contract/admin'
import { useId, useState } from 'react'
import { api } from '../../lib/api-client.ts'
import { formatDate, formatDateTime } from '../../lib/format.ts'
import {
  AdminDialog,
  failureText,
  ListCount,
  ListFilters,
  Pagination,
  ReasonDialog,
  TableScroll,
  Tag,
  useAdminWrite,
} from './admin-ui.tsx'

type Role = RoleBody['role']
const ROLE_LABELS: Record<Role, string> = { customer: 'Customer', vendor: 'Vendor', superuser: 'Superuser (admin)' }
const ROLES = Object.keys(ROLE_LABELS) as Role[]

type Open =
  | { kind: 'role'; user: AdminUser; role: Role }
  | { kind: 'disable'; user: AdminUser }
  | { kind: 'enable'; user: AdminUser }
  | null

const nameOf = (user: AdminUser) => `${user.first_name} ${user.last_name}`.trim() || user.email

/** A row's role picker: choosing a different role asks to confirm before anything changes. */
function RolePicker({ user, onPick }: { user: AdminUser; onPick: (role: Role) => void }) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id} className="visually-hidden">
        Role of {user.email}
      </label>
      <select id={id} value={user.role} onChange={(event) => onPick(event.target.value as Role)}>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * Every account (section 2's admin users screen): search and role filter, changing a role (customer, vendor,
 * superuser), disabling an account with a reason (it is signed out everywhere at once) and enabling it again.
 */
export function UsersScreen({ page, search }: { page: AdminUsersPage; search: URLSearchParams }) {
  const [open, setOpen] = useState<Open>(null)
  const setRole = useAdminWrite(
    ({ user, role }: { user: AdminUser; role: Role }) =>
      api<AdminUser>(`/api/admin/users/${user.id}/role/`, { method: 'PUT', body: { role } }),
    (user) => `${user.email} is now a ${ROLE_LABELS[user.role].toLowerCase()}.`,
  )
  const disable = useAdminWrite(
    ({ user, reason }: { user: AdminUser; reason: string }) =>
      api<AdminUser>(`/api/admin/users/${user.id}/disable/`, { method: 'POST', body: { reason } }),
    (user) => `${user.email} was disabled and signed out.`,
  )
  const enable = useAdminWrite(
    (user: AdminUser) => api<AdminUser>(`/api/admin/users/${user.id}/enable/`, { method: 'POST' }),
    (user) => `${user.email} can sign in again.`,
  )
  const close = () => {
    setRole.reset()
    disable.reset()
    enable.reset()
    setOpen(null)
  }

  return (
    <section aria-labelledby="users-title" className="admin-form">
      <h2 id="users-title">Users</h2>
      <ListFilters
        search={search}
        searchLabel="Search users"
        placeholder="Email or name"
        selects={[
          {
            name: 'role',
            label: 'Role',
            options: [['', 'All roles'], ...ROLES.map((role) => [role, ROLE_LABELS[role]] as const)],
          },
        ]}
      />
      <ListCount count={page.count} noun={['user', 'users']} empty="No users match." />
      {page.results.length > 0 && (
        <TableScroll label="Users">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {page.results.map((user) => (
                <tr key={user.id}>
                  <th scope="row">
                    {nameOf(user)}
                    <span className="admin-table__sub">{user.email}</span>
                    {user.phone && <span className="admin-table__sub">{user.phone}</span>}
                    <span className="admin-table__sub">
                      Joined {formatDate(user.created_at)}; {user.order_count}{' '}
                      {user.order_count === 1 ? 'order' : 'orders'}
                      {user.shops.length > 0 && `; owns ${user.shops.map((shop) => shop.name).join(', ')}`}
                    </span>
                  </th>
                  <td>
                    <RolePicker
                      user={user}
                      onPick={(role) => role !== user.role && setOpen({ kind: 'role', user, role })}
                    />
                  </td>
                  <td>
                    {user.is_disabled ? (
                      <>
                        <Tag tone="bad">Disabled</Tag>
                        {user.disabled_reason && (
                          <span className="admin-table__sub">Reason: {user.disabled_reason}</span>
                        )}
                        {user.disabled_at && (
                          <span className="admin-table__sub">Since {formatDateTime(user.disabled_at)}</span>
                        )}
                      </>
                    ) : (
                      <Tag tone="good">Active</Tag>
                    )}
                  </td>
                  <td>
                    {user.is_disabled ? (
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-label={`Enable ${user.email}`}
                        onClick={() => setOpen({ kind: 'enable', user })}
                      >
                        Enable
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-label={`Disable ${user.email}`}
                        onClick={() => setOpen({ kind: 'disable', user })}
                      >
                        Disable
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination page={page.page} totalPages={page.total_pages} search={search} label="Users" />

      {open?.kind === 'role' && (
        <AdminDialog
          title={`Change the role of ${open.user.email}`}
          description={`From ${ROLE_LABELS[open.user.role]} to ${ROLE_LABELS[open.role]}.${open.role === 'superuser' ? ' Superusers can do everything in this admin area.' : ''}`}
          confirmLabel="Change role"
          busyLabel="Changing..."
          isBusy={setRole.isPending}
          failure={setRole.isError ? failureText(setRole.error, 'Could not change the role.') : ''}
          onConfirm={() => setRole.mutate({ user: open.user, role: open.role }, { onSuccess: close })}
          onClose={close}
        />
      )}
      {open?.kind === 'disable' && (
        <ReasonDialog
          title={`Disable ${open.user.email}`}
          description="The account cannot sign in and is signed out everywhere at once."
          confirmLabel="Disable account"
          busyLabel="Disabling..."
          danger
          isBusy={disable.isPending}
          failure={disable.isError ? failureText(disable.error, 'Could not disable the account.') : ''}
          onSubmitReason={(reason) => disable.mutate({ user: open.user, reason }, { onSuccess: close })}
          onClose={close}
        />
      )}
      {open?.kind === 'enable' && (
        <AdminDialog
          title={`Enable ${open.user.email}`}
          description="The account can sign in again."
          confirmLabel="Enable account"
          busyLabel="Enabling..."
          isBusy={enable.isPending}
          failure={enable.isError ? failureText(enable.error, 'Could not enable the account.') : ''}
          onConfirm={() => enable.mutate(open.user, { onSuccess: close })}
          onClose={close}
        />
      )}
    </section>
  )
}
