import type { Db } from '@soko/db/client'
import { c2bPayments } from '@soko/db/schema/payments'
import type { RowOf } from '@soko/db/typed-sql'
import type { PaybillProblem } from '@soko/domain/paybill'
import { and, eq, isNull, sql } from 'drizzle-orm'

// SQL of c2b_payments: every M-Pesa C2B confirmation (a payment to our Paybill), keyed by TransID.

const c2bShape = {
  id: c2bPayments.id,
  trans_id: c2bPayments.transId,
  amount_cents: c2bPayments.amountCents,
  bill_ref: c2bPayments.billRef,
  order_id: c2bPayments.orderId,
  payment_id: c2bPayments.paymentId,
  problem: c2bPayments.problem,
  refund_owed: c2bPayments.refundOwed,
  resolved_at: c2bPayments.resolvedAt,
}
export type C2bPaymentRow = RowOf<typeof c2bShape>

export interface NewC2bPayment {
  transId: string
  transType: string
  transTime: string
  amountCents: number
  shortCode: string
  billRef: string
  msisdn: string
  firstName: string
  orderId: number | null
  problem: PaybillProblem | null
  refundOwed: boolean
}

/** Inserts the confirmation; null when its TransID was received before (nothing written). */
export async function insertC2bPayment(db: Db, payment: NewC2bPayment): Promise<number | null> {
  const rows = await db
    .insert(c2bPayments)
    .values(payment)
    .onConflictDoNothing({ target: c2bPayments.transId })
    .returning({ id: c2bPayments.id })
  return rows[0]?.id ?? null
}

export async function setC2bPayment(db: Db, id: number, paymentId: number): Promise<void> {
  await db.update(c2bPayments).set({ paymentId }).where(eq(c2bPayments.id, id))
}

/** Marks an unmatched payment handled; false when there is no such unresolved one. */
export async function resolveC2bPayment(db: Db, id: number, adminId: number, note: string): Promise<boolean> {
  const rows = await db
    .update(c2bPayments)
    .set({ resolvedAt: sql`now()`, resolvedBy: adminId, resolutionNote: note })
    .where(and(eq(c2bPayments.id, id), isNull(c2bPayments.resolvedAt), sql`${c2bPayments.problem} is not null`))
    .returning({ id: c2bPayments.id })
  return rows.length > 0
}

export async function c2bPaymentById(db: Db, id: number): Promise<C2bPaymentRow | null> {
  const [row] = await db.select(c2bShape).from(c2bPayments).where(eq(c2bPayments.id, id))
  return row ?? null
}
