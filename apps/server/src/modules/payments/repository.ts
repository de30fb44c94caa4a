import type { Db } from '@soko/db/client'
import { paymentEvents, payments } from '@soko/db/schema/payments'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import type { PaymentMethod } from '@soko/domain/order-states'
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm'

// SQL of payments (each attempt to pay an order) and payment_events (everything the providers said, kept raw).

const paymentShape = {
  id: payments.id,
  order_id: payments.orderId,
  method: payments.method,
  status: payments.status,
  amount_cents: payments.amountCents,
  phone: payments.phone,
  reference: payments.reference,
  checkout_request_id: payments.checkoutRequestId,
  receipt: payments.receipt,
  result_code: payments.resultCode,
  result_desc: payments.resultDesc,
  redirect_url: payments.redirectUrl,
  queries: payments.queries,
  created_at: payments.createdAt,
  updated_at: payments.updatedAt,
}

export type PaymentRow = RowOf<typeof paymentShape>

/** The latest payment attempt of each order. */
export async function latestPayments(db: Db, orderIds: number[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return []
  return db
    .selectDistinctOn([payments.orderId], paymentShape)
    .from(payments)
    .where(inArray(payments.orderId, orderIds))
    .orderBy(asc(payments.orderId), desc(payments.createdAt), desc(payments.id))
}

/** The attempts `where` finds (the first `limit` by id, when given), locked for the transaction when `lock`. */
function paymentsWhere(db: Db, where: SQL | undefined, lock: boolean, limit?: number): Promise<PaymentRow[]> {
  const query = db.select(paymentShape).from(payments).where(where).$dynamic()
  if (limit !== undefined) query.orderBy(asc(payments.id)).limit(limit)
  return lock ? query.for('update') : query
}

export async function paymentById(db: Db, id: number, lock = false): Promise<PaymentRow | null> {
  const [row] = await paymentsWhere(db, eq(payments.id, id), lock)
  return row ?? null
}

export async function paymentByCheckoutRequestId(db: Db, checkoutRequestId: string): Promise<PaymentRow | null> {
  const [row] = await paymentsWhere(db, eq(payments.checkoutRequestId, checkoutRequestId), true)
  return row ?? null
}

export async function paymentByReference(db: Db, reference: string): Promise<PaymentRow | null> {
  const [row] = await paymentsWhere(db, eq(payments.reference, reference), true)
  return row ?? null
}

/**
 * The one M-Pesa attempt whose push was accepted but whose CheckoutRequestID was never stored (its process died
 * between Daraja's answer and the write), matched by phone and amount; null when none or several could be it.
 */
export async function unrecordedPush(db: Db, phoneE164: string, amountCents: number): Promise<PaymentRow | null> {
  const rows = await paymentsWhere(
    db,
    and(
      eq(payments.method, 'mpesa'),
      isNull(payments.checkoutRequestId),
      inArray(payments.status, ['pending', 'expired']),
      eq(payments.phone, phoneE164),
      eq(payments.amountCents, amountCents),
      gt(payments.createdAt, sql`now() - interval '1 day'`),
    ),
    true,
    2,
  )
  return rows.length === 1 ? (rows[0] ?? null) : null
}

export async function hasCheckoutRequest(db: Db, checkoutRequestId: string): Promise<boolean> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.checkoutRequestId, checkoutRequestId))
  return rows.length > 0
}

export async function pendingPaymentOf(db: Db, orderId: number): Promise<PaymentRow | null> {
  const [row] = await paymentsWhere(db, and(eq(payments.orderId, orderId), eq(payments.status, 'pending')), true)
  return row ?? null
}

export async function countPayments(db: Db, orderId: number): Promise<number> {
  const rows = await db.select({ n: count() }).from(payments).where(eq(payments.orderId, orderId))
  return rows[0]?.n ?? 0
}

export async function insertPayment(
  db: Db,
  payment: { orderId: number; method: PaymentMethod; amountCents: number; phone: string | null; reference: string },
): Promise<number> {
  const { orderId, method, amountCents, phone, reference } = payment
  const rows = await db
    .insert(payments)
    .values({ orderId, method, amountCents, phone, reference })
    .returning({ id: payments.id })
  const id = rows[0]?.id
  if (id === undefined) throw new Error('insert into payments returned no id')
  return id
}

export interface PaymentUpdate {
  status?: string
  merchantRequestId?: string
  checkoutRequestId?: string
  receipt?: string | null
  resultCode?: number | null
  resultDesc?: string | null
  redirectUrl?: string
  cardLast4?: string | null
  cardBrand?: string | null
  settled?: boolean
  addQuery?: boolean
}

export async function updatePayment(db: Db, id: number, update: PaymentUpdate): Promise<void> {
  const { settled, addQuery, ...columns } = update
  await db
    .update(payments)
    .set({
      ...columns,
      updatedAt: sql`now()`,
      ...(settled ? { settledAt: sql`now()` } : {}),
      ...(addQuery ? { queries: sql`${payments.queries} + 1` } : {}),
    })
    .where(eq(payments.id, id))
}

/** Marks every other pending attempt of an order cancelled (one attempt has been paid). */
export async function supersedePendingPayments(db: Db, orderId: number, paidPaymentId: number): Promise<void> {
  await db
    .update(payments)
    .set({
      status: 'cancelled',
      settledAt: sql`now()`,
      updatedAt: sql`now()`,
      resultDesc: 'Another payment for this order went through.',
    })
    .where(and(eq(payments.orderId, orderId), ne(payments.id, paidPaymentId), eq(payments.status, 'pending')))
}

/** Settles an order's open attempts when the order ends unpaid. */
export async function closePendingPayments(db: Db, orderId: number, status: 'expired' | 'cancelled'): Promise<void> {
  await db
    .update(payments)
    .set({ status, settledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
}

/** Marks an order's paid attempts as owed back to the shopper (a paid order cancelled). */
export async function markRefundDue(db: Db, orderId: number): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'refund_due', updatedAt: sql`now()` })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')))
}

/** Payment attempts by method and status (for /metrics). */
export function countPaymentsByOutcome(db: Db) {
  return typedRows(
    db,
    { method: payments.method, status: payments.status, n: value.int },
    sql`select method, status, count(*)::int as n from payments group by method, status order by 1, 2`,
  )
}

export async function insertPaymentEvent(
  db: Db,
  event: { paymentId: number | null; source: string; outcome: string; rawBody: string; remoteAddress: string },
): Promise<void> {
  const { paymentId, source, outcome, remoteAddress } = event
  await db
    .insert(paymentEvents)
    .values({ paymentId, source, outcome, rawBody: event.rawBody.slice(0, 65_536), remoteAddress })
}

/** Marks the order's paid (or owed-back) attempts refunded. Returns their ids. */
export async function markPaymentsRefunded(db: Db, orderId: number): Promise<number[]> {
  const rows = await db
    .update(payments)
    .set({ status: 'refunded', updatedAt: sql`now()` })
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['paid', 'refund_due'])))
    .returning({ id: payments.id })
  return rows.map((row) => row.id)
}

/** Every attempt of an order, oldest first. */
export function paymentsOfOrder(db: Db, orderId: number): Promise<PaymentRow[]> {
  return db
    .select(paymentShape)
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id))
}

/** Every attempt in one of `statuses`, oldest first (the ledger's opening backfill). */
export function paymentsInStatuses(db: Db, statuses: readonly string[]): Promise<PaymentRow[]> {
  return db
    .select(paymentShape)
    .from(payments)
    .where(inArray(payments.status, [...statuses]))
    .orderBy(asc(payments.id))
}
