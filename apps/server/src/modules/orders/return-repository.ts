import type { Db } from '@soko/db/client'
import { orderItems, orders, returnLines, returns, vendorOrders } from '@soko/db/schema/orders'
import { type RowOf, typedRows } from '@soko/db/typed-sql'
import type { ReturnMethod, ReturnReason, ReturnState } from '@soko/domain/return-states'
import { and, asc, eq, inArray, ne, type SQL, sql, sum } from 'drizzle-orm'

// SQL of returns and their lines (decision 0013): opening one, moving it, and reading them for the order's shopper
// and for the part's shop.

const returnShape = {
  id: returns.id,
  order_id: returns.orderId,
  vendor_order_id: returns.vendorOrderId,
  business_id: vendorOrders.businessId,
  order_number: orders.orderNumber,
  state: returns.state,
  method: returns.method,
  refusal_reason: returns.refusalReason,
  amount_cents: returns.amountCents,
  accepted_at: returns.acceptedAt,
  refused_at: returns.refusedAt,
  received_at: returns.receivedAt,
  refunded_at: returns.refundedAt,
  created_at: returns.createdAt,
}

export type ReturnRow = RowOf<typeof returnShape>

const returnColumns = sql`r.id, r.order_id, r.vendor_order_id, v.business_id, o.order_number, r.state, r.method, r.refusal_reason,
  r.amount_cents, r.accepted_at, r.refused_at, r.received_at, r.refunded_at, r.created_at`

/** One return, locked with its vendor part and its order (as a part is locked) until the transaction ends. */
export async function lockReturn(db: Db, id: number): Promise<ReturnRow | null> {
  const [row] = await typedRows(
    db,
    returnShape,
    sql`select ${returnColumns} from returns r join vendor_orders v on v.id = r.vendor_order_id join orders o on o.id = r.order_id
        where r.id = ${id} for update of r, v, o`,
  )
  return row ?? null
}

/** The returns of some orders, or of a shop's parts, newest first. */
export function returnsWhere(db: Db, where: { orderId: number } | { businessId: number }): Promise<ReturnRow[]> {
  const filter: SQL = 'orderId' in where ? sql`r.order_id = ${where.orderId}` : sql`v.business_id = ${where.businessId}`
  return typedRows(
    db,
    returnShape,
    sql`select ${returnColumns} from returns r join vendor_orders v on v.id = r.vendor_order_id join orders o on o.id = r.order_id
        where ${filter} order by r.created_at desc, r.id desc limit 200`,
  )
}

export async function linesOf(db: Db, returnIds: number[]) {
  if (returnIds.length === 0) return []
  return db
    .select({
      return_id: returnLines.returnId,
      order_item_id: returnLines.orderItemId,
      product_name: orderItems.productName,
      quantity: returnLines.quantity,
      reason: returnLines.reason,
      note: returnLines.note,
    })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .where(inArray(returnLines.returnId, returnIds))
    .orderBy(asc(returnLines.id))
}

/** How many of each of the order's lines open or finished returns hold (refused ones hold none). */
export async function heldQuantities(db: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ item: returnLines.orderItemId, held: sum(returnLines.quantity).mapWith(Number) })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(eq(returns.orderId, orderId), ne(returns.state, 'refused')))
    .groupBy(returnLines.orderItemId)
  return new Map(rows.map((row) => [row.item, row.held]))
}

export interface NewReturn {
  orderId: number
  vendorOrderId: number
  amountCents: number
  lines: { orderItemId: number; quantity: number; reason: ReturnReason; note: string | null }[]
}

/** Writes a requested return and its lines; its id. */
export async function insertReturn(t: Db, input: NewReturn): Promise<number> {
  const [row] = await t
    .insert(returns)
    .values({ orderId: input.orderId, vendorOrderId: input.vendorOrderId, amountCents: input.amountCents })
    .returning({ id: returns.id })
  if (!row) throw new Error('return not written')
  await t.insert(returnLines).values(input.lines.map((line) => ({ ...line, returnId: row.id })))
  return row.id
}

export interface ReturnMove {
  to: ReturnState
  method?: ReturnMethod
  refusalReason?: string
}

/** Stores a return's move: its state and the time (and details) of the step. */
export async function moveReturn(t: Db, id: number, move: ReturnMove): Promise<void> {
  const now = sql`now()`
  const step = {
    requested: {},
    accepted: { acceptedAt: now, method: move.method ?? null },
    refused: { refusedAt: now, refusalReason: move.refusalReason ?? null },
    received: { receivedAt: now },
    refunded: { refundedAt: now },
  }[move.to]
  await t
    .update(returns)
    .set({ state: move.to, updatedAt: now, ...step })
    .where(eq(returns.id, id))
}

/** What the order's refunded returns gave back, in cents. */
export async function refundedCents(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sum(returns.amountCents).mapWith(Number) })
    .from(returns)
    .where(and(eq(returns.orderId, orderId), eq(returns.state, 'refunded')))
  return row?.cents ?? 0
}
