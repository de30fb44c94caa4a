import type { Db } from '@soko/db/client'
import { orderItems, orders, returnLines, returnPhotos, returns, vendorOrders } from '@soko/db/schema/orders'
import { type RowOf, typedRows } from '@soko/db/typed-sql'
import { OPEN_RETURN_STATES, type ReturnMethod, type ReturnReason } from '@soko/domain/return-states'
import { and, asc, count, eq, inArray, ne, type SQL, sql, sum } from 'drizzle-orm'

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
  refunded_cents: returns.refundedCents,
  dispute_cause: returns.disputeCause,
  decision_note: returns.decisionNote,
  accepted_at: returns.acceptedAt,
  refused_at: returns.refusedAt,
  disputed_at: returns.disputedAt,
  received_at: returns.receivedAt,
  refunded_at: returns.refundedAt,
  decided_at: returns.decidedAt,
  created_at: returns.createdAt,
}

export type ReturnRow = RowOf<typeof returnShape>

const returnColumns = sql`r.id, r.order_id, r.vendor_order_id, v.business_id, o.order_number, r.state, r.method, r.refusal_reason,
  r.amount_cents, r.refunded_cents, r.dispute_cause, r.decision_note, r.accepted_at, r.refused_at, r.disputed_at,
  r.received_at, r.refunded_at, r.decided_at, r.created_at`

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

/**
 * The returns of an order, or of a shop's parts, newest first; or the dispute desk's: every return that went there,
 * the undecided first, then the latest decided.
 */
export function returnsWhere(
  db: Db,
  where: { orderId: number } | { businessId: number } | { disputes: true },
): Promise<ReturnRow[]> {
  if ('disputes' in where) {
    return typedRows(
      db,
      returnShape,
      sql`select ${returnColumns} from returns r join vendor_orders v on v.id = r.vendor_order_id join orders o on o.id = r.order_id
          where r.disputed_at is not null order by (r.state = 'disputed') desc, r.disputed_at desc, r.id desc limit 200`,
    )
  }
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

/** How many of each of the order's lines open or finished returns hold (rejected ones hold none). */
export async function heldQuantities(db: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ item: returnLines.orderItemId, held: sum(returnLines.quantity).mapWith(Number) })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(eq(returns.orderId, orderId), ne(returns.state, 'rejected')))
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

/** An admin's decision of a dispute, told to both sides. */
export interface Decision {
  note: string
  by: number
}

/** A return's move and what the step records. */
export type ReturnMove =
  | { to: 'accepted'; method: ReturnMethod }
  | { to: 'disputed'; cause: 'refused'; refusalReason: string }
  | { to: 'disputed'; cause: 'unanswered' }
  | { to: 'received' }
  | { to: 'refunded'; refundedCents: number; decision?: Decision }
  | { to: 'rejected'; decision: Decision }

function decided(decision: Decision | undefined) {
  return decision ? { decisionNote: decision.note, decidedBy: decision.by, decidedAt: sql`now()` } : {}
}

/** Stores a return's move: its state and the time (and details) of the step. */
export async function moveReturn(t: Db, id: number, move: ReturnMove): Promise<void> {
  const now = sql`now()`
  const step = (() => {
    switch (move.to) {
      case 'accepted':
        return { acceptedAt: now, method: move.method }
      case 'disputed':
        return move.cause === 'refused'
          ? { disputedAt: now, disputeCause: move.cause, refusedAt: now, refusalReason: move.refusalReason }
          : { disputedAt: now, disputeCause: move.cause }
      case 'received':
        return { receivedAt: now }
      case 'refunded':
        return { refundedAt: now, refundedCents: move.refundedCents, ...decided(move.decision) }
      case 'rejected':
        return decided(move.decision)
    }
  })()
  await t
    .update(returns)
    .set({ state: move.to, updatedAt: now, ...step })
    .where(eq(returns.id, id))
}

/** What the order's refunded returns gave back, in cents. */
export async function refundedCents(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sum(returns.refundedCents).mapWith(Number) })
    .from(returns)
    .where(and(eq(returns.orderId, orderId), eq(returns.state, 'refunded')))
  return row?.cents ?? 0
}

/** Whether a vendor part has a return still being settled (its money stays pending meanwhile). */
export async function hasOpenReturn(db: Db, vendorOrderId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(returns)
    .where(and(eq(returns.vendorOrderId, vendorOrderId), inArray(returns.state, [...OPEN_RETURN_STATES])))
  return (row?.n ?? 0) > 0
}

/** The photos of some returns, oldest first. */
export function photosOf(db: Db, returnIds: number[]) {
  if (returnIds.length === 0) return Promise.resolve([])
  return db
    .select({ id: returnPhotos.id, return_id: returnPhotos.returnId })
    .from(returnPhotos)
    .where(inArray(returnPhotos.returnId, returnIds))
    .orderBy(asc(returnPhotos.id))
}

export async function photoCount(db: Db, returnId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(returnPhotos).where(eq(returnPhotos.returnId, returnId))
  return row?.n ?? 0
}

/** Writes a photo's row; its id (its files are written under that id before the transaction commits). */
export async function insertPhoto(t: Db, returnId: number): Promise<number> {
  const [row] = await t.insert(returnPhotos).values({ returnId }).returning({ id: returnPhotos.id })
  if (!row) throw new Error('return photo not written')
  return row.id
}

/** Whether a photo exists (a photo of a deleted return is gone with it). */
export async function photoExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: returnPhotos.id }).from(returnPhotos).where(eq(returnPhotos.id, id))
  return row !== undefined
}
