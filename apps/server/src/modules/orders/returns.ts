import type { ReturnView } from '@soko/contract/returns'
import type { Db } from '@soko/db/client'
import { centsToKes } from '@soko/domain/money'
import {
  RETURN_STATE_LABELS,
  type ReturnMethod,
  type ReturnReason,
  type ReturnState,
  returnMethodLabel,
  returnReasonLabel,
} from '@soko/domain/return-states'
import * as repo from './return-repository.ts'

export type { NewReturn, ReturnMove, ReturnRow } from './return-repository.ts'

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString())

/** Returns of order lines (decision 0013), kept by the orders module: the rows, their lines, and their views. */
export class Returns {
  constructor(private readonly db: Db) {}

  lock(t: Db, id: number): Promise<repo.ReturnRow | null> {
    return repo.lockReturn(t, id)
  }

  ofOrder(db: Db, orderId: number): Promise<repo.ReturnRow[]> {
    return repo.returnsWhere(db, { orderId })
  }

  ofShop(businessId: number): Promise<repo.ReturnRow[]> {
    return repo.returnsWhere(this.db, { businessId })
  }

  /** What the order's refunded returns gave back already, in cents (a whole-order refund owes the rest). */
  refundedCents(t: Db, orderId: number): Promise<number> {
    return repo.refundedCents(t, orderId)
  }

  /** How many of each order line open or finished returns hold. */
  held(db: Db, orderId: number): Promise<Map<number, number>> {
    return repo.heldQuantities(db, orderId)
  }

  open(t: Db, input: repo.NewReturn): Promise<number> {
    return repo.insertReturn(t, input)
  }

  move(t: Db, id: number, move: repo.ReturnMove): Promise<void> {
    return repo.moveReturn(t, id, move)
  }

  /** The returns as both sides see them; `shopNames` by shop id. */
  async views(db: Db, rows: repo.ReturnRow[], shopNames: Map<number, string>): Promise<ReturnView[]> {
    const lines = await repo.linesOf(
      db,
      rows.map((row) => row.id),
    )
    return rows.map((row) => ({
      id: row.id,
      orderNumber: row.order_number,
      partId: row.vendor_order_id,
      shopName: shopNames.get(row.business_id) ?? '',
      state: row.state as ReturnState,
      stateLabel: RETURN_STATE_LABELS[row.state as ReturnState],
      method: row.method as ReturnMethod | null,
      methodLabel: returnMethodLabel(row.method),
      refusalReason: row.refusal_reason,
      amount: centsToKes(row.amount_cents),
      requestedAt: row.created_at.toISOString(),
      acceptedAt: iso(row.accepted_at),
      refusedAt: iso(row.refused_at),
      receivedAt: iso(row.received_at),
      refundedAt: iso(row.refunded_at),
      lines: lines
        .filter((line) => line.return_id === row.id)
        .map((line) => ({
          itemId: line.order_item_id,
          name: line.product_name,
          quantity: line.quantity,
          reason: line.reason as ReturnReason,
          reasonLabel: returnReasonLabel(line.reason),
          note: line.note,
        })),
    }))
  }
}
