import type { AdminRefundsQuery } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { orders } from '@soko/db/schema/orders'
import { refunds } from '@soko/db/schema/payments'
import { businesses } from '@soko/db/schema/vendors'
import { type RowOf, typedRows } from '@soko/db/typed-sql'
import { type SQL, sql } from 'drizzle-orm'
import { readPage } from '../page-read-model.ts'
import { likePattern } from '../shared.ts'

// Refunds as the admin area reads them: each with its order and shop. Read only: sending one again is the
// send-refund flow's (src/flows/send-refund.ts).

const refundShape = {
  id: refunds.id,
  order_id: refunds.orderId,
  order_number: orders.orderNumber,
  business_id: businesses.id,
  business_name: businesses.name,
  amount_cents: refunds.amountCents,
  method: refunds.method,
  phone: refunds.phone,
  state: refunds.state,
  cause: refunds.cause,
  reason: refunds.reason,
  result_desc: refunds.resultDesc,
  provider_reference: refunds.providerReference,
  attempts: refunds.attempts,
  created_at: refunds.createdAt,
  sent_at: refunds.sentAt,
}

export type AdminRefundRow = RowOf<typeof refundShape>

const columns = sql`r.id, r.order_id, o.order_number, b.id as business_id, b.name as business_name, r.amount_cents,
  r.method, r.phone, r.state, r.cause, r.reason, r.result_desc, r.provider_reference, r.attempts, r.created_at,
  r.sent_at`
const from = sql`refunds r join orders o on o.id = r.order_id join vendor_orders v on v.id = r.vendor_order_id
  join businesses b on b.id = v.business_id`

function filters(query: AdminRefundsQuery): SQL {
  const where: SQL[] = [sql`true`]
  if (query.state) where.push(sql`r.state = ${query.state}`)
  if (query.q) where.push(sql`o.order_number ilike ${likePattern(query.q)}`)
  return sql.join(where, sql` and `)
}

export function listRefunds(db: Db, query: AdminRefundsQuery): Promise<{ count: number; rows: AdminRefundRow[] }> {
  return readPage(db, query, {
    shape: refundShape,
    columns,
    from,
    where: filters(query),
    orderBy: sql`r.created_at desc, r.id desc`,
  })
}

export async function getRefund(db: Db, id: number): Promise<AdminRefundRow | null> {
  const rows = await typedRows(db, refundShape, sql`select ${columns} from ${from} where r.id = ${id}`)
  return rows[0] ?? null
}
