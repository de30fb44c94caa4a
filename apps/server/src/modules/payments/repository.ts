import { type Db, queryRows } from '@soko/db/client'
import { sql } from 'drizzle-orm'

// SQL of payments (each attempt to pay an order) and payment_events (everything the providers said, kept raw).

export interface PaymentRow {
  id: number
  order_id: number
  method: 'mpesa' | 'credit-card'
  status: string
  amount_cents: number
  phone: string | null
  reference: string
  checkout_request_id: string | null
  receipt: string | null
  result_code: number | null
  result_desc: string | null
  redirect_url: string | null
  queries: number
  created_at: Date
  updated_at: Date
}

const paymentColumns = sql`p.id, p.order_id, p.method, p.status, p.amount_cents, p.phone, p.reference,
  p.checkout_request_id, p.receipt, p.result_code, p.result_desc, p.redirect_url, p.queries, p.created_at, p.updated_at`

/** The latest payment attempt of each order. */
export function latestPayments(db: Db, orderIds: number[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return Promise.resolve([])
  return queryRows<PaymentRow>(
    db,
    sql`select distinct on (p.order_id) ${paymentColumns} from payments p
        where p.order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by p.order_id, p.created_at desc, p.id desc`,
  )
}

export async function paymentById(db: Db, id: number, lock = false): Promise<PaymentRow | null> {
  const rows = await queryRows<PaymentRow>(
    db,
    sql`select ${paymentColumns} from payments p where p.id = ${id} ${lock ? sql`for update` : sql``}`,
  )
  return rows[0] ?? null
}

export async function paymentByCheckoutRequestId(db: Db, checkoutRequestId: string): Promise<PaymentRow | null> {
  const rows = await queryRows<PaymentRow>(
    db,
    sql`select ${paymentColumns} from payments p where p.checkout_request_id = ${checkoutRequestId} for update`,
  )
  return rows[0] ?? null
}

export async function paymentByReference(db: Db, reference: string): Promise<PaymentRow | null> {
  const rows = await queryRows<PaymentRow>(
    db,
    sql`select ${paymentColumns} from payments p where p.reference = ${reference} for update`,
  )
  return rows[0] ?? null
}

/**
 * The one M-Pesa attempt whose push was accepted but whose CheckoutRequestID was never stored (its process died
 * between Daraja's answer and the write), matched by phone and amount; null when none or several could be it.
 */
export async function unrecordedPush(db: Db, phoneE164: string, amountCents: number): Promise<PaymentRow | null> {
  const rows = await queryRows<PaymentRow>(
    db,
    sql`select ${paymentColumns} from payments p
        where p.method = 'mpesa' and p.checkout_request_id is null and p.status in ('pending', 'expired')
          and p.phone = ${phoneE164} and p.amount_cents = ${amountCents}
          and p.created_at > now() - interval '1 day'
        order by p.id limit 2 for update`,
  )
  return rows.length === 1 ? (rows[0] ?? null) : null
}

export async function hasCheckoutRequest(db: Db, checkoutRequestId: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from payments where checkout_request_id = ${checkoutRequestId}`,
  )
  return rows.length > 0
}

export async function pendingPaymentOf(db: Db, orderId: number): Promise<PaymentRow | null> {
  const rows = await queryRows<PaymentRow>(
    db,
    sql`select ${paymentColumns} from payments p where p.order_id = ${orderId} and p.status = 'pending' for update`,
  )
  return rows[0] ?? null
}

export async function countPayments(db: Db, orderId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from payments where order_id = ${orderId}`,
  )
  return rows[0]?.n ?? 0
}

export async function insertPayment(
  db: Db,
  payment: { orderId: number; method: string; amountCents: number; phone: string | null; reference: string },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into payments (order_id, method, amount_cents, phone, reference)
        values (${payment.orderId}, ${payment.method}, ${payment.amountCents}, ${payment.phone}, ${payment.reference})
        returning id`,
  )
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
  const sets = [sql`updated_at = now()`]
  if (update.status !== undefined) sets.push(sql`status = ${update.status}`)
  if (update.merchantRequestId !== undefined) sets.push(sql`merchant_request_id = ${update.merchantRequestId}`)
  if (update.checkoutRequestId !== undefined) sets.push(sql`checkout_request_id = ${update.checkoutRequestId}`)
  if (update.receipt !== undefined) sets.push(sql`receipt = ${update.receipt}`)
  if (update.resultCode !== undefined) sets.push(sql`result_code = ${update.resultCode}`)
  if (update.resultDesc !== undefined) sets.push(sql`result_desc = ${update.resultDesc}`)
  if (update.redirectUrl !== undefined) sets.push(sql`redirect_url = ${update.redirectUrl}`)
  if (update.cardLast4 !== undefined) sets.push(sql`card_last4 = ${update.cardLast4}`)
  if (update.cardBrand !== undefined) sets.push(sql`card_brand = ${update.cardBrand}`)
  if (update.settled) sets.push(sql`settled_at = now()`)
  if (update.addQuery) sets.push(sql`queries = queries + 1`)
  await db.execute(sql`update payments set ${sql.join(sets, sql`, `)} where id = ${id}`)
}

/** Marks every other pending attempt of an order cancelled (one attempt has been paid). */
export async function supersedePendingPayments(db: Db, orderId: number, paidPaymentId: number): Promise<void> {
  await db.execute(sql`
    update payments set status = 'cancelled', settled_at = now(), updated_at = now(),
      result_desc = 'Another payment for this order went through.'
    where order_id = ${orderId} and id <> ${paidPaymentId} and status = 'pending'`)
}

/** Settles an order's open attempts when the order ends unpaid. */
export async function closePendingPayments(db: Db, orderId: number, status: 'expired' | 'cancelled'): Promise<void> {
  await db.execute(sql`
    update payments set status = ${status}, settled_at = now(), updated_at = now()
    where order_id = ${orderId} and status = 'pending'`)
}

/** Marks an order's paid attempts as owed back to the shopper (a paid order cancelled). */
export async function markRefundDue(db: Db, orderId: number): Promise<void> {
  await db.execute(sql`
    update payments set status = 'refund_due', updated_at = now() where order_id = ${orderId} and status = 'paid'`)
}

/** Payment attempts by method and status (for /metrics). */
export function countPaymentsByOutcome(db: Db): Promise<{ method: string; status: string; n: number }[]> {
  return queryRows(
    db,
    sql`select method, status, count(*)::int as n from payments group by method, status order by 1, 2`,
  )
}

export async function insertPaymentEvent(
  db: Db,
  event: { paymentId: number | null; source: string; outcome: string; rawBody: string; remoteAddress: string },
): Promise<void> {
  await db.execute(sql`
    insert into payment_events (payment_id, source, outcome, raw_body, remote_address)
    values (${event.paymentId}, ${event.source}, ${event.outcome}, ${event.rawBody.slice(0, 65_536)},
      ${event.remoteAddress})`)
}

/** Marks the order's paid (or owed-back) attempts refunded. Returns their ids. */
export async function markPaymentsRefunded(db: Db, orderId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update payments set status = 'refunded', updated_at = now()
        where order_id = ${orderId} and status in ('paid', 'refund_due') returning id`,
  )
  return rows.map((row) => row.id)
}

/** Every attempt of an order, oldest first. */
export function paymentsOfOrder(db: Db, orderId: number): Promise<PaymentRow[]> {
  return queryRows<PaymentRow>(
    db,
    sql`select ${paymentColumns} from payments p where p.order_id = ${orderId} order by p.created_at, p.id`,
  )
}
