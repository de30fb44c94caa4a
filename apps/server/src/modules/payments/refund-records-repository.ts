import type { Db } from '@soko/db/client'
import { refunds } from '@soko/db/schema/payments'
import type { RowOf } from '@soko/db/typed-sql'
import type { PaymentMethod } from '@soko/domain/order-states'
import type { RefundCause, RefundState } from '@soko/domain/refund-states'
import { asc, eq } from 'drizzle-orm'

// SQL of refunds as they are approved: one row per vendor part refunded (sending them is another concern).

export interface NewRefund {
  paymentId: number
  orderId: number
  vendorOrderId: number
  returnId: number | null
  cause: RefundCause
  method: PaymentMethod
  goodsCents: number
  deliveryCents: number
  vatCents: number
  marketplaceCents: number
  commissionCents: number
  amountCents: number
  phone: string | null
  reason: string
  approvedBy: number | null
  /** Only for money given back before the ledger (the opening backfill): sent already. */
  state?: RefundState
  sentAt?: Date | null
}

export async function insertRefund(t: Db, refund: NewRefund): Promise<number> {
  const [row] = await t.insert(refunds).values(refund).returning({ id: refunds.id })
  if (!row) throw new Error('the refund was not stored')
  return row.id
}

const refundShape = {
  id: refunds.id,
  payment_id: refunds.paymentId,
  order_id: refunds.orderId,
  vendor_order_id: refunds.vendorOrderId,
  return_id: refunds.returnId,
  cause: refunds.cause,
  method: refunds.method,
  state: refunds.state,
  goods_cents: refunds.goodsCents,
  delivery_cents: refunds.deliveryCents,
  vat_cents: refunds.vatCents,
  marketplace_cents: refunds.marketplaceCents,
  commission_cents: refunds.commissionCents,
  amount_cents: refunds.amountCents,
  phone: refunds.phone,
  reason: refunds.reason,
  approved_by: refunds.approvedBy,
  created_at: refunds.createdAt,
}

export type RefundRow = RowOf<typeof refundShape>

/** A vendor part's refunds, oldest first. */
export function refundsOfPart(db: Db, vendorOrderId: number): Promise<RefundRow[]> {
  return db.select(refundShape).from(refunds).where(eq(refunds.vendorOrderId, vendorOrderId)).orderBy(asc(refunds.id))
}

/** An order's refunds, oldest first. */
export function refundsOfOrder(db: Db, orderId: number): Promise<RefundRow[]> {
  return db.select(refundShape).from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id))
}
