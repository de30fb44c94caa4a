import type { Db } from '@soko/db/client'
import { c2bPayments, paymentEvents, payments, refunds } from '@soko/db/schema/payments'
import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm'

// SQL of the payments module's M-Pesa movements for the reconciliation (docs/decisions/0032-reconciliation.md): STK
// payments that took money or heard of it, Paybill confirmations, B2C refunds, and the raw messages M-Pesa sent for
// them. Each read is bounded by the period and a row limit.

export interface Period {
  from: Date
  to: Date
  /** At most this many rows per read (the caller asks one more to know when it was cut). */
  limit: number
}

/** Payment statuses where M-Pesa took the money. */
const MONEY_IN = ['paid', 'refund_due', 'refunded']

const within = (column: SQL, period: Period) => sql`${column} >= ${period.from} and ${column} < ${period.to}`

/** STK attempts of the period (settled then, or made then) that took money or had a success callback. */
export function stkPayments(db: Db, period: Period) {
  const when = sql`coalesce(${payments.settledAt}, ${payments.createdAt})`
  const successCallback = sql`exists (select 1 from ${paymentEvents} e where e.payment_id = ${payments.id}
    and e.source = 'mpesa-callback' and e.raw_body like '%MpesaReceiptNumber%')`
  return db
    .select({
      id: payments.id,
      order_id: payments.orderId,
      status: payments.status,
      amount_cents: payments.amountCents,
      phone: payments.phone,
      receipt: payments.receipt,
      at: sql<Date>`${when}`.mapWith(payments.createdAt),
    })
    .from(payments)
    .where(
      and(eq(payments.method, 'mpesa'), within(when, period), or(inArray(payments.status, MONEY_IN), successCallback)),
    )
    .orderBy(desc(when), desc(payments.id))
    .limit(period.limit)
}

/** Paybill confirmations received in the period. */
export function c2bConfirmations(db: Db, period: Period) {
  return db
    .select({
      id: c2bPayments.id,
      trans_id: c2bPayments.transId,
      amount_cents: c2bPayments.amountCents,
      bill_ref: c2bPayments.billRef,
      msisdn: c2bPayments.msisdn,
      order_id: c2bPayments.orderId,
      payment_id: c2bPayments.paymentId,
      problem: c2bPayments.problem,
      resolved_at: c2bPayments.resolvedAt,
      resolution_note: c2bPayments.resolutionNote,
      at: c2bPayments.createdAt,
    })
    .from(c2bPayments)
    .where(and(gte(c2bPayments.createdAt, period.from), lt(c2bPayments.createdAt, period.to)))
    .orderBy(desc(c2bPayments.createdAt), desc(c2bPayments.id))
    .limit(period.limit)
}

/** B2C refunds (method mpesa) sent, or made, in the period; the caller keeps those M-Pesa moved money for. */
export function mpesaRefunds(db: Db, period: Period) {
  const when = sql`coalesce(${refunds.sentAt}, ${refunds.createdAt})`
  return db
    .select({
      id: refunds.id,
      payment_id: refunds.paymentId,
      order_id: refunds.orderId,
      vendor_order_id: refunds.vendorOrderId,
      state: refunds.state,
      amount_cents: refunds.amountCents,
      phone: refunds.phone,
      provider_reference: refunds.providerReference,
      at: sql<Date>`${when}`.mapWith(refunds.createdAt),
    })
    .from(refunds)
    .where(and(eq(refunds.method, 'mpesa'), within(when, period)))
    .orderBy(desc(when), desc(refunds.id))
    .limit(period.limit)
}

/** The raw messages of these sources received for these payments, oldest first. */
export function eventsOf(db: Db, paymentIds: readonly number[], sources: readonly string[]) {
  if (paymentIds.length === 0) return Promise.resolve([])
  return db
    .select({
      payment_id: paymentEvents.paymentId,
      source: paymentEvents.source,
      outcome: paymentEvents.outcome,
      raw_body: paymentEvents.rawBody,
    })
    .from(paymentEvents)
    .where(and(inArray(paymentEvents.paymentId, [...new Set(paymentIds)]), inArray(paymentEvents.source, [...sources])))
    .orderBy(asc(paymentEvents.id))
}

/** The refunds owed back from these payment attempts (why, how much, whether sent). */
export function refundsOfPayments(db: Db, paymentIds: readonly number[]) {
  if (paymentIds.length === 0) return Promise.resolve([])
  return db
    .select({
      payment_id: refunds.paymentId,
      cause: refunds.cause,
      state: refunds.state,
      amount_cents: refunds.amountCents,
    })
    .from(refunds)
    .where(inArray(refunds.paymentId, [...new Set(paymentIds)]))
}
