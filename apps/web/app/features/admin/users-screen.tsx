import type { AdminUser, AdminUsersPage, RoleBody } from '@soko/contract/admin'
import { formatPhone } from '@soko/domain/phone'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { ConfirmDialog, ReasonDialog, useDialog, writeState } from '../../components/ui/dialog.tsx'
import { SelectField } from '../../components/ui/form-field.tsx'
import { ListScreen, RowAction } from '../../components/ui/list.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { formatDate, formatDateTime } from '../../lib/format.ts'

type Role = RoleBody['role']
const ROLE_LABELS: Record<Role, string> = { customer: 'Customer', vendor: 'Vendor', superuser: 'Superuser (admin)' }
const ROLES = Object.keys(ROLE_LABELS) as Role[]

type Open = { kind: 'role'; user: AdminUser; role: Role } | { kind: 'disable' | 'enable'; user: AdminUser }

const nameOf = (user: AdminUser) => `${user.first_name} ${user.last_name}`.trim() || user.email

/**
 * Every account (section 2's admin users screen): search and role filter, changing a role (customer, vendor,
 * superuser), disabling an account with a reason (it is signed out everywhere at once) and enabling it again.
 */
export function UsersScreen({ page, search }: { page: AdminUsersPage; search: URLSearchParams }) {
  const setRole = useAnnouncedWrite(
    ({ user, role }: { user: AdminUser; role: Role }) =>
      call('PUT /api/admin/users/:id/role/', { params: { id: user.id }, body: { role } }),
    (user) => `${user.email} is now a ${ROLE_LABELS[user.role].toLowerCase()}.`,
  )
  const disable = useAnnouncedWrite(
    ({ user, reason }: { user: AdminUser; reason: string }) =>
      call('POST /api/admin/users/:id/disable/', { params: { id: user.id }, body: { reason } }),
    (user) => `${user.email} was disabled and signed out.`,
  )
  const enable = useAnnouncedWrite(
    (user: AdminUser) => call('POST /api/admin/users/:id/enable/', { params: { id: user.id } }),
    (user) => `${user.email} can sign in again.`,
  )
  const { open, show, close } = useDialog<Open>(setRole, disable, enable)

  return (
    <ListScreen
      id="users"
      title="Users"
      search={search}
      filters={{
        searchLabel: 'Search users',
        placeholder: 'Email or name',
        selects: [
          {
            name: 'role',
            label: 'Role',
            options: [['', 'All roles'], ...ROLES.map((role) => [role, ROLE_LABELS[role]] as const)],
          },
        ],
      }}
      page={page}
      noun={['user', 'users']}
      empty="No users match."
      columns={['User', 'Role', 'Status', 'Actions']}
      row={(user) => (
        <tr key={user.id}>
          <th scope="row">
            {nameOf(user)}
            <span className="data-table__sub">{user.email}</span>
            {user.phone && <span className="data-table__sub">{formatPhone(user.phone)}</span>}
            <span className="data-table__sub">
              Joined {formatDate(user.created_at)}; {user.order_count} {user.order_count === 1 ? 'order' : 'orders'}
              {user.shops.length > 0 && `; owns ${user.shops.map((shop) => shop.name).join(', ')}`}
            </span>
          </th>
          <td>
            {/* Choosing a different role asks to confirm before anything changes. */}
            <SelectField
              label={`Role of ${user.email}`}
              isLabelHidden
              name="role"
              value={user.role}
              onValueChange={(role) => role !== user.role && show({ kind: 'role', user, role: role as Role })}
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </SelectField>
          </td>
          <td>
            {user.is_disabled ? (
              <>
                <Tag tone="bad">Disabled</Tag>
                {user.disabled_reason && <span className="data-table__sub">Reason: {user.disabled_reason}</span>}
                {user.disabled_at && <span className="data-table__sub">Since {formatDateTime(user.disabled_at)}</span>}
              </>
            ) : (
              <Tag tone="good">Active</Tag>
            )}
          </td>
          <td>
            {user.is_disabled ? (
              <RowAction label="Enable" name={`Enable ${user.email}`} onClick={() => show({ kind: 'enable', user })} />
            ) : (
              <RowAction
                label="Disable"
                name={`Disable ${user.email}`}
                onClick={() => show({ kind: 'disable', user })}
              />
            )}
          </td>
        </tr>
      )}
      dialogs={
        <>
          {open?.kind === 'role' && (
            <ConfirmDialog
              title={`Change the role of ${open.user.email}`}
              description={`From ${ROLE_LABELS[open.user.role]} to ${ROLE_LABELS[open.role]}.${open.role === 'superuser' ? ' Superusers can do everything in this admin area.' : ''}`}
              confirmLabel="Change role"
              busyLabel="Changing..."
              {...writeState(setRole, 'Could not change the role.')}
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
              {...writeState(disable, 'Could not disable the account.')}
              onSubmitReason={(reason) => disable.mutate({ user: open.user, reason }, { onSuccess: close })}
              onClose={close}
            />
          )}
          {open?.kind === 'enable' && (
            <ConfirmDialog
              title={`Enable ${open.user.email}`}
              description="The account can sign in again."
              confirmLabel="Enable account"
              busyLabel="Enabling..."
              {...writeState(enable, 'Could not enable the account.')}
              onConfirm={() => enable.mutate(open.user, { onSuccess: close })}
              onClose={close}
            />
          )}
        </>
      }
    />
  )
}
