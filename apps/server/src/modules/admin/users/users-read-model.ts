import type { AdminUsersQuery } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { users } from '@soko/db/schema/accounts'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { type SQL, sql } from 'drizzle-orm'
import { readPage } from '../page-read-model.ts'
import { likePattern } from '../shared.ts'

// Accounts as the admin area lists them, with the shops they own and how many orders they placed. Read only: role
// changes and disabling are the accounts module's writes (accounts/users.ts).

const userShape = {
  id: users.id,
  email: users.email,
  first_name: users.firstName,
  last_name: users.lastName,
  phone: users.phone,
  role: users.role,
  disabled_at: users.disabledAt,
  disabled_reason: users.disabledReason,
  created_at: users.createdAt,
  shops: value.nullable(value.json<{ id: number; name: string }[]>()),
  order_count: value.int,
}

export type AdminUserRow = RowOf<typeof userShape>

const columns = sql`u.id, u.email, u.first_name, u.last_name, u.phone, u.role, u.disabled_at, u.disabled_reason,
  u.created_at,
  (select json_agg(json_build_object('id', b.id, 'name', b.name) order by b.id) from businesses b
    where b.owner_id = u.id) as shops,
  (select count(*)::int from orders o where o.user_id = u.id) as order_count`

function filters(query: AdminUsersQuery): SQL {
  const where: SQL[] = [sql`true`]
  if (query.q) {
    const pattern = likePattern(query.q)
    where.push(sql`(u.email ilike ${pattern} or concat_ws(' ', u.first_name, u.last_name) ilike ${pattern})`)
  }
  if (query.role) where.push(sql`u.role = ${query.role}`)
  return sql.join(where, sql` and `)
}

export function listUsers(db: Db, query: AdminUsersQuery): Promise<{ count: number; rows: AdminUserRow[] }> {
  const orderBy = sql`u.created_at desc, u.id desc`
  return readPage(db, query, { shape: userShape, columns, from: sql`users u`, where: filters(query), orderBy })
}

export async function getUser(db: Db, id: number): Promise<AdminUserRow | null> {
  const rows = await typedRows(db, userShape, sql`select ${columns} from users u where u.id = ${id}`)
  return rows[0] ?? null
}
