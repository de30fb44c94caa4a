import type { AdminC2bUnmatchedQuery } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { orders } from '@soko/db/schema/orders'
import { c2bPayments } from '@soko/db/schema/payments'
import { type RowOf, typedRows } from '@soko/db/typed-sql'
import { type SQL, sql } from 'drizzle-orm'
import { readPage } from '../page-read-model.ts'
import { likePattern } from '../shared.ts'

// Paybill payments that paid no order, as the admin's reconciliation list reads them. Read only: marking one
// handled is the payments module's (PaymentService.resolveC2b).

const c2bShape = {
  id: c2bPayments.id,
  trans_id: c2bPayments.transId,
  amount_cents: c2bPayments.amountCents,
  bill_ref: c2bPayments.billRef,
  msisdn: c2bPayments.msisdn,
  first_name: c2bPayments.firstName,
  short_code: c2bPayments.shortCode,
  problem: c2bPayments.problem,
  refund_owed: c2bPayments.refundOwed,
  order_id: c2bPayments.orderId,
  order_number: orders.orderNumber,
  order_status: orders.status,
  created_at: c2bPayments.createdAt,
  resolved_at: c2bPayments.resolvedAt,
  resolution_note: c2bPayments.resolutionNote,
}
export type AdminC2bRow = RowOf<typeof c2bShape>

const columns = sql`c.id, c.trans_id, c.amount_cents, c.bill_ref, c.msisdn, c.first_name, c.short_code, c.problem,
  c.refund_owed, c.order_id, o.order_number, o.status as order_status, c.created_at, c.resolved_at, c.resolution_note`
const from = sql`c2b_payments c left join orders o on o.id = c.order_id`

function filters(query: AdminC2bUnmatchedQuery): SQL {
  const where: SQL[] = [sql`c.problem is not null`]
  if (query.resolved === 'true') where.push(sql`c.resolved_at is not null`)
  if (query.resolved === 'false') where.push(sql`c.resolved_at is null`)
  if (query.q) where.push(sql`(c.trans_id ilike ${likePattern(query.q)} or c.bill_ref ilike ${likePattern(query.q)})`)
  return sql.join(where, sql` and `)
}

export function listUnmatched(db: Db, query: AdminC2bUnmatchedQuery): Promise<{ count: number; rows: AdminC2bRow[] }> {
  return readPage(db, query, {
    shape: c2bShape,
    columns,
    from,
    where: filters(query),
    orderBy: sql`c.created_at desc, c.id desc`,
  })
}

export async function getUnmatched(db: Db, id: number): Promise<AdminC2bRow | null> {
  const rows = await typedRows(
    db,
    c2bShape,
    sql`select ${columns} from ${from} where c.id = ${id} and c.problem is not null`,
  )
  return rows[0] ?? null
}
