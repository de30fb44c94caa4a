import type { AdminUsersQuery } from '@soko/contract/admin'
import type { Role } from '@soko/contract/auth'
import { type Db, queryRows } from '@soko/db/client'
import { type SQL, sql } from 'drizzle-orm'
import { readPage } from '../page-read-model.ts'
import { likePattern } from '../shared.ts'

// Accounts as the admin area lists them, with the shops they own and how many orders they placed. Read only: role
// changes and disabling are the accounts module's writes (accounts/users.ts).

export interface AdminUserRow {
  id: number
  email: string
  first_name: string
  last_name: string
  phone: string | null
  role: Role
  disabled_at: Date | string | null
  disabled_reason: string | null
  shops: { id: number; name: string }[] | null
  order_count: number
  created_at: Date | string
}

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
  return readPage(db, query, { columns, from: sql`users u`, where: filters(query), orderBy })
}

export async function getUser(db: Db, id: number): Promise<AdminUserRow | null> {
  const rows = await queryRows<AdminUserRow>(db, sql`select ${columns} from users u where u.id = ${id}`)
  return rows[0] ?? null
}
