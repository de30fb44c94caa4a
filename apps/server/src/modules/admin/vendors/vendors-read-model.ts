import type { AdminVendorsQuery } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { users } from '@soko/db/schema/accounts'
import { businesses } from '@soko/db/schema/vendors'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { type SQL, sql } from 'drizzle-orm'
import { readPage } from '../page-read-model.ts'
import { likePattern } from '../shared.ts'

// Shops as the admin area sees them: owner, counts, status, and what the marketplace owes them. Read only:
// verifying, suspending and recording payouts are the vendors module's writes.

const vendorShape = {
  id: businesses.id,
  name: businesses.name,
  slug: businesses.slug,
  type: businesses.type,
  county: businesses.county,
  town: businesses.town,
  is_verified: businesses.isVerified,
  verified_at: businesses.verifiedAt,
  is_active: businesses.isActive,
  suspended_reason: businesses.suspendedReason,
  created_at: businesses.createdAt,
  owner_id: value.nullable(users.id),
  owner_email: value.nullable(users.email),
  owner_name: value.nullable(value.text),
  product_count: value.int,
  active_product_count: value.int,
  order_count: value.int,
  owed_cents: value.int,
}

export type AdminVendorRow = RowOf<typeof vendorShape>

/**
 * What the shop is owed for what it delivered (decision 0014): its pending, available and in-transit money in the
 * ledger, less the net of the parts paid but not delivered yet (owed only once delivered, as the payout screens say).
 */
const owed = sql`((select coalesce(sum(case when e.side = 'credit' then e.cents else -e.cents end), 0)::bigint
    from ledger_entries e where e.vendor_id = b.id
      and e.account in ('vendor_pending', 'vendor_available', 'vendor_payout_in_transit'))
  - (select coalesce(sum(v.subtotal_cents - v.commission_cents), 0)::bigint from vendor_orders v
    where v.business_id = b.id and v.status in ('paid', 'processing', 'shipped')))::int`

const columns = sql`b.id, b.name, b.slug, b.type, b.county, b.town, b.is_verified, b.verified_at, b.is_active,
  b.suspended_reason, b.created_at, u.id as owner_id, u.email as owner_email,
  nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as owner_name,
  (select count(*)::int from products p where p.business_id = b.id) as product_count,
  (select count(*)::int from products p where p.business_id = b.id and p.is_active) as active_product_count,
  (select count(*)::int from vendor_orders v where v.business_id = b.id and v.status <> 'pending_payment')
    as order_count,
  ${owed} as owed_cents`

function filters(query: AdminVendorsQuery): SQL {
  const where: SQL[] = [sql`true`]
  if (query.q) {
    const pattern = likePattern(query.q)
    where.push(sql`(b.name ilike ${pattern} or b.slug ilike ${pattern} or u.email ilike ${pattern})`)
  }
  if (query.status === 'verified') where.push(sql`b.is_active and b.is_verified`)
  if (query.status === 'unverified') where.push(sql`b.is_active and not b.is_verified`)
  if (query.status === 'suspended') where.push(sql`not b.is_active`)
  return sql.join(where, sql` and `)
}

const from = sql`businesses b left join users u on u.id = b.owner_id`

export function listVendors(db: Db, query: AdminVendorsQuery): Promise<{ count: number; rows: AdminVendorRow[] }> {
  return readPage(db, query, { shape: vendorShape, columns, from, where: filters(query), orderBy: sql`b.name, b.id` })
}

export async function getVendor(db: Db, id: number): Promise<AdminVendorRow | null> {
  const rows = await typedRows(db, vendorShape, sql`select ${columns} from ${from} where b.id = ${id}`)
  return rows[0] ?? null
}
