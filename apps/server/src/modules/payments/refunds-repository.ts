import type { Db } from '@soko/db/client'
import { refunds } from '@soko/db/schema/payments'
import type { RowOf } from '@soko/db/typed-sql'
import type { RefundState } from '@soko/domain/refund-states'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'

// SQL of refunds (money owed back to a shopper per vendor part, and how it is sent back).

const refundShape = {
  id: refunds.id,
  payment_id: refunds.paymentId,
  order_id: refunds.orderId,
  vendor_order_id: refunds.vendorOrderId,
  cause: refunds.cause,
  method: refunds.method,
  state: refunds.state,
  amount_cents: refunds.amountCents,
  phone: refunds.phone,
  originator_id: refunds.originatorId,
  conversation_id: refunds.conversationId,
  provider_reference: refunds.providerReference,
  result_code: refunds.resultCode,
  result_desc: refunds.resultDesc,
  attempts: refunds.attempts,
  sent_at: refunds.sentAt,
  created_at: refunds.createdAt,
  updated_at: refunds.updatedAt,
}

export type RefundRow = RowOf<typeof refundShape>

function refundsWhere(db: Db, where: ReturnType<typeof eq>, lock: boolean): Promise<RefundRow[]> {
  const query = db.select(refundShape).from(refunds).where(where).$dynamic()
  return lock ? query.for('update') : query
}

export async function refundById(db: Db, id: number, lock = false): Promise<RefundRow | null> {
  const [row] = await refundsWhere(db, eq(refunds.id, id), lock)
  return row ?? null
}

/** The refund sent with this originator id (B2C's OriginatorConversationID, or the card refund's key), locked. */
export async function refundByOriginator(db: Db, originatorId: string): Promise<RefundRow | null> {
  const [row] = await refundsWhere(db, eq(refunds.originatorId, originatorId), true)
  return row ?? null
}

/** The card refund the provider knows by this refund id, locked. */
export async function cardRefundByProviderId(db: Db, providerId: string): Promise<RefundRow | null> {
  const [row] = await refundsWhere(
    db,
    and(eq(refunds.method, 'credit-card'), eq(refunds.providerReference, providerId)) as ReturnType<typeof eq>,
    true,
  )
  return row ?? null
}

/** The refunds of these orders, oldest first. */
export function refundsOfOrders(db: Db, orderIds: number[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return Promise.resolve([])
  return db
    .select(refundShape)
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
}

export interface RefundUpdate {
  state?: RefundState
  originatorId?: string
  conversationId?: string | null
  providerReference?: string | null
  resultCode?: number | null
  resultDesc?: string | null
  /** Counts one more handing to the provider. */
  addAttempt?: boolean
  /** Stamps sent_at (with state 'sent'). */
  sent?: boolean
}

export async function updateRefund(db: Db, id: number, update: RefundUpdate): Promise<void> {
  const { addAttempt, sent, ...columns } = update
  await db
    .update(refunds)
    .set({
      ...columns,
      updatedAt: sql`now()`,
      ...(addAttempt ? { attempts: sql`${refunds.attempts} + 1` } : {}),
      ...(sent ? { sentAt: sql`now()` } : {}),
    })
    .where(eq(refunds.id, id))
}
