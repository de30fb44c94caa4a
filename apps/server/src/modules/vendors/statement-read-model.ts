import type { Db } from '@soko/db/client'
import { orders, vendorOrders } from '@soko/db/schema/orders'
import { payments, refunds } from '@soko/db/schema/payments'
import { payouts } from '@soko/db/schema/payouts'
import { and, eq, inArray } from 'drizzle-orm'

// What a shop's statement lines are about (docs/decisions/0031-vendor-statements.md): the ledger's references
// (a payment, a vendor part, a refund, a payout) read back as the order number, the refund's cause and the payout's
// number and receipt. Read only; each read is limited to the shop's own records.

export interface ReferenceFacts {
  /** Payment id → its order's number. */
  payments: Map<number, string>
  /** Vendor part id → its order's number. */
  parts: Map<number, string>
  refunds: Map<number, { orderNumber: string; cause: string }>
  payouts: Map<number, { method: string; phone: string | null; receipt: string | null; reference: string }>
}

export async function referenceFacts(
  db: Db,
  shopId: number,
  ids: { payments: number[]; parts: number[]; refunds: number[]; payouts: number[] },
): Promise<ReferenceFacts> {
  const [paymentRows, partRows, refundRows, payoutRows] = await Promise.all([
    ids.payments.length === 0
      ? []
      : db
          .select({ id: payments.id, order_number: orders.orderNumber })
          .from(payments)
          .innerJoin(orders, eq(orders.id, payments.orderId))
          .where(inArray(payments.id, ids.payments)),
    ids.parts.length === 0
      ? []
      : db
          .select({ id: vendorOrders.id, order_number: orders.orderNumber })
          .from(vendorOrders)
          .innerJoin(orders, eq(orders.id, vendorOrders.orderId))
          .where(and(inArray(vendorOrders.id, ids.parts), eq(vendorOrders.businessId, shopId))),
    ids.refunds.length === 0
      ? []
      : db
          .select({ id: refunds.id, order_number: orders.orderNumber, cause: refunds.cause })
          .from(refunds)
          .innerJoin(vendorOrders, eq(vendorOrders.id, refunds.vendorOrderId))
          .innerJoin(orders, eq(orders.id, refunds.orderId))
          .where(and(inArray(refunds.id, ids.refunds), eq(vendorOrders.businessId, shopId))),
    ids.payouts.length === 0
      ? []
      : db
          .select({
            id: payouts.id,
            method: payouts.method,
            phone: payouts.phone,
            receipt: payouts.mpesaReceipt,
            reference: payouts.reference,
          })
          .from(payouts)
          .where(and(inArray(payouts.id, ids.payouts), eq(payouts.businessId, shopId))),
  ])
  return {
    payments: new Map(paymentRows.map((row) => [row.id, row.order_number])),
    parts: new Map(partRows.map((row) => [row.id, row.order_number])),
    refunds: new Map(refundRows.map((row) => [row.id, { orderNumber: row.order_number, cause: row.cause }])),
    payouts: new Map(payoutRows.map((row) => [row.id, row])),
  }
}
